import FlipbookRender
import Foundation
import XCTest
import Yams

/// deploy/kubernetes/: the manifests that split a render and a golden check across pods.
/// They are validated against Kubernetes' OpenAPI schemas, their fields read with Yams,
/// and their pods' shell scripts run here, with the built `flipbook`, in the environment
/// Kubernetes gives an Indexed Job's pods. (deploy/slurm/ runs on a real Slurm cluster:
/// SlurmClusterTests.)
final class DeployTests: CLITestCase {
    /// A manifest's documents, decoded.
    private func manifest(_ name: String = "render-job.yaml") throws -> [Manifest] {
        let text = try String(contentsOf: root.appendingPathComponent("deploy/kubernetes/" + name), encoding: .utf8)
        return try Yams.compose_all(yaml: text).map { try YAMLDecoder().decode(Manifest.self, from: $0) }
    }

    /// The Indexed Job's container and the other Job's in a manifest.
    private func jobContainers(_ name: String) throws -> (indexed: Manifest.Container, after: Manifest.Container, count: Int) {
        let jobs = try manifest(name).filter { $0.kind == "Job" }
        let indexed = try XCTUnwrap(jobs.first { $0.spec?.completionMode == "Indexed" }?.spec)
        let after = try XCTUnwrap(jobs.first { $0.spec?.completionMode == nil }?.spec?.template?.spec.containers.first)
        return (try XCTUnwrap(indexed.template?.spec.containers.first), after, try XCTUnwrap(indexed.completions))
    }

