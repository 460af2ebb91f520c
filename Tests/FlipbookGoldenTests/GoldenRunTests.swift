import FlipbookGolden
import FlipbookOutput
import FlipbookRender
import Foundation
import Testing

/// A golden run over scene files, as `flipbook check` and `record` make it: record, then
/// pass, scenes that cannot load, unused goldens, the report page, runs that check nothing,
/// filmstrips of failed frames, the JUnit file.
@MainActor
@Suite struct GoldenRunTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-golden-run-\(UUID())")

    private func scene(_ name: String, _ yaml: String) throws -> String {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent(name)
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func run(_ files: [String], mode: GoldenRecordMode, failures: inout [String]) throws -> GoldenRun.Outcome {
        var log: [String] = []
        return try run(files, mode: mode, failures: &failures, log: &log)
    }

    private func run(_ files: [String], allScenes: Bool = true, mode: GoldenRecordMode, allowsEmpty: Bool = false,
                     junit: URL? = nil, failures: inout [String], log: inout [String]) throws -> GoldenRun.Outcome {
        let run = GoldenRun(goldenDirectory: root.appendingPathComponent("golden"),
                            reportDirectory: root.appendingPathComponent("report"), mode: mode, jobs: 2,
                            allowsEmpty: allowsEmpty, sceneDirectory: root.appendingPathComponent("scenes").path,
                            junitFile: junit)
        var lines: [String] = []
        defer { log += lines }
        return try run.run(files: files, allScenes: allScenes, log: { lines.append($0) },
                           sceneFailed: { failures.append("\($0)") })
    }

    /// A 16×16 scene of `fps` frames a second lasting `duration`, a square of `colour`
    /// moving right one point a frame, with `golden`.
    private func movingSquare(_ name: String = "box.yaml", colour: String = "'#ff0000'", fps: Int = 10,
                              duration: Double = 0.5, golden: String = "{frames: [0, last]}") throws -> String {
        try scene(name, """
            flipbook: 1
            canvas: {size: [16, 16], fps: \(fps), duration: \(duration)}
            layers: [{id: a, frame: [0, 4, 8, 8], backgroundColor: \(colour)}]
            golden: \(golden)
            timeline:
              - at: 0
                do:
                  - addAnimation: {layer: a, key: move, animation: {class: CABasicAnimation, keyPath: position.x,
                                   fromValue: 4, toValue: \(4 + Double(fps) * duration), duration: \(duration)}}
            """)
    }

    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    @Test func aMissingGoldenIsRecordedAndFailsThenTheNextRunPasses() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let box = try scene("box.yaml", """
            flipbook: 1
            canvas: {size: [16, 16], fps: 10, duration: 0.5}
            layers: [{id: a, frame: [2, 2, 8, 8], backgroundColor: red}]
            golden: {frames: [0, last]}
            """)
        var failures: [String] = []

        let first = try run([box], mode: .missing, failures: &failures)
        let second = try run([box], mode: .never, failures: &failures)

        #expect(first.failed == 1)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("golden/box/frame_00005.png").path))
        #expect(second.failed == 0)
        #expect(second.report.passed)
        #expect(second.reportPage.lastPathComponent == "index.html")
        #expect(FileManager.default.fileExists(atPath: second.reportPage.path))
        #expect(failures.isEmpty)
    }

    @Test func aRunCancelledBeforeItBeginsChecksNoSceneAndReportsEveryOneAsNotChecked() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [try movingSquare("a.yaml"), try movingSquare("b.yaml")]
        var run = GoldenRun(goldenDirectory: root.appendingPathComponent("golden"),
                            reportDirectory: root.appendingPathComponent("report"), mode: .missing, jobs: 2)
        run.cancellation = RenderCancellation()
        run.cancellation?.cancel(signal: SIGTERM)
        var failures: [String] = []

        let outcome = try run.run(files: files, allScenes: false, log: { _ in }, sceneFailed: { failures.append("\($0)") })

        #expect(outcome.stoppedBy == SIGTERM)
        #expect(outcome.notChecked == files)
        #expect(outcome.report.errors.map(\.message)
                == files.map { "\($0): error: the run was stopped before this scene was checked" })
        #expect(outcome.stopSummary == "no golden written; not checked: \(files[0]), \(files[1])")
        #expect(!exists("golden"))
        #expect(failures.isEmpty)
    }

    @Test func theStopSummaryNamesTheGoldensWrittenWithRunsOfFramesAsRanges() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let box = try movingSquare(golden: "{frames: [0, 1, 2, 3, 5]}")
        var failures: [String] = []

        let outcome = try run([box], mode: .missing, failures: &failures)

        #expect(outcome.stoppedBy == nil)
        #expect(outcome.stopSummary == "goldens written: box (frames 0–3, 5); every scene was checked")
    }

    @Test func aSceneThatCannotLoadIsReportedAndCountedAndUnusedGoldensAreFound() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let bad = try scene("bad.yaml", "flipbook: 1\ncanvas: {size: [16, 16]}\nlayers: [{id: a, frme: [0, 0, 1, 1]}]\n")
        let stray = root.appendingPathComponent("golden/gone")
        try FileManager.default.createDirectory(at: stray, withIntermediateDirectories: true)
        try Data([0]).write(to: stray.appendingPathComponent("frame_00000.png"))
        var failures: [String] = []

        let outcome = try run([bad], mode: .never, failures: &failures)

        #expect(outcome.failed == 1)
        #expect(outcome.report.errors.map(\.file) == [bad])
        #expect(failures.count == 1 && failures[0].contains("unknown key 'frme'"))
        #expect(outcome.report.unused.folders.map(\.lastPathComponent) == ["gone"])
    }

    @Test func theReportPageShowsAnErrorsSpecialCharactersAsText() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let bad = try scene("bad.yaml", "flipbook: 1\ncanvas: {size: [16, 16]}\nlayers: [{id: a, '<b>&\"x': 1}]\n")
        var failures: [String] = []

        _ = try run([bad], mode: .never, failures: &failures)

        #expect(failures.count == 1 && failures[0].contains("'<b>&\"x'"))
        let page = try String(contentsOf: root.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(page.contains("&apos;&lt;b&gt;&amp;&quot;x&apos;"))
        #expect(!page.contains("<b>&"))
    }

    // MARK: - Runs that check nothing

    @Test func aRunOverEverySceneThatFindsNoSceneFilesFailsNamingTheFolderAndLooksForNoUnusedGoldens() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("golden/hello"), withIntermediateDirectories: true)
        try Data([0]).write(to: root.appendingPathComponent("golden/hello/frame_00000.png"))
        var failures: [String] = [], log: [String] = []

        #expect(throws: GoldenError("no scenes with golden frames found under \(root.path)/scenes/ (there is no such folder "
                                    + "here); name scene files, or run in the project folder (use --allow-empty to allow "
                                    + "an empty run)")) {
            try run([], mode: .never, failures: &failures, log: &log)
        }
        #expect(log == ["golden: unused goldens not looked for: no scene with golden frames was found, "
                        + "so every golden would look unused"])
        let page = try String(contentsOf: root.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(page.contains("Nothing was checked: no scenes with golden frames found under"))
        #expect(!page.contains("hello"))
    }

    @Test func aRunOverEverySceneWhereNoneListsGoldenFramesFailsSayingHowManyItFound() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = try scene("plain.yaml", "flipbook: 1\ncanvas: {size: [16, 16], duration: 0.1}\n")
        var failures: [String] = [], log: [String] = []

        #expect(throws: GoldenError("no scenes with golden frames found under \(root.path)/scenes/ (its 1 scene file lists "
                                    + "none); add 'golden: {frames: [0, last]}' to a scene, or name scene files (use "
                                    + "--allow-empty to allow an empty run)")) {
            try run([plain], mode: .never, failures: &failures, log: &log)
        }
        #expect(failures.isEmpty)
    }

    @Test func aNamedSceneWithoutGoldenFramesIsAnErrorOfThatSceneAndTheOthersAreStillChecked() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = try scene("plain.yaml", "flipbook: 1\ncanvas: {size: [16, 16], duration: 0.1}\n")
        let box = try movingSquare()
        var failures: [String] = [], log: [String] = []

        let outcome = try run([plain, box], allScenes: false, mode: .missing, failures: &failures, log: &log)

        #expect(failures == ["\(plain): error: the scene lists no golden frames, so there is nothing to check; add "
                             + "'golden: {frames: [0, last]}' or leave the file out (--allow-empty skips it)"])
        #expect(outcome.report.errors.map(\.file) == [plain])
        #expect(outcome.report.scenes.map(\.scene) == ["box"])
        #expect(outcome.failed == 2, "plain has no golden frames; box's were recorded")
    }

    @Test func allowingAnEmptyRunSkipsNamedScenesWithoutGoldenFramesAndPasses() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = try scene("plain.yaml", "flipbook: 1\ncanvas: {size: [16, 16], duration: 0.1}\n")
        var failures: [String] = [], log: [String] = []

        let named = try run([plain], allScenes: false, mode: .never, allowsEmpty: true, failures: &failures, log: &log)
        let everything = try run([], mode: .never, allowsEmpty: true, failures: &failures, log: &log)

        #expect(named.failed == 0 && named.report.passed)
        #expect(everything.failed == 0 && everything.report.passed)
        #expect(log.first == "plain: skipped, \(plain) lists no golden frames")
        #expect(failures.isEmpty)
    }

    @Test func aSceneWhoseGoldenFrameListIsEmptyFailsToLoadAtTheList() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let box = try movingSquare(golden: "{frames: []}")
        var failures: [String] = [], log: [String] = []

        let outcome = try run([box], allScenes: false, mode: .never, failures: &failures, log: &log)

        #expect(outcome.failed == 1)
        #expect(failures == ["\(box):4:18: error: 'frames' must name at least one frame (a number or last): "
                             + "a golden check of no frames checks nothing"])
    }

    @Test func aRecordRunThatFindsNothingToRecordFailsToo() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let run = GoldenRun(goldenDirectory: root.appendingPathComponent("golden"),
                            reportDirectory: root.appendingPathComponent("report"), mode: .all, jobs: 1)

        #expect(throws: GoldenError.self) {
            try run.run(files: [], allScenes: true, recording: true, log: { _ in }, sceneFailed: { _ in })
        }
    }

    // MARK: - Filmstrips, times, files, JUnit

    @Test func aFailedFrameGetsAFilmstripOfTheActualFramesAroundItWithinTheRender() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var failures: [String] = [], log: [String] = []
        _ = try run([try movingSquare(colour: "'#ff0000'")], mode: .missing, failures: &failures, log: &log)
        let blue = try movingSquare(colour: "'#0000ff'")

        let outcome = try run([blue], mode: .never, failures: &failures, log: &log)

        let report = try #require(outcome.report.scenes.first)
        #expect(report.fps == 10)
        #expect(report.file == blue)
        #expect(report.frames.map { $0.filmstrip.map(\.index) } == [[0, 1, 2], [3, 4, 5]])
        for index in 0...5 {
            #expect(exists("report/box/frame_0000\(index).thumb.png"))
        }
        // The thumbnails are the actual frames: frame 3's square has moved 3 pixels right.
        let frame3 = try PNGCodec.read(path: root.appendingPathComponent("report/box/frame_00003.thumb.png").path)
        #expect(frame3.width == 16)
        #expect(frame3[3, 8] == RGBA8(0, 0, 255), "blue from x = 3")
        #expect(frame3[2, 8] == RGBA8(255, 255, 255), "white left of it")
    }

    @Test func aPassingRunRemovesTheThumbnailsOfAnEarlierFailingOne() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var failures: [String] = [], log: [String] = []
        _ = try run([try movingSquare(colour: "'#ff0000'")], mode: .missing, failures: &failures, log: &log)
        _ = try run([try movingSquare(colour: "'#0000ff'")], mode: .never, failures: &failures, log: &log)

        let passing = try run([try movingSquare(colour: "'#ff0000'")], mode: .never, failures: &failures, log: &log)

        #expect(passing.failed == 0)
        #expect(passing.report.scenes.first?.frames.allSatisfy(\.filmstrip.isEmpty) == true)
        #expect(!exists("report/box/frame_00000.thumb.png"))
    }

    @Test func framesWiderThanAThumbnailAreShrunkForTheFilmstrip() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let wide = """
            flipbook: 1
            canvas: {size: [320, 80], fps: 10, duration: 0.2, background: %@}
            golden: {frames: [1]}
            """
        var failures: [String] = [], log: [String] = []
        _ = try run([try scene("wide.yaml", wide.replacingOccurrences(of: "%@", with: "white"))],
                    mode: .missing, failures: &failures, log: &log)

        let outcome = try run([try scene("wide.yaml", wide.replacingOccurrences(of: "%@", with: "black"))],
                              mode: .never, failures: &failures, log: &log)

        #expect(outcome.report.scenes.first?.frames.first?.filmstrip.map(\.index) == [0, 1, 2])
        let thumbnail = try PNGCodec.read(path: root.appendingPathComponent("report/wide/frame_00001.thumb.png").path)
        #expect(thumbnail.width == 160 && thumbnail.height == 40)
    }

    /// Each thumbnail is a PNG of its own, never a sheet of them: failed frames whose
    /// thumbnails, one above another, would be taller than Cairo draws all get filmstrips.
    @Test func filmstripsOfManyTallFramesAreThumbnailsOfTheirOwnNotOneSheet() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let tall = """
            flipbook: 1
            canvas: {size: [170, 4000], fps: 10, duration: 1, background: %@}
            golden: {frames: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]}
            """
        var failures: [String] = [], log: [String] = []
        _ = try run([try scene("tall.yaml", tall.replacingOccurrences(of: "%@", with: "white"))],
                    mode: .missing, failures: &failures, log: &log)

        let outcome = try run([try scene("tall.yaml", tall.replacingOccurrences(of: "%@", with: "black"))],
                              mode: .never, failures: &failures, log: &log)

        let frames = try #require(outcome.report.scenes.first?.frames)
        #expect(frames.map { $0.filmstrip.count } == [3, 4, 5, 5, 5, 5, 5, 5, 5, 4])
        let thumbnails = fileNames(in: root.appendingPathComponent("report/tall")).filter { $0.hasSuffix(".thumb.png") }
        #expect(thumbnails.count == 11, "frames 0…10, the render's last one after the last golden")
        let thumbnail = try PNGCodec.read(path: root.appendingPathComponent("report/tall/frame_00010.thumb.png").path)
        #expect(thumbnail.width == 160 && thumbnail.height == 3765)
        #expect(thumbnails.count * thumbnail.height > ContactSheet.maximumSide, "a column of them would not fit")
    }

    @Test func theJUnitFileIsWrittenBesideThePageEvenWhenTheRunFails() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let junit = root.appendingPathComponent("ci/junit.xml")
        var failures: [String] = [], log: [String] = []

        let outcome = try run([try movingSquare()], mode: .missing, junit: junit, failures: &failures, log: &log)

        #expect(outcome.failed == 1)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<testcase classname=\"golden\" name=\"box\""))
        #expect(xml.contains("<failure type=\"recorded\" message=\"2 of 2 frames recorded\">"))
    }
}
