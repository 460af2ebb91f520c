import Foundation

/// One scene's failed frames, kept at `<failureDirectory>/<scene>/failures.json` so that
/// `index.html` can show every scene checked into the same failure directory, whichever
/// was checked last.
struct SceneFailures: Codable, Equatable {
    struct Frame: Codable, Equatable {
        var index: Int
        /// `1234 pixels differ by more than 2 (allowed 0), max difference 255`.
        var summary: String
        /// Paths relative to the failure directory.
        var expected: String
        var actual: String
        var diff: String
    }

    var scene: String
    var environmentMismatch: String?
    var frames: [Frame]
}

/// `<failureDirectory>/index.html`: every failed frame's expected, actual and diff
/// images side by side, with its counts and the threshold used.
enum GoldenHTMLReport {
    static let indexName = "index.html"
    static let recordName = "failures.json"

    /// Saves `failures` (when there are any) and rewrites `index.html` from the records
    /// of every scene in `failureDirectory`, or removes it when no scene has failures.
    ///
    /// The scene's earlier record must already be removed.
    /// - Returns: the report, or `nil` when no scene has failures.
    /// - Throws: `GoldenError` naming the file that could not be written.
    static func update(failureDirectory: URL, with failures: SceneFailures?) throws -> URL? {
        if let failures, !failures.frames.isEmpty {
            let url = failureDirectory.appendingPathComponent(failures.scene).appendingPathComponent(recordName)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try writeFile(encoder.encode(failures), to: url)
        }

        let scenes = recordedScenes(in: failureDirectory)
        let index = failureDirectory.appendingPathComponent(indexName)
        guard !scenes.isEmpty else {
            try? FileManager.default.removeItem(at: index)
            return nil
        }
        try writeFile(Data(html(scenes).utf8), to: index)
        return index
    }

    /// Every readable `failures.json` under `failureDirectory`, sorted by scene. A
    /// record that does not decode (left by another version) is skipped.
    static func recordedScenes(in failureDirectory: URL) -> [SceneFailures] {
        guard let files = FileManager.default.enumerator(at: failureDirectory, includingPropertiesForKeys: nil)
        else { return [] }
        var scenes: [SceneFailures] = []
        for case let url as URL in files where url.lastPathComponent == recordName {
            if let data = try? Data(contentsOf: url),
               let scene = try? JSONDecoder().decode(SceneFailures.self, from: data) {
                scenes.append(scene)
            }
        }
        return scenes.sorted { $0.scene < $1.scene }
    }

    static func html(_ scenes: [SceneFailures]) -> String {
        let frameCount = scenes.reduce(0) { $0 + $1.frames.count }
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Golden failures</title>
            <style>
            body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
            .note { background: #fff4d6; padding: 0.5em 1em; }
            .frame { display: flex; gap: 1em; align-items: flex-start; }
            figure { margin: 0; }
            figcaption { font-size: 0.9em; color: #555; }
            img { max-width: 32vw; image-rendering: pixelated; border: 1px solid #ccc;
                  background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
            </style>
            </head>
            <body>
            <h1>Golden failures</h1>
            <p>\(frameCount) \(frameCount == 1 ? "frame" : "frames") failed in \(scenes.count) \
            \(scenes.count == 1 ? "scene" : "scenes"). Red in the diff marks differing pixels.</p>

            """
        for scene in scenes {
            html += "<section>\n<h2>\(escape(scene.scene))</h2>\n"
            if let note = scene.environmentMismatch {
                html += "<p class=\"note\">\(escape(note))</p>\n"
            }
            for frame in scene.frames {
                html += "<h3>frame \(frame.index)</h3>\n<p>\(escape(frame.summary))</p>\n<div class=\"frame\">\n"
                for (caption, path) in [("expected", frame.expected), ("actual", frame.actual), ("diff", frame.diff)] {
                    html += "<figure><a href=\"\(link(path))\"><img src=\"\(link(path))\" alt=\"\(caption)\"></a>"
                        + "<figcaption>\(caption)</figcaption></figure>\n"
                }
                html += "</div>\n"
            }
            html += "</section>\n"
        }
        return html + "</body>\n</html>\n"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A relative path as an attribute value: percent-encoded, then HTML-escaped.
    private static func link(_ path: String) -> String {
        escape(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
    }

    private static func writeFile(_ data: Data, to url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw GoldenError("cannot write the failure report: \(error.localizedDescription)", path: url.path)
        }
    }
}
