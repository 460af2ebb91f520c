import FlipbookRender
import Foundation
import XCTest

/// `flipbook check --shard K/N` and `flipbook report merge`: the shards' reports, merged,
/// are the report one unsharded check writes (counts, order, unused goldens, JUnit). And
/// `check` and `record`, which work on several scenes at once, write the same with any `--jobs`.
final class ShardedCheckTests: CLITestCase {
    /// A project in the scratch folder: five scenes under scenes/ (one passing, one failing,
    /// one broken, one without golden frames, one passing with an unused golden beside its
    /// own) and their goldens, with a golden folder no scene names.
    private func writeProject() throws {
        let scenes = work.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        func dot(_ colour: String, golden: Bool = true) -> String {
            """
            flipbook: 1
            canvas: {size: [20, 20], fps: 10, duration: 1, background: white}
            \(golden ? "golden: {frames: [0, 5, last]}" : "")
            views: [{id: dot, frame: [5, 5, 10, 10], backgroundColor: "\(colour)"}]
            timeline: [{at: 0, do: [{animate: {duration: 1, do: [{set: {target: dot, center: [12, 12]}}]}}]}]

            """
        }
        for (name, colour) in [("a", "#ff0000"), ("b", "#00ff00"), ("e", "#0000ff")] {
            _ = try writeScene("scenes/\(name).yaml", dot(colour))
        }
        _ = try writeScene("scenes/c.yaml", "flipbook: 1\ncanvas: {size: [20, 20]}\nviews: [{frame: [0, 0, 1]}]\n")
        _ = try writeScene("scenes/d.yaml", dot("#000000", golden: false))
        XCTAssertEqual(try inProject("record", "scenes/a.yaml", "scenes/b.yaml", "scenes/e.yaml").status, 0)
        _ = try writeScene("scenes/b.yaml", dot("#00ff80"))
        let golden = work.appendingPathComponent("golden")
        try FileManager.default.copyItem(at: golden.appendingPathComponent("e/frame_00000.png"),
                                         to: golden.appendingPathComponent("e/frame_00099.png"))
        try FileManager.default.createDirectory(at: golden.appendingPathComponent("old"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: golden.appendingPathComponent("a/frame_00000.png"),
                                         to: golden.appendingPathComponent("old/frame_00000.png"))
    }

    /// Runs flipbook in the project folder, as a CI job in a checkout does.
    private func inProject(_ arguments: String...) throws -> (status: Int32, out: String, err: String) {
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests") }
        return try run("/usr/bin/env", ["-C", work.path, binary] + arguments)
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: work.appendingPathComponent(path), encoding: .utf8)
    }

