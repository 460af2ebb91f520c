import Foundation
import XCTest
import Yams

/// deploy/: the Kubernetes manifest and the Slurm script that split a render across
/// machines. Their fields are read with Yams; their shell scripts are run here, on this
/// machine, with the built `flipbook`, as the cluster would run them.
final class DeployTests: CLITestCase {
    private var manifestPath: URL { root.appendingPathComponent("deploy/kubernetes/render-job.yaml") }

    /// The manifest's documents, decoded.
    private func manifest() throws -> [Manifest] {
        let text = try String(contentsOf: manifestPath, encoding: .utf8)
        return try Yams.compose_all(yaml: text).map { try YAMLDecoder().decode(Manifest.self, from: $0) }
    }

    func testTheManifestIsAnIndexedRenderJobAndAJoinJobOnOneVolume() throws {
        let documents = try manifest()

        let jobs = documents.filter { $0.kind == "Job" }
        let render = try XCTUnwrap(jobs.first { $0.spec?.completionMode == "Indexed" }, "no Indexed Job")
        let join = try XCTUnwrap(jobs.first { $0.metadata.name != render.metadata.name }, "no join Job")
        let claim = try XCTUnwrap(documents.first { $0.kind == "PersistentVolumeClaim" }, "no volume claim")
        let renderPod = try XCTUnwrap(render.spec?.template?.spec), joinPod = try XCTUnwrap(join.spec?.template?.spec)
        let renderer = try XCTUnwrap(renderPod.containers.first), joiner = try XCTUnwrap(joinPod.containers.first)
        let completions = try XCTUnwrap(render.spec?.completions)

        XCTAssertEqual(documents.map(\.apiVersion), ["v1", "batch/v1", "batch/v1"])
        XCTAssertEqual(renderer.image, "flipbook:latest")
        XCTAssertEqual(joiner.image, "flipbook:latest")
        XCTAssertTrue(renderer.script.contains("flipbook render"), renderer.script)
        XCTAssertTrue(renderer.script.contains("--shard \"$JOB_COMPLETION_INDEX/$SHARDS\""), renderer.script)
        XCTAssertTrue(joiner.script.contains("flipbook join"), joiner.script)
        XCTAssertEqual(renderer.environment["SHARDS"], String(completions), "the shard count is the number of completions")
        XCTAssertEqual(joiner.environment["SHARDS"], String(completions), "the join waits for every shard")
        XCTAssertEqual(joiner.environment["NAME"], renderer.environment["NAME"])
        XCTAssertEqual(joiner.environment["OUT"], renderer.environment["OUT"])
        XCTAssertTrue((1...completions).contains(render.spec?.parallelism ?? 0))
        XCTAssertNil(join.spec?.completionMode)
        for pod in [renderPod, joinPod] {
            XCTAssertEqual(pod.restartPolicy, "Never")
            XCTAssertEqual(pod.volumes.compactMap(\.persistentVolumeClaim?.claimName), [claim.metadata.name])
        }
    }

    func testTheJobsScriptsRenderEveryShardAndJoinThemIntoTheWholeRender() throws {
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests") }
        let documents = try manifest()
        let jobs = documents.filter { $0.kind == "Job" }
        let render = try XCTUnwrap(jobs.first { $0.spec?.completionMode == "Indexed" }?.spec)
        let joiner = try XCTUnwrap(jobs.first { $0.spec?.completionMode == nil }?.spec?.template?.spec.containers.first)
        let renderer = try XCTUnwrap(render.template?.spec.containers.first)
        let scene = try writeTinyScene()
        let out = work.appendingPathComponent("volume/out")
        // The pods' environment, with this machine's scene, volume and flipbook.
        func environment(_ container: Manifest.Container, _ extra: [String: String] = [:]) -> [String] {
            let path = URL(fileURLWithPath: binary).deletingLastPathComponent().path + ":/usr/bin:/bin"
            return container.environment.merging(["SCENE": scene, "NAME": "tiny", "OUT": out.path, "PATH": path]
                                                 .merging(extra) { $1 }) { $1 }.map { "\($0)=\($1)" }.sorted()
        }
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)

        let pods = try (0..<(render.completions ?? 0)).map { index in
            try run("/usr/bin/env", ["-i"] + environment(renderer, ["JOB_COMPLETION_INDEX": "\(index)"])
                    + ["/bin/sh", "-c", renderer.script])
        }
        let join = try run("/usr/bin/env", ["-i"] + environment(joiner) + ["/bin/sh", "-c", joiner.script])

