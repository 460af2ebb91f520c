import Foundation
import XCTest

/// A render stopped part-way (SIGINT, SIGTERM, ffmpeg dying) leaves nothing that looks
/// complete: no final video, no `*.partial.*` file, no log it does not need, no ffmpeg
/// still running; the exit status says what happened. A sheet of several scenes on worker
/// processes, stopped, leaves no worker running.
final class RenderInterruptTests: InterruptTestCase {
    /// A box crossing a 320×180 canvas for 60 s at 30 fps: 1801 frames, far more than a
    /// test waits for.
    private func longScene() throws -> String {
        try writeSlidingBox("long.yaml", size: (320, 180), fps: 30, seconds: 60, box: 40, end: (300, 160))
    }

    private func fileSize(_ url: URL) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    }

    private func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Starts an MP4 render of the long scene into `videos/<name>-<UUID>.mp4` and waits
    /// until ffmpeg has written some of the partial video.
    private func startVideoRender(named name: String) throws
        -> (render: Process, folder: URL, video: URL, partial: URL) {
        let scene = try longScene()
        let folder = work.appendingPathComponent("videos")
        let video = folder.appendingPathComponent("\(name)-\(UUID()).mp4")
        let partial = video.deletingPathExtension().appendingPathExtension("partial.mp4")
        let render = try start(["render", scene, "--format", "mp4", "-o", video.path, "--progress", "none"])
        try waitUntil("the partial video to grow") { fileSize(partial) > 0 && !processes(mentioning: partial.path).isEmpty }
        return (render, folder, video, partial)
    }

    private func stopsAVideoRender(signal: Int32, status: Int32, name: String) throws {
        let (render, folder, _, partial) = try startVideoRender(named: name)

        kill(render.processIdentifier, signal)
        let result = try finish(render)

        XCTAssertEqual(result.status, status, result.err)
        XCTAssertTrue(result.err.contains("stopped by \(name); no partial output is left"), result.err)
        XCTAssertEqual(files(in: folder), [], "no video, no partial video, no log")
        XCTAssertEqual(processes(mentioning: partial.path), [], "no ffmpeg left running")
    }

    func testSIGINTStopsAVideoRenderAndFFmpegAndExits130() throws {
        try stopsAVideoRender(signal: SIGINT, status: 130, name: "SIGINT")
    }

    func testSIGTERMStopsAVideoRenderAndFFmpegAndExits143() throws {
        try stopsAVideoRender(signal: SIGTERM, status: 143, name: "SIGTERM")
    }

    /// The process group of process `id` (field 5 of /proc/ID/stat, after the command in parentheses).
    private func processGroup(_ id: Int32) throws -> Int32 {
        let stat = try String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")
        return try XCTUnwrap(Int32(fields[2]))
    }

    func testCtrlCToFlipbooksProcessGroupReachesOnlyFlipbookWhichStopsFFmpeg() throws {
        // A terminal's Ctrl-C signals the whole foreground process group. The test's command
        // runs in a group of its own (Foundation's Process), so signalling that group is safe.
        let (render, folder, _, partial) = try startVideoRender(named: "group")
        let ffmpeg = try XCTUnwrap(processes(mentioning: partial.path).first)
        let group = try processGroup(render.processIdentifier)

        let ffmpegGroup = try processGroup(ffmpeg)
        kill(-group, SIGINT)
        let result = try finish(render)

        XCTAssertNotEqual(ffmpegGroup, group, "ffmpeg runs in a process group of its own")
        XCTAssertEqual(result.status, 130, result.err)
        XCTAssertTrue(result.err.contains("stopped by SIGINT; no partial output is left"), result.err)
        XCTAssertEqual(files(in: folder), [], "no video, no partial video, no log")
        XCTAssertEqual(processes(mentioning: partial.path), [], "flipbook stopped ffmpeg and waited for it")
    }

    /// A signal after ffmpeg has written the whole video but before flipbook has renamed it
    /// into place: ffmpeg here is the real one behind a script that then waits (an encoder
    /// flushing its last frames), marking the moment with a file.
    private func stopsARenderDuringTheFinalFlush(signal: Int32, status: Int32, name: String) throws {
        let flushed = work.appendingPathComponent("flushed")
        try wrapFFmpeg { real in "'\(real)' \"$@\" || exit $?\ntouch '\(flushed.path)'\nexec sleep 60\n" }
        let scene = try writeSlidingBox("short.yaml", size: (64, 36), fps: 10, seconds: 1, box: 8, end: (60, 30))
        let folder = work.appendingPathComponent("videos")
        let video = folder.appendingPathComponent("flush.mp4")
        let render = try start(["render", scene, "--format", "mp4", "-o", video.path, "--progress", "none"])
        try waitUntil("ffmpeg to write the whole video") { FileManager.default.fileExists(atPath: flushed.path) }

        kill(render.processIdentifier, signal)
        let result = try finish(render, seconds: 30)

        XCTAssertEqual(result.status, status, result.err)
        XCTAssertTrue(result.err.contains("stopped by \(name); no partial output is left"), result.err)
        XCTAssertEqual(files(in: folder), [], "no video although ffmpeg finished it, no partial video, no log")
    }

    /// Puts a shell script first on the PATH as `ffmpeg`: `body` given the real ffmpeg's path.
    private func wrapFFmpeg(_ body: (String) -> String) throws {
        let real = try XCTUnwrap((ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/ffmpeg" }.first(where: FileManager.default.isExecutableFile(atPath:)), "ffmpeg is not installed")
        let wrapper = work.appendingPathComponent("bin/ffmpeg")
        try FileManager.default.createDirectory(at: wrapper.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ("#!/bin/sh\n" + body(real)).write(to: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        environment["PATH"] = wrapper.deletingLastPathComponent().path + ":/usr/bin:/bin"
    }

    /// ffmpeg starts with SIGINT and SIGTERM at their default actions. flipbook ignores both
    /// until its watch of them is in place, and an ignored signal stays ignored across exec:
    /// an ffmpeg started in that moment (as soon as a short render begins) could not be
    /// stopped with SIGTERM, and a Ctrl-C during its final flush waited for it. A race, so
    /// many renders at once, which also loads the machine as when it was seen.
    func testFFmpegStartsWithSIGINTAndSIGTERMAtTheirDefaultActions() throws {
        let ignored = work.appendingPathComponent("ignored")
        try FileManager.default.createDirectory(at: ignored, withIntermediateDirectories: true)
        try wrapFFmpeg { real in "grep SigIgn /proc/$$/status > '\(ignored.path)/'$PPID\nexec '\(real)' \"$@\"\n" }
        let scene = try writeSlidingBox("short.yaml", size: (64, 36), fps: 10, seconds: 0.2, box: 8, end: (60, 30))

        for round in 1...3 {
            let renders = try (1...12).map { index in
                try start(["render", scene, "--format", "mp4", "-o", "out/\(round)-\(index).mp4", "--progress", "none"])
            }
            for render in renders { XCTAssertEqual(try finish(render).status, 0) }
        }
        let masks = try FileManager.default.contentsOfDirectory(atPath: ignored.path).map { name in
            let line = try String(contentsOf: ignored.appendingPathComponent(name), encoding: .utf8)
            return try XCTUnwrap(UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespacesAndNewlines),
                                        radix: 16), line)
        }
        XCTAssertEqual(masks.count, 36, "one ffmpeg a render")
        for (signal, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            XCTAssertEqual(masks.filter { $0 & (1 << UInt64(signal - 1)) != 0 }.count, 0, "ffmpegs started with \(name) ignored")
        }
    }

    func testSIGINTDuringTheFinalFlushLeavesNoVideoAndExits130() throws {
        try stopsARenderDuringTheFinalFlush(signal: SIGINT, status: 130, name: "SIGINT")
    }

    func testSIGTERMDuringTheFinalFlushLeavesNoVideoAndExits143() throws {
        try stopsARenderDuringTheFinalFlush(signal: SIGTERM, status: 143, name: "SIGTERM")
    }

    func testSIGINTStopsAPNGRenderLeavingOnlyWholeFrames() throws {
        let scene = try longScene()
        let folder = work.appendingPathComponent("frames")
        let render = try start(["render", scene, "-o", folder.path, "--progress", "none"])
        try waitUntil("some frames") { files(in: folder).filter { $0.hasPrefix("frame_") }.count >= 10 }

        kill(render.processIdentifier, SIGINT)
        let result = try finish(render)

        XCTAssertEqual(result.status, 130, result.err)
        XCTAssertTrue(result.err.contains("stopped by SIGINT; the frames written so far are kept (--resume renders the rest)"),
                      result.err)
        let frames = files(in: folder).filter { $0.hasPrefix("frame_") }
        XCTAssertLessThan(frames.count, 1801)
        XCTAssertEqual(files(in: folder), [".flipbook-render.lock", "flipbook-render.json"]
                       + (0..<frames.count).map { String(format: "frame_%05d.png", $0) },
                       "whole frames in order, no temporary files (the lock file shards take turns on stays)")
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("flipbook-render.json"), encoding: .utf8)
            .contains(#""complete" : false"#), "the manifest says the set is not complete")
    }

    func testResumeAfterAKilledPNGRenderGivesTheBytesOfAnUninterruptedOne() throws {
        let scene = try writeSlidingBox("medium.yaml", size: (320, 180), fps: 30, seconds: 4, box: 40, end: (300, 160))
        let whole = work.appendingPathComponent("whole"), resumed = work.appendingPathComponent("resumed")
        let manifest = resumed.appendingPathComponent("flipbook-render.json")
        let render = try start(["render", scene, "-o", resumed.path, "--progress", "none", "--jobs", "1"])
        try waitUntil("some frames") { files(in: resumed).filter { $0.hasPrefix("frame_") }.count >= 10 }
        kill(render.processIdentifier, SIGKILL)
        render.waitUntilExit()
        let left = files(in: resumed).filter { $0.hasPrefix("frame_") }.count
        let manifestAfterKill = try String(contentsOf: manifest, encoding: .utf8)

        let rest = try flipbook("render", scene, "-o", resumed.path, "--resume", "--progress", "none")
        let reference = try flipbook("render", scene, "-o", whole.path, "--progress", "none")

        XCTAssertLessThan(left, 121, "killed before the end")
        XCTAssertTrue(manifestAfterKill.contains(#""complete" : false"#), manifestAfterKill)
        XCTAssertEqual(rest.status, 0, rest.err)
        XCTAssertEqual(rest.err, "flipbook: \(resumed.path): \(left) of 121 frames already rendered; rendering the other \(121 - left)\n")
        XCTAssertEqual(reference.status, 0, reference.err)
        XCTAssertTrue(try String(contentsOf: manifest, encoding: .utf8).contains(#""complete" : true"#))
        XCTAssertEqual(files(in: resumed), files(in: whole))
        for name in files(in: whole) where name.hasPrefix("frame_") {
            XCTAssertEqual(try Data(contentsOf: resumed.appendingPathComponent(name)),
                           try Data(contentsOf: whole.appendingPathComponent(name)), name)
        }
    }

    func testFFmpegDyingMidStreamFailsWithTheCauseAndLeavesNoVideo() throws {
        let (render, folder, video, partial) = try startVideoRender(named: "dies")

        processes(mentioning: partial.path).forEach { kill($0, SIGKILL) }
        let result = try finish(render)

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.hasPrefix("flipbook: error: ffmpeg stopped taking frames at frame "), result.err)
        XCTAssertTrue(result.err.contains("(killed by signal 9) writing \(video.path)"), result.err)
        XCTAssertTrue(result.err.contains("no video was written"), result.err)
        XCTAssertEqual(files(in: folder), [], "no video, no partial video, no empty log")
    }

    func testAFailingFFmpegKeepsItsLogAndSaysWhere() throws {
        // An ffmpeg that reads a little, complains and fails, as one without libx264 would.
        let scene = try longScene()
        let fake = work.appendingPathComponent("bin/ffmpeg")
        try FileManager.default.createDirectory(at: fake.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "#!/bin/sh\nhead -c 100 >/dev/null\necho 'Unknown encoder libx264' >&2\nexit 1\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        environment["PATH"] = fake.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let folder = work.appendingPathComponent("videos")
        let video = folder.appendingPathComponent("x.mp4")

        let result = try flipbook("render", scene, "--format", "mp4", "-o", video.path, "--progress", "none")

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.hasPrefix("flipbook: error: ffmpeg stopped taking frames at frame 0 (exit 1) writing \(video.path): "
                                           + "Unknown encoder libx264\n(ffmpeg's whole log: \(video.path).ffmpeg.log); no video was written"),
                      result.err)
        XCTAssertEqual(files(in: folder), ["x.mp4.ffmpeg.log"])
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("x.mp4.ffmpeg.log"), encoding: .utf8),
                       "Unknown encoder libx264\n")
    }

    func testAMissingFFmpegSaysHowToGetIt() throws {
        let scene = try longScene()
        environment["PATH"] = work.path

        let result = try flipbook("render", scene, "--format", "mp4", "-o", work.appendingPathComponent("x.mp4").path)

        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.err, "flipbook: error: ffmpeg not found on PATH; install it (Debian: apt-get install ffmpeg) "
                       + "or render --format png\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("x.mp4").path))
    }

    /// Starts `sheet --jobs 2 --frames 0-` of `count` scenes `scenes/NAME-K.yaml` of a box
    /// moving for `seconds` at 100 fps, every frame shown, and waits until both workers run.
    private func startSheets(of count: Int, named name: String, seconds: Int)
        throws -> (sheets: Process, scenes: [String], workers: [Int32]) {
        let scenes = try (0..<count).map { index in
            try writeScene("scenes/\(name)-\(index).yaml", """
                flipbook: 1
                canvas: {size: [640, 360], fps: 100, duration: \(seconds)}
                views: [{id: box, frame: [0, 0, 40, 40], backgroundColor: systemBlue}]
                timeline: [{at: 0, do: [{animate: {duration: \(seconds), do: [{set: {target: box, center: [600, 320]}}]}}]}]
                """)
        }
        let sheets = try start(["sheet"] + scenes + ["--jobs", "2", "--frames", "0-"])
        var workers: [Int32] = []
        try waitUntil("both workers to start") {
            workers = processes(mentioning: "--worker").filter { processes(mentioning: scenes[count - 1]).contains($0) }
            return workers.count == 2
        }
        return (sheets, scenes, workers)
    }

    private func stopsSheetsOnWorkers(signal: Int32, status: Int32, name: String) throws {
        // Six scenes of 1,000 frames: far longer than the test waits.
        let (sheets, _, workers) = try startSheets(of: 6, named: "long", seconds: 10)

        kill(sheets.processIdentifier, signal)
        let result = try finish(sheets)

        XCTAssertEqual(result.status, status, result.err)
        XCTAssertTrue(result.err.hasSuffix("flipbook: sheet: stopped by \(name); the sheets written so far are kept\n"),
                      result.err)
        XCTAssertEqual(workers.filter { kill($0, 0) == 0 }, [], "no worker left running")
    }

    func testAWorkerKilledPartWayFailsNamingItsSceneAndTheOtherSheetsAreWritten() throws {
        // Four scenes of 300 frames: each takes a worker far longer than the test takes to
        // find the workers and kill one.
        let (sheets, scenes, workers) = try startSheets(of: 4, named: "part", seconds: 3)
        // What the worker to be killed would leave if killed while writing a sheet, and what
        // another process (pid 1) writing the same sheets at that moment has beside it.
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for index in 0..<4 {
            for writer in [workers[0], 1] {
                FileManager.default.createFile(
                    atPath: out.appendingPathComponent(".part-\(index)-sheet.png.\(writer).\(UUID()).tmp").path,
                    contents: Data("partial".utf8))
            }
        }

        kill(workers[0], SIGKILL)
        let result = try finish(sheets)

        XCTAssertEqual(result.status, 1, result.err)
        let killed = try XCTUnwrap(scenes.indices.first { result.err.contains("the process working on \(scenes[$0]) "
                                                                              + "was killed by signal 9 (Killed)") },
                                   "the error names the scene of the killed worker: \(result.err)")
        let written = files(in: out).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(written, (0..<4).filter { $0 != killed }.map { "part-\($0)-sheet.png" }.sorted(),
                       "every other scene's sheet is written, by the worker left")
        let temporaries = files(in: out).filter { $0.hasPrefix(".part-\(killed)-sheet.png.") }
        XCTAssertEqual(temporaries.count, 1, "of the killed worker's sheet, only another process's file is left: \(temporaries)")
        XCTAssertTrue(temporaries.allSatisfy { $0.hasPrefix(".part-\(killed)-sheet.png.1.") }, "\(temporaries)")
        XCTAssertEqual(workers.filter { kill($0, 0) == 0 }, [], "no worker left running")
    }

    func testSIGINTStopsSheetsOnWorkerProcessesAndTheWorkers() throws {
        try stopsSheetsOnWorkers(signal: SIGINT, status: 130, name: "SIGINT")
    }

    func testSIGTERMStopsSheetsOnWorkerProcessesAndTheWorkers() throws {
        try stopsSheetsOnWorkers(signal: SIGTERM, status: 143, name: "SIGTERM")
    }
}