    func testThreeShardsMergedGiveTheUnshardedReportCountsAndJUnit() throws {
        try writeProject()

        let whole = try inProject("check", "--report-directory", "whole", "--junit", "whole.xml")
        let shards = try (0..<3).map { k in
            try inProject("check", "--shard", "\(k)/3", "--report-directory", "shard-\(k)", "--junit", "shard-\(k).xml")
        }
        let merge = try inProject("report", "merge", "shard-2", "shard-0", "shard-1", "-o", "merged",
                                  "--junit", "merged.xml")

        XCTAssertEqual(whole.status, 1, "b fails and c cannot be loaded")
        XCTAssertTrue(whole.out.contains("golden: 2 passed, 2 failed\n"), whole.out)
        XCTAssertEqual(shards.map(\.status), [0, 1, 0], shards.map(\.out).joined())
        XCTAssertTrue(shards[1].out.contains("golden: shard 1/3: 0 passed, 2 failed\n"), shards[1].out)
        XCTAssertFalse(shards[2].out.contains("golden/old"), "a shard cannot tell which goldens no scene uses")
        XCTAssertEqual(merge.status, 1, merge.err)
        XCTAssertTrue(merge.out.contains("golden: merged 3 shards: 2 passed, 2 failed\n"), merge.out)
        for line in ["golden/old/: unused, no scene lists golden frames for it", "golden/e/frame_00099.png: unused"] {
            XCTAssertTrue(whole.out.contains(line), whole.out)
            XCTAssertTrue(merge.out.contains(line), merge.out)
        }
        XCTAssertEqual(try text("merged/index.html"), try text("whole/index.html"))
        XCTAssertEqual(try text("merged/report.json"), try text("whole/report.json"))
        XCTAssertEqual(try text("merged.xml").replacingOccurrences(of: "merged/", with: "whole/"), try text("whole.xml"))
        let html = try text("merged/index.html")
        XCTAssertTrue(html.contains("3 frames failed; 1 scene could not be checked; 9 frames of 3 scenes checked."), html)
        // The failing scene's images and filmstrip came over from its shard's report.
        let images = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("merged/b").path)
        XCTAssertEqual(images.sorted(), try FileManager.default.contentsOfDirectory(
            atPath: work.appendingPathComponent("whole/b").path).sorted())
        XCTAssertTrue(images.contains("frame_00005.diff.png"), "\(images)")
        XCTAssertTrue(images.contains { $0.hasSuffix(".thumb.png") }, "\(images)")
    }

    func testScenesOfOneNameWithGoldenFramesAreAllRefusedWholeAndInShardsAndTheirGoldensStay() throws {
        let dot = { (colour: String, golden: Bool) in
            "flipbook: 1\ncanvas: {size: [20, 20], fps: 10, duration: 0.1, background: white}\n"
                + (golden ? "golden: {frames: [0]}\n" : "")
                + "views: [{frame: [5, 5, 10, 10], backgroundColor: \"\(colour)\"}]\n"
        }
        for (name, colour) in [("a", "#00ff00"), ("dot", "#ff0000"), ("e", "#000000")] {
            _ = try writeScene("scenes/\(name).yaml", dot(colour, true))
        }
        let first = try inProject("record")
        let recorded = try Data(contentsOf: work.appendingPathComponent("golden/dot/frame_00000.png"))
        // Copies of dot.yaml elsewhere under scenes/: two list golden frames, one does not.
        _ = try writeScene("scenes/sub/dot.yaml", dot("#0000ff", true))
        _ = try writeScene("scenes/sub/dot.json", #"{"flipbook": 1, "canvas": {"size": [20, 20], "duration": 0.1}, "#
                           + #""golden": {"frames": [0]}, "views": []}"#)
        _ = try writeScene("scenes/plain/dot.yaml", dot("#0000ff", false))
        _ = try writeScene("scenes/e.yaml", dot("#808080", true))
        // Scenes found under scenes/ are named by their paths from the project folder.
        let golden = ["dot.yaml", "sub/dot.json", "sub/dot.yaml"].map { "scenes/" + $0 }
        let messages = golden.map { path in
            let others = golden.filter { $0 != path }
            return "\(path): error: \(others[0]) and \(others[1]) have this scene's name, 'dot', and golden frames "
                + "too, so all 3 would use the golden folder 'dot'; none of them is checked or recorded: rename all but one\n"
        }

        let whole = try inProject("check", "--report-directory", "whole")
        let shards = try (0..<2).map { k in try inProject("check", "--shard", "\(k)/2", "--report-directory", "shard-\(k)") }
        let merge = try inProject("report", "merge", "shard-0", "shard-1", "-o", "merged")
        let changed = try inProject("record", "--changed")

        XCTAssertTrue(first.out.contains("golden: recorded 3 scenes, 0 failed\n"), first.out)
        XCTAssertEqual(whole.status, 1)
        XCTAssertTrue(whole.out.contains("golden: 1 passed, 4 failed\n"), "a passes, e fails: \(whole.out)")
        XCTAssertFalse(whole.out.contains("dot frame"), whole.out)
        XCTAssertEqual(whole.err, messages.joined(), "each of the three, none of plain/dot.yaml")
        XCTAssertEqual(shards.map(\.status), [1, 1])
        XCTAssertTrue(shards[0].err.contains(messages[0]), "dot.yaml's copies are in the later shard: \(shards[0].err)")
        XCTAssertEqual(merge.status, 1)
        XCTAssertTrue(merge.out.contains("golden: merged 2 shards: 1 passed, 4 failed\n"), merge.out)
        XCTAssertEqual(try text("merged/report.json"), try text("whole/report.json"))
        XCTAssertEqual(changed.status, 1)
        XCTAssertTrue(changed.out.contains("golden: recorded 1 scene, 1 unchanged, 3 failed\n"),
                      "only e was recorded: \(changed.out)")
        XCTAssertEqual(changed.err, messages.joined())
        XCTAssertEqual(try Data(contentsOf: work.appendingPathComponent("golden/dot/frame_00000.png")), recorded,
                       "dot.yaml's goldens stay as they were recorded")
    }

    func testAnIncompleteSetOfShardsIsRefusedNamingTheShardsToRerun() throws {
        try writeProject()
        for k in [0, 2] {
            _ = try inProject("check", "--shard", "\(k)/4", "--report-directory", "shard-\(k)")
        }
        _ = try inProject("check", "--shard", "1/2", "--report-directory", "other-run")

        let missing = try inProject("report", "merge", "shard-0", "shard-2", "-o", "merged")
        let twice = try inProject("report", "merge", "shard-0", "shard-0", "shard-2", "-o", "merged")
        let mixed = try inProject("report", "merge", "shard-0", "other-run", "-o", "merged")
        let notAReport = try inProject("report", "merge", "scenes", "-o", "merged")

        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.err, "flipbook: error: 2 of 4 shards missing: rerun flipbook check --shard 1/4, "
                       + "flipbook check --shard 3/4, then merge all 4\n")
        XCTAssertEqual(twice.status, 1)
        XCTAssertTrue(twice.err.contains("shard 0/4 is given 2 times"), twice.err)
        XCTAssertEqual(mixed.status, 1)
        XCTAssertTrue(mixed.err.hasPrefix("other-run: error: comes from another run than shard-0"), mixed.err)
        XCTAssertEqual(notAReport.status, 1)
        XCTAssertTrue(notAReport.err.hasPrefix("scenes: error: not a golden report directory"), notAReport.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("merged").path),
                       "nothing is written for a refused merge")
    }

    func testAMergeNeverReplacesAFolderThatIsNotAReport() throws {
        try writeProject()
        for k in 0..<2 { _ = try inProject("check", "--shard", "\(k)/2", "--report-directory", "shard-\(k)") }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("notes"), withIntermediateDirectories: true)
        _ = try writeScene("notes/keep.txt", "mine")

        let refused = try inProject("report", "merge", "shard-0", "shard-1", "-o", "notes")
        let first = try inProject("report", "merge", "shard-0", "shard-1", "-o", "merged")
        _ = try writeScene("merged/mine.txt", "kept")
        let again = try inProject("report", "merge", "shard-0", "shard-1", "-o", "merged")

        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.err.hasPrefix("notes: error: holds files that are not a golden report"), refused.err)
        XCTAssertEqual(try text("notes/keep.txt"), "mine")
        XCTAssertEqual(first.status, 1, "b fails")
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.out, first.out, "an earlier merged report is replaced")
        XCTAssertEqual(try text("merged/mine.txt"), "kept", "only what the earlier report wrote is removed")
    }

    func testAShardOfAnEmptyPartPassesAndTheMergeFailsWhenNothingWasChecked() throws {
        try FileManager.default.createDirectory(at: work.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        _ = try writeScene("scenes/plain.yaml", "flipbook: 1\ncanvas: {size: [20, 20]}\nviews: []\n")
        let shards = try (0..<2).map { k in try inProject("check", "--shard", "\(k)/2", "--report-directory", "s\(k)") }
        let whole = try inProject("check", "--report-directory", "whole")

        let merge = try inProject("report", "merge", "s0", "s1", "-o", "merged")

        XCTAssertEqual(shards.map(\.status), [0, 0], "a shard with nothing to check leaves that to the merge")
        XCTAssertEqual(whole.status, 1)
        XCTAssertEqual(merge.status, 1)
        XCTAssertEqual(merge.err, whole.err)
        XCTAssertTrue(merge.err.contains("its 1 scene file lists none"), merge.err)
    }

    func testCheckAndRecordWriteTheSameLinesReportsAndGoldensWithOneJobAsWithTwo() throws {
        try writeProject()
        try FileManager.default.copyItem(at: work.appendingPathComponent("golden"),
                                         to: work.appendingPathComponent("golden-2"))

        let checks = try [1, 2].map { jobs in
            try inProject("check", "--jobs", "\(jobs)", "--report-directory", "report-\(jobs)", "--junit", "junit-\(jobs).xml")
        }
        let records = try [1, 2].map { jobs in
            try inProject("record", "--jobs", "\(jobs)", "--golden-directory", jobs == 1 ? "golden" : "golden-2",
                          "--report-directory", "recorded-\(jobs)")
        }

        XCTAssertEqual(checks.map(\.status), [1, 1], "b fails and c cannot be loaded")
        XCTAssertEqual(checks[1].out.replacingOccurrences(of: "report-2", with: "report-1")
                           .replacingOccurrences(of: "junit-2", with: "junit-1"), checks[0].out)
        XCTAssertEqual(checks[1].err, checks[0].err)
        XCTAssertTrue(checks[0].err.contains("c.yaml"), checks[0].err)
        for file in ["index.html", "report.json"] {
            XCTAssertEqual(try text("report-2/\(file)").replacingOccurrences(of: "report-2", with: "report-1"),
                           try text("report-1/\(file)"), file)
        }
        XCTAssertEqual(try text("junit-2.xml").replacingOccurrences(of: "report-2", with: "report-1"), try text("junit-1.xml"))
        let failureImages = try [1, 2].map {
            try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("report-\($0)/b").path).sorted()
        }
        XCTAssertEqual(failureImages[1], failureImages[0])
        XCTAssertTrue(failureImages[0].contains { $0.hasSuffix(".thumb.png") }, "\(failureImages[0])")
        XCTAssertEqual(records.map(\.status), [1, 1], "c cannot be loaded")
        XCTAssertEqual(records[1].out.replacingOccurrences(of: "golden-2/", with: "golden/")
                           .replacingOccurrences(of: "recorded-2", with: "recorded-1"), records[0].out)
        for name in ["a", "b", "e"] {
            for frame in ["00000", "00005", "00010"] {
                let path = "\(name)/frame_\(frame).png"
                XCTAssertEqual(try Data(contentsOf: work.appendingPathComponent("golden-2/" + path)),
                               try Data(contentsOf: work.appendingPathComponent("golden/" + path)), path)
            }
        }
    }

    func testAReportDirectoryThatIsAFileFailsTheSameWithTwoJobsAsWithOne() throws {
        try writeProject()
        _ = try writeScene("taken", "a file where the report would go")

        let checks = try [1, 2].map { jobs in try inProject("check", "--jobs", "\(jobs)", "--report-directory", "taken") }

        XCTAssertEqual(checks.map(\.status), [1, 1])
        XCTAssertEqual(checks[1].out, checks[0].out)
        XCTAssertEqual(checks[1].err, checks[0].err)
        XCTAssertTrue(checks[1].err.contains("taken/index.html: error: cannot write the golden report"), checks[1].err)
        XCTAssertEqual(try text("taken"), "a file where the report would go")
    }
}