        for pod in pods + [join] { XCTAssertEqual(pod.status, 0, pod.err) }
        XCTAssertEqual(pods.count, 4)
        let joined = out.appendingPathComponent("tiny.mp4").path
        XCTAssertEqual(join.out, "\(joined)\n")
        XCTAssertEqual(try frameCount(joined), 11, "every frame of the scene, once")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".done") }, [],
                       "the join clears the markers for the next run")
    }

    func testTheSlurmArrayRendersShardsAndQueuesTheJoinAfterThem() throws {
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests") }
        let script = root.appendingPathComponent("deploy/slurm/render.sbatch").path
        let text = try String(contentsOfFile: script, encoding: .utf8)
        let scene = try writeTinyScene()
        // Slurm is not here: a stand-in `sbatch` only records what task 0 asks it to queue.
        let bin = work.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let queued = work.appendingPathComponent("queued.txt")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(queued.path)'\n".write(to: bin.appendingPathComponent("sbatch"),
                                                                     atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("sbatch").path)

        let tasks = try (0..<3).map { task in
            try run("/usr/bin/env", ["-C", work.path, "SLURM_ARRAY_JOB_ID=77", "SLURM_ARRAY_TASK_ID=\(task)",
                                     "SLURM_ARRAY_TASK_COUNT=3", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=2",
                                     "FLIPBOOK=\(binary)", "PATH=\(bin.path):/usr/bin:/bin", "bash", script, scene])
        }
        let request = try String(contentsOf: queued, encoding: .utf8).split(separator: "\n").map(String.init)
        let wrapped = try XCTUnwrap(request.first { $0.hasPrefix("--wrap=") }?.dropFirst("--wrap=".count))
        let join = try run("/usr/bin/env", ["-C", work.path, "bash", "-c", String(wrapped)])

        XCTAssertTrue(text.contains("#SBATCH --array=0-"), "an array job")
        for task in tasks + [join] { XCTAssertEqual(task.status, 0, task.err) }
        XCTAssertTrue(request.contains("--dependency=afterok:77"), "the join waits for the whole array: \(request)")
        XCTAssertEqual(try frameCount(work.appendingPathComponent("out/tiny.mp4").path), 11)
        XCTAssertEqual(try frameCount(work.appendingPathComponent("out/tiny.shard-1-of-3.mp4").path), 4)
    }

    /// An 11-frame scene (1 s at 10 fps) of a box sliding across: tiny.yaml.
    private func writeTinyScene() throws -> String {
        try writeScene("tiny.yaml", """
            flipbook: 1
            canvas: {size: [32, 24], fps: 10, duration: 1}
            views: [{id: box, frame: [0, 0, 8, 8], backgroundColor: systemGreen}]
            timeline: [{at: 0, do: [{animate: {duration: 1, do: [{set: {target: box, center: [24, 16]}}]}}]}]
            """)
    }

    /// The frames in a video, counted by ffprobe.
    private func frameCount(_ video: String) throws -> Int? {
        let probe = try run("/usr/bin/env", ["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets",
                                             "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", video])
        XCTAssertEqual(probe.status, 0, probe.err)
        return Int(probe.out.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// The fields of a Kubernetes object these tests read.
private struct Manifest: Decodable {
    struct Metadata: Decodable { let name: String }
    struct Spec: Decodable {
        let completionMode: String?
        let completions: Int?
        let parallelism: Int?
        let template: Template?
    }
    struct Template: Decodable { let spec: PodSpec }
    struct PodSpec: Decodable {
        let restartPolicy: String
        let containers: [Container]
        let volumes: [Volume]
    }
    struct Container: Decodable {
        struct Variable: Decodable {
            let name: String
            let value: String
        }
        let image: String
        let command: [String]
        let args: [String]
        let env: [Variable]

        /// The shell script the container runs (`sh -c SCRIPT`).
        var script: String { command == ["/bin/sh", "-c"] ? args.joined(separator: " ") : "" }
        var environment: [String: String] { Dictionary(env.map { ($0.name, $0.value) }) { $1 } }
    }
    struct Volume: Decodable {
        struct Claim: Decodable { let claimName: String }
        let name: String
        let persistentVolumeClaim: Claim?
    }

    let apiVersion: String
    let kind: String
    let metadata: Metadata
    let spec: Spec?
}
