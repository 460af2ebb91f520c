import Foundation
import XCTest

/// deploy/slurm/ on a real Slurm cluster: slurmctld, slurmd and munge started on this
/// machine by deploy/slurm/local-cluster.sh (one node of this machine's CPUs), the sbatch
/// scripts submitted as deploy/README.md tells a user to, and what they make compared with
/// one render or one check on this machine.
final class SlurmClusterTests: CLITestCase {
    /// The cluster's folder, shared by the tests of this class; nil when Slurm is not installed.
    nonisolated(unsafe) private static var cluster: URL?
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("deploy/slurm")

    /// Slurm's daemons, munge and sbatch are on PATH (Debian puts the daemons in /usr/sbin).
    private static var slurmInstalled: Bool {
        ["slurmctld", "slurmd", "munged", "sbatch"].allSatisfy { onPath($0) != nil }
    }

    override class func setUp() {
        super.setUp()
        guard Self.slurmInstalled else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-slurm-\(UUID())")
        let start = Process.output(of: script.appendingPathComponent("local-cluster.sh").path, ["start", folder.path])
        if start.status == 0 { cluster = folder } else { print("local-cluster.sh start failed: \(start.output)") }
    }

    override class func tearDown() {
        if let cluster {
            _ = Process.output(of: script.appendingPathComponent("local-cluster.sh").path, ["stop", cluster.path])
            let daemons = ["slurmd.pid", "slurmctld.pid", "munge/munged.pid"].compactMap {
                try? String(contentsOf: cluster.appendingPathComponent($0), encoding: .utf8)
            }
            for pid in daemons.compactMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) where kill(pid, 0) == 0 {
                print("SlurmClusterTests: daemon \(pid) still running after local-cluster.sh stop")
                kill(pid, SIGKILL)
            }
            try? FileManager.default.removeItem(at: cluster)
        }
        super.tearDown()
    }

    private var slurmConf: String {
        get throws {
            guard Self.slurmInstalled else {
                throw XCTSkip("Slurm is not installed (Debian's slurm-wlm and munge; scripts/install-test-deps.sh)")
            }
            guard let cluster = Self.cluster else {
                XCTFail("the local Slurm cluster did not start")
                throw XCTSkip("no cluster")
            }
            return cluster.appendingPathComponent("slurm.conf").path
        }
    }

    /// Runs `command` in the scratch folder with the cluster's and flipbook's variables set.
    @discardableResult
    private func onCluster(_ command: [String], _ variables: [String] = []) throws -> (status: Int32, out: String, err: String) {
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests") }
        return try run("/usr/bin/env", ["-C", work.path, "SLURM_CONF=\(try slurmConf)", "FLIPBOOK=\(binary)"]
                                        + variables + command)
    }

    /// Waits until the cluster has no job left, queued or running (the tests run one at a time).
    private func waitForJobs(seconds: Int = 300) throws {
        for _ in 0..<(seconds * 4) {
            // A busy controller can fail to answer: only an answer with no job is the end.
            let queue = try onCluster(["squeue", "-h", "-o", "%i %j %T %r"])
            if queue.status == 0 && queue.out.isEmpty { return }
            usleep(250_000)
        }
        XCTFail("jobs still queued after \(seconds) s:\n" + (try onCluster(["squeue"]).out) + logs())
    }

    /// Every job log in the scratch folder, for failure messages.
    private func logs() -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []
        return names.filter { $0.hasSuffix(".log") }.sorted().map { name in
            "== \(name)\n" + ((try? String(contentsOf: work.appendingPathComponent(name), encoding: .utf8)) ?? "")
        }.joined()
    }

    /// A 2 s, 10 fps scene of a box sliding across: 21 frames.
    private func writeSlide() throws {
        _ = try writeScene("slide.yaml", """
            flipbook: 1
            canvas: {size: [64, 48], fps: 10, duration: 2}
            views: [{id: box, frame: [0, 0, 8, 8], backgroundColor: systemGreen}]
            timeline: [{at: 0, do: [{animate: {duration: 2, do: [{set: {target: box, center: [56, 40]}}]}}]}]
            """)
    }

    /// The decoded frames of a video, one line each: timestamp, duration, size and MD5.
    private func frameHashes(_ video: String) throws -> [String] {
        let hashes = try run("/usr/bin/env", ["ffmpeg", "-v", "error", "-i", work.appendingPathComponent(video).path,
                                              "-f", "framemd5", "-"])
        XCTAssertEqual(hashes.status, 0, hashes.err)
        return hashes.out.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    func testAnArrayJobRendersShardsAndItsJoinIsTheSingleRenderFrameForFrame() throws {
        try writeSlide()

        let submit = try onCluster(["sbatch", "--array=0-2", Self.script.appendingPathComponent("render.sbatch").path,
                                    "slide.yaml", "mp4", "--crf", "0"])
        XCTAssertEqual(submit.status, 0, submit.err)
        try waitForJobs()
        let single = try flipbook(["render", work.appendingPathComponent("slide.yaml").path, "--format", "mp4",
                                   "--crf", "0", "--progress", "none", "-o", work.appendingPathComponent("single.mp4").path])

        XCTAssertEqual(single.status, 0, single.err)
        let joined = try frameHashes("out/slide.mp4"), whole = try frameHashes("single.mp4")
        XCTAssertEqual(joined.count, 21, logs())
        XCTAssertEqual(joined, whole, "the joined shards decode to the single render's frames, at its timestamps")
        XCTAssertEqual(try frameHashes("out/slide.shard-1-of-3.mp4").count, 7)
    }

    func testPNGShardsFillOneFolderWithTheSingleRendersBytes() throws {
        try writeSlide()

        let submit = try onCluster(["sbatch", "--array=0-3", Self.script.appendingPathComponent("render.sbatch").path,
                                    "slide.yaml", "png"])
        XCTAssertEqual(submit.status, 0, submit.err)
        try waitForJobs()
        let single = try flipbook(["render", work.appendingPathComponent("slide.yaml").path, "--format", "png",
                                   "--progress", "none", "-o", work.appendingPathComponent("single").path])

        XCTAssertEqual(single.status, 0, single.err)
        let sharded = work.appendingPathComponent("out/slide"), whole = work.appendingPathComponent("single")
        let frames = try FileManager.default.contentsOfDirectory(atPath: whole.path).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(frames.count, 21)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sharded.path).filter { $0.hasSuffix(".png") }.sorted(),
                       frames, logs())
        for frame in frames {
            XCTAssertEqual(try Data(contentsOf: sharded.appendingPathComponent(frame)),
                           try Data(contentsOf: whole.appendingPathComponent(frame)), frame)
        }
        let manifest = try String(contentsOf: sharded.appendingPathComponent("flipbook-render.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"complete\" : true"), manifest)
    }

    func testAFailedShardIsTriedAgainWithItsIndexAndARerunReplacesOnlyItsOwnSegment() throws {
        try writeSlide()
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests") }
        // A flipbook whose first render of shard 1/3 fails, as a node's hiccup would.
        let flaky = work.appendingPathComponent("flaky-flipbook")
        try """
            #!/bin/bash
            case " $* " in
              *" --shard 1/3 "*) [ -e '\(work.path)/failed-once' ] || { touch '\(work.path)/failed-once'; exit 3; } ;;
            esac
            exec '\(binary)' "$@"

            """.write(to: flaky, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: flaky.path)
        let sbatch = Self.script.appendingPathComponent("render.sbatch").path

        XCTAssertEqual(try onCluster(["sbatch", "--array=0-2", sbatch, "slide.yaml", "mp4", "--crf", "0"],
                                     ["FLIPBOOK=\(flaky.path)"]).status, 0)
        try waitForJobs()
        let firstRun = try frameHashes("out/slide.mp4")
        let segments = (0..<3).map { work.appendingPathComponent("out/slide.shard-\($0)-of-3.mp4").path }
        let before = try segments.map { try FileManager.default.attributesOfItem(atPath: $0) }
        sleep(1)  // so that a rewritten file gets another modification time
        XCTAssertEqual(try onCluster(["sbatch", "--array=1", "--export=ALL,SHARDS=3", sbatch, "slide.yaml", "mp4",
                                      "--crf", "0"]).status, 0)
        try waitForJobs()
        let after = try segments.map { try FileManager.default.attributesOfItem(atPath: $0) }

        XCTAssertTrue(logs().contains("render.sbatch: shard 1/3 failed (attempt 1 of 3); trying again"), logs())
        XCTAssertEqual(firstRun.count, 21, logs())
        let modified = (0..<3).map { before[$0][.modificationDate] as? Date != after[$0][.modificationDate] as? Date }
        XCTAssertEqual(modified, [false, true, false], "the rerun of shard 1 rewrote its segment only")
        XCTAssertEqual(try frameHashes("out/slide.mp4"), firstRun, "and the join that followed it made the same video")
    }

    func testShardedGoldenChecksMergeIntoTheUnshardedReport() throws {
        // A project: three scenes with goldens, one of them changed since, so it fails.
        let scenes = work.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for (name, colour) in [("red", "red"), ("green", "green"), ("blue", "blue")] {
            _ = try writeScene("scenes/\(name).yaml", """
                flipbook: 1
                canvas: {size: [16, 16], fps: 10, duration: 0.5}
                golden: {frames: [0, last]}
                views: [{frame: [4, 4, 8, 8], backgroundColor: \(colour)}]

                """)
        }
        XCTAssertEqual(try onCluster([Self.binary!, "record"]).status, 0)
        _ = try writeScene("scenes/green.yaml", try String(contentsOf: scenes.appendingPathComponent("green.yaml"),
                                                           encoding: .utf8).replacingOccurrences(of: "green", with: "teal"))

        XCTAssertEqual(try onCluster(["sbatch", "--array=0-1", Self.script.appendingPathComponent("check.sbatch").path],
                                     ["CI=true"]).status, 0)
        try waitForJobs()
        let single = try onCluster([Self.binary!, "check", "--report-directory", "single", "--junit", "single.xml"],
                                   ["CI=true"])

        XCTAssertEqual(single.status, 1)
        let merged = try String(contentsOf: work.appendingPathComponent("out/golden-report/report.json"), encoding: .utf8)
        XCTAssertEqual(merged, try String(contentsOf: work.appendingPathComponent("single/report.json"), encoding: .utf8),
                       logs())
        XCTAssertTrue(merged.contains("\"failed\""), "the changed scene fails in the merged report too")
        XCTAssertTrue(logs().contains("golden: merged 2 shards: 2 passed, 1 failed"), logs())
        let junit = try String(contentsOf: work.appendingPathComponent("out/golden-junit.xml"), encoding: .utf8)
        XCTAssertEqual(junit.replacingOccurrences(of: "out/golden-report/", with: "single/"),
                       try String(contentsOf: work.appendingPathComponent("single.xml"), encoding: .utf8))
    }
}

private extension Process {
    /// Runs `executable` to its end; its exit status and everything it printed.
    ///
    /// Spawned and waited for directly: the script starts daemons, and Foundation's
    /// `Process.waitUntilExit` was seen never to return for it when called from a class's
    /// `setUp`, leaving the script a zombie.
    static func output(of executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-slurm-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { return (-1, "cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exit, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
