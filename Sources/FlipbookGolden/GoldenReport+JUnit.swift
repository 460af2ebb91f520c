import Foundation

/// The report as JUnit XML, the summary CI services read: one `testsuite` for the run,
/// one `testcase` per scene listing its frames, a `failure` for each scene whose frames
/// failed, are missing or (unless recording) were recorded, an `error` for each scene that
/// could not be checked and for a run that checked nothing.
extension GoldenReport {
    /// The JUnit XML document.
    ///
    /// A failure's message gives the counts (`1 of 2 frames failed`); its text has a line
    /// per frame that did not pass, with the paths of its diff image and of its place in
    /// the report page, `reportPage#scene-frame-30`. Paths are relative to the current
    /// directory when they lie inside it. `recording` runs count recorded frames as passed.
    public func junitXML(reportPage: URL, recording: Bool = false) -> String {
        var cases: [String] = []
        var failures = 0, errorCount = 0
        for scene in scenes {
            let problems = scene.frames.filter { !$0.outcome.passed && !(recording && $0.outcome.isRecorded) }
            var body = ""
            if !problems.isEmpty {
                failures += 1
                let lines = problems.map { frame in
                    Self.timedSummaryLine(frame, of: scene)
                        + "\nreport: \(displayPath(reportPage))#\(anchor(scene.scene, frame.index))"
                }
                let message = Self.problemCounts(problems, of: scene)
                body += "<failure type=\"\(failureType(problems))\" message=\"\(xml(message))\">"
                    + xml(lines.joined(separator: "\n"), inAttribute: false) + "</failure>\n"
            }
            let frames = scene.frames.map { Self.timedSummaryLine($0, of: scene) }
            body += "<system-out>" + xml(frames.joined(separator: "\n"), inAttribute: false) + "</system-out>\n"
            cases.append(testcase(name: scene.scene, file: scene.file, body: body))
        }
        for error in errors {
            errorCount += 1
            let body = "<error type=\"error\" message=\"\(xml(error.message))\">"
                + xml(error.message, inAttribute: false) + "</error>\n"
            cases.append(testcase(name: Self.sceneName(ofFile: error.file), file: error.file, body: body))
        }
        if let nothingChecked {
            errorCount += 1
            cases.append(testcase(name: "nothing checked", file: nil,
                                  body: "<error type=\"empty\" message=\"\(xml(nothingChecked))\"/>\n"))
        }
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errorCount)\""
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"flipbook golden\" \(counts)>\n"
            + "<testsuite name=\"golden\" \(counts) skipped=\"0\">\n"
            + "<properties><property name=\"report\" value=\"\(xml(displayPath(reportPage)))\"/></properties>\n"
            + cases.joined() + "</testsuite>\n</testsuites>\n"
    }

    /// Writes `junitXML` to `file`, creating its folder when needed.
    /// - Throws: `GoldenError` naming the file when it cannot be written.
    public func writeJUnit(to file: URL, reportPage: URL, recording: Bool = false) throws {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try Data(junitXML(reportPage: reportPage, recording: recording).utf8).write(to: file, options: .atomic)
        } catch {
            throw GoldenError("cannot write the JUnit file: \(error.localizedDescription)", path: file.path)
        }
    }

    private func testcase(name: String, file: String?, body: String) -> String {
        let fileAttribute = file.map { " file=\"\(xml(displayPath(URL(fileURLWithPath: $0))))\"" } ?? ""
        return "<testcase classname=\"golden\" name=\"\(xml(name))\"\(fileAttribute)>\n" + body + "</testcase>\n"
    }

    /// `failed`, `missing` or `recorded`: the first of them among `frames`.
    private func failureType(_ frames: [GoldenFrameReport]) -> String {
        let counts = OutcomeCounts(frames.map(\.outcome))
        return counts.failed > 0 ? "failed" : counts.missing > 0 ? "missing" : "recorded"
    }

    /// `1 of 2 frames failed`, `2 of 3 frames failed, 1 missing`.
    static func problemCounts(_ problems: [GoldenFrameReport], of scene: GoldenSceneReport) -> String {
        let counts = OutcomeCounts(problems.map(\.outcome))
        var parts: [String] = []
        for (count, word) in [(counts.failed, "failed"), (counts.missing, "missing"), (counts.recorded, "recorded")]
        where count > 0 {
            parts.append(parts.isEmpty ? "\(count) of \(counted(scene.frames.count, "frame")) \(word)" : "\(count) \(word)")
        }
        return parts.joined(separator: ", ")
    }

    /// `fade frame 30 (t = 1 s): FAILED …`: the summary line with the frame's time.
    static func timedSummaryLine(_ frame: GoldenFrameReport, of scene: GoldenSceneReport) -> String {
        let line = scene.summaryLine(frame)
        guard let time = scene.timeLabel(ofFrame: frame.index) else { return line }
        let prefix = "\(scene.scene) frame \(frame.index)"
        return prefix + " (\(time))" + line.dropFirst(prefix.count)
    }

    /// The scene name of a file that could not be loaded: its base name.
    static func sceneName(ofFile file: String) -> String {
        URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }
}

/// `text` as an XML attribute value or, with `inAttribute` false, character data: the
/// five special characters escaped, in attributes line breaks and tabs as character
/// references (so that parsers keep them), and the characters XML 1.0 does not allow
/// replaced by U+FFFD.
func xml(_ text: String, inAttribute: Bool = true) -> String {
    // Most text (names, numbers, paths) is printable ASCII without a special character.
    let needsWork = text.utf8.contains { byte in
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: byte < 0x20 || byte >= 0x7F
        }
    }
    guard needsWork else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\n" where inAttribute: out += "&#10;"
        case "\r": out += "&#13;"
        case "\t" where inAttribute: out += "&#9;"
        case "\n", "\t": out.unicodeScalars.append(scalar)
        default:
            let v = scalar.value
            let allowed = (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
            out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
        }
    }
    return out
}