    /// Runs a container's script as its pod would, with the manifest's environment but this
    /// machine's flipbook (or the one in `bin`), volume (`out`) and these `extra` variables.
    @discardableResult
    private func runPod(_ container: Manifest.Container, out: URL, bin: String? = nil,
                        _ extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests") }
        let path: [String?] = [bin, URL(fileURLWithPath: binary).deletingLastPathComponent().path, "/usr/bin", "/bin"]
        let variables = container.environment.merging(["OUT": out.path, "PATH": path.compactMap { $0 }.joined(separator: ":")]
                                                      .merging(extra) { $1 }) { $1 }
        return try run("/usr/bin/env", ["-i"] + variables.map { "\($0)=\($1)" }.sorted() + ["/bin/sh", "-c", container.script])
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
        let (renderer, joiner, completions) = try jobContainers("render-job.yaml")
        let scene = ["SCENE": try writeTinyScene(), "NAME": "tiny"]
        let out = work.appendingPathComponent("volume/out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)

        let pods = try (0..<completions).map { index in
            try runPod(renderer, out: out, scene.merging(["JOB_COMPLETION_INDEX": "\(index)"]) { $1 })
        }
        let join = try runPod(joiner, out: out, scene)

        for pod in pods + [join] { XCTAssertEqual(pod.status, 0, pod.err) }
        XCTAssertEqual(pods.count, 4)
        let joined = out.appendingPathComponent("tiny.mp4").path
        XCTAssertEqual(join.out, "\(joined)\n")
        XCTAssertEqual(try frameCount(joined), 11, "every frame of the scene, once")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".done") }, [],
                       "the join clears the markers for the next run")
    }

    func testARetriedIndexRendersItsOwnShardAgainAndAJoinMissingAShardNamesIt() throws {
        let (renderer, joiner, completions) = try jobContainers("render-job.yaml")
        let scene = ["SCENE": try writeTinyScene(), "NAME": "tiny"]
        let out = work.appendingPathComponent("volume/out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // A node where flipbook dies: the first try of index 1 fails there.
        let broken = work.appendingPathComponent("broken-node")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try "#!/bin/sh\nexit 137\n".write(to: broken.appendingPathComponent("flipbook"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: broken.appendingPathComponent("flipbook").path)
        func index(_ k: Int) -> [String: String] { scene.merging(["JOB_COMPLETION_INDEX": "\(k)"]) { $1 } }

        for k in [0, 2, 3] { XCTAssertEqual(try runPod(renderer, out: out, index(k)).status, 0) }
        let failed = try runPod(renderer, out: out, bin: broken.path, index(1))
        let early = try runPod(joiner, out: out, scene.merging(["WAIT_SECONDS": "1"]) { $1 })
        let joinedEarly = FileManager.default.fileExists(atPath: out.appendingPathComponent("tiny.mp4").path)
        let retried = try runPod(renderer, out: out, index(1))
        let join = try runPod(joiner, out: out, scene.merging(["WAIT_SECONDS": "1"]) { $1 })

        XCTAssertEqual(failed.status, 137, "the pod fails, so Kubernetes retries its index")
        XCTAssertNotEqual(early.status, 0, "a join without shard 1 fails")
        XCTAssertTrue(early.err.contains("shard 1 of 4 missing: render --shard 1/4 again"), early.err)
        XCTAssertFalse(joinedEarly, "no joined video before every shard is there")
        XCTAssertEqual(retried.status, 0, retried.err)
        XCTAssertEqual(join.status, 0, join.err)
        XCTAssertEqual(try frameCount(out.appendingPathComponent("tiny.mp4").path), 11)
        XCTAssertEqual(completions, 4)
    }

    func testTheCheckJobsShardTheScenesAndTheirMergeIsTheUnshardedReport() throws {
        let (checker, merger, completions) = try jobContainers("check-job.yaml")
        let project = work.appendingPathComponent("project"), out = work.appendingPathComponent("volume/out")
        for folder in [project.appendingPathComponent("scenes"), out] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for (name, colour) in [("one", "red"), ("two", "green"), ("three", "blue"), ("four", "black"), ("five", "gray")] {
            try """
                flipbook: 1
                canvas: {size: [16, 16], fps: 10, duration: 0.3}
                golden: {frames: [0, last]}
                views: [{frame: [4, 4, 8, 8], backgroundColor: \(colour)}]

                """.write(to: project.appendingPathComponent("scenes/\(name).yaml"), atomically: true, encoding: .utf8)
        }
        let inProject = { (arguments: [String]) in try self.run("/usr/bin/env", ["-C", project.path, "CI=true", Self.binary!] + arguments) }
        XCTAssertEqual(try inProject(["record"]).status, 0)
        let golden = project.appendingPathComponent("golden/two/frame_00000.png")
        try PNGCodec.write(Bitmap(width: 16, height: 16, filledWith: RGBA8(255, 255, 255)), to: golden.path)
        let whole = try inProject(["check", "--report-directory", work.appendingPathComponent("whole").path])
        let pods = try (0..<completions).map { k in
            try runPod(checker, out: out, ["PROJECT": project.path, "JOB_COMPLETION_INDEX": "\(k)"])
        }

        let merge = try runPod(merger, out: out, ["PROJECT": project.path, "WAIT_SECONDS": "5"])

        XCTAssertEqual(whole.status, 1, "scene two no longer matches its golden frame 0")
        XCTAssertEqual(pods.map(\.status), Array(repeating: 0, count: completions),
                       "a failing scene does not fail its pod: " + pods.map(\.err).joined())
        XCTAssertEqual(merge.status, 1, "the merge fails as the check does")
        XCTAssertTrue(merge.out.contains("golden: merged 4 shards: 4 passed, 1 failed"), merge.out + merge.err)
        XCTAssertEqual(try String(contentsOf: out.appendingPathComponent("golden-report/report.json"), encoding: .utf8),
                       try String(contentsOf: work.appendingPathComponent("whole/report.json"), encoding: .utf8))
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("golden-junit.xml").path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".done") }, [])
    }

    func testTheManifestsPassKubernetesSchemaValidationWhichCatchesAMistake() throws {
        let validator = root.appendingPathComponent(".build/test-tools/bin/kubernetes-validate").path
        guard FileManager.default.isExecutableFile(atPath: validator) else {
            throw XCTSkip("kubernetes-validate is not installed: run scripts/install-deps.sh --tests")
        }
        let manifests = ["render-job.yaml", "check-job.yaml"].map { root.appendingPathComponent("deploy/kubernetes/" + $0).path }
        let mistaken = work.appendingPathComponent("mistaken.yaml")
        try String(contentsOfFile: manifests[1], encoding: .utf8)
            .replacingOccurrences(of: "backoffLimitPerIndex: 2", with: "backoffLimitPerIndex: two")
            .write(to: mistaken, atomically: true, encoding: .utf8)

        let result = try run(validator, ["--strict"] + manifests)
        let caught = try run(validator, ["--strict", mistaken.path])

        XCTAssertEqual(result.status, 0, result.out + result.err)
        XCTAssertEqual((result.out + result.err).components(separatedBy: " passed for resource ").count - 1, 5, result.out)
        XCTAssertNotEqual(caught.status, 0)
        XCTAssertTrue((caught.out + caught.err).contains("backoffLimitPerIndex: 'two' is not of type 'integer'"),
                      caught.out + caught.err)
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
