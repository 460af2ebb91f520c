import Foundation
import XCTest

/// The same scene gives the same bytes however the render is split: over 1, 2 or 8 worker
/// threads, in shards, and in two renders running at once (architecture.md "Time": only
/// snapshots cross threads, nothing reads a wall clock).
final class RenderDeterminismTests: CLITestCase {
    /// 31 frames at 30 fps of what the workers share most: text through Pango, a blurred
    /// shadow, a gradient, a replicator and a card turning in perspective, all moving.
    private let yaml = """
        flipbook: 1
        canvas: {size: [160, 120], fps: 30, duration: 1, background: "#F2F2F7"}
        views:
          - {id: card, frame: [8, 8, 70, 44], backgroundColor: white,
             layer: {cornerRadius: 8, shadowOpacity: 0.4, shadowRadius: 6, shadowOffset: [0, 3]}}
          - {id: label, class: UILabel, frame: [10, 60, 140, 20], text: "Flipbook ✓ déjà vu", font: {size: 13},
             textAlignment: center}
        layers:
          - {id: sweep, class: CAGradientLayer, frame: [86, 8, 66, 44], colors: [systemBlue, systemPink],
             startPoint: [0, 0], endPoint: [1, 1]}
          - {id: ring, class: CAReplicatorLayer, frame: [10, 84, 32, 32], instanceCount: 8,
             instanceTransform: [{rotate: 45deg}], instanceDelay: 0.1}
          - {id: bar, superlayer: ring, frame: [14, 1, 4, 10], cornerRadius: 2, backgroundColor: systemIndigo}
          - {id: stage, frame: [60, 82, 90, 36], sublayerTransform: [{perspective: 200}]}
          - {id: turner, superlayer: stage, frame: [25, 3, 40, 30], backgroundColor: systemOrange, cornerRadius: 4}
        timeline:
          - at: 0
            do:
              - animate: {duration: 0.8, spring: {damping: 0.5}, do: [{set: {target: card, center: [60, 36], alpha: 0.7}}]}
              - animate: {duration: 1, do: [{set: {target: label, alpha: 0.3}}]}
              - addAnimation: {layer: sweep, key: colors, animation:
                  {class: CABasicAnimation, keyPath: colors, toValue: [systemGreen, systemYellow], duration: 1}}
              - addAnimation: {layer: bar, key: fade, animation:
                  {class: CABasicAnimation, keyPath: opacity, fromValue: 1, toValue: 0.1, duration: 0.8, repeatCount: infinity}}
              - addAnimation: {layer: turner, key: turn, animation:
                  {class: CABasicAnimation, keyPath: transform.rotation.y, fromValue: 0, toValue: 1turn, duration: 1}}
        """

    func testOneTwoAndEightWorkersWriteTheSameFramesAndVideo() throws {
        let scene = try writeScene("busy.yaml", yaml)

        let folders = try [1, 2, 8].map { jobs in
            let folder = work.appendingPathComponent("jobs-\(jobs)").path
            let result = try flipbook("render", scene, "-o", folder, "--jobs", "\(jobs)", "--progress", "none")
            XCTAssertEqual(result.status, 0, result.err)
            return folder
        }
        let videos = try [1, 8].map { jobs in
            let video = work.appendingPathComponent("jobs-\(jobs).mp4").path
            let result = try flipbook("render", scene, "--format", "mp4", "-o", video, "--jobs", "\(jobs)", "--progress", "none")
            XCTAssertEqual(result.status, 0, result.err)
            return try Data(contentsOf: URL(fileURLWithPath: video))
        }

        let expected = try frames(in: folders[0])
        XCTAssertEqual(expected.count, 31)
        XCTAssertGreaterThan(Set(expected.values).count, 25, "the frames compared are not all alike")
        for folder in folders.dropFirst() {
            XCTAssertTrue(try frames(in: folder) == expected, "\(folder) differs from the render on one worker")
        }
        XCTAssertTrue(videos[0] == videos[1], "the MP4 made on 8 workers differs from the one made on 1")
    }

    func testShardsOnEightWorkersWriteTheFramesOfOneRenderOnOneWorker() throws {
        let scene = try writeScene("busy.yaml", yaml)
        let whole = work.appendingPathComponent("whole").path, shards = work.appendingPathComponent("shards").path

        let one = try flipbook("render", scene, "-o", whole, "--jobs", "1", "--progress", "none")
        let parts = try [3, 0, 2, 1].map { shard in
            try flipbook("render", scene, "--shard", "\(shard)/4", "-o", shards, "--jobs", "8", "--progress", "none")
        }

        for result in [one] + parts { XCTAssertEqual(result.status, 0, result.err) }
        let expected = try frames(in: whole)
        XCTAssertEqual(expected.count, 31)
        XCTAssertTrue(try frames(in: shards) == expected, "the shards' frames differ from the render in one go")
    }

    func testTwoRendersAtOnceIntoDifferentFoldersWriteTheSameBytes() throws {
        let scene = try writeScene("busy.yaml", yaml)
        let reference = work.appendingPathComponent("reference").path
        let first = work.appendingPathComponent("first").path, second = work.appendingPathComponent("second").path

        let alone = try flipbook("render", scene, "-o", reference, "--jobs", "1", "--progress", "none")
        let together = try runAtOnce([
            ["render", scene, "-o", first, "--jobs", "4", "--progress", "none"],
            ["render", scene, "-o", second, "--jobs", "4", "--progress", "none"],
            ["render", scene, "--format", "mp4", "-o", first + ".mp4", "--jobs", "4", "--progress", "none"],
            ["render", scene, "--format", "mp4", "-o", second + ".mp4", "--jobs", "4", "--progress", "none"],
        ])

        XCTAssertEqual(alone.status, 0, alone.err)
        for result in together { XCTAssertEqual(result.status, 0, result.err) }
        let expected = try frames(in: reference)
        XCTAssertEqual(expected.count, 31)
        XCTAssertTrue(try frames(in: first) == expected, "the first of two renders at once differs from one alone")
        XCTAssertTrue(try frames(in: second) == expected, "the second of two renders at once differs from one alone")
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: first + ".mp4"))
                      == Data(contentsOf: URL(fileURLWithPath: second + ".mp4")), "two MP4s made at once differ")
    }

    /// The PNG frames in `folder` by name (the manifest beside them left out).
    private func frames(in folder: String) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("frame_") }
        return try Dictionary(uniqueKeysWithValues: names.map {
            ($0, try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent($0)))
        })
    }

    /// Starts `flipbook` with each of `commands` at the same time; waits for all of them.
    private func runAtOnce(_ commands: [[String]]) throws -> [(status: Int32, err: String)] {
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests") }
        let started = try commands.enumerated().map { index, arguments in
            let process = Process(), err = work.appendingPathComponent("stderr-\(index)")
            FileManager.default.createFile(atPath: err.path, contents: nil)
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
            process.standardError = try FileHandle(forWritingTo: err)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return (process, err)
        }
        return try started.map { process, err in
            process.waitUntilExit()
            return (process.terminationStatus, try String(contentsOf: err, encoding: .utf8))
        }
    }
}
