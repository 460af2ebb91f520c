import XCTest

/// `--limit NAME=VALUE` on the commands that load scenes.
final class LimitCommandTests: CLITestCase {
    private func twoViews() throws -> String {
        try writeScene("two.yaml", """
            flipbook: 1
            canvas: {size: [10, 10]}
            views: [{id: a}, {id: b}]
            """)
    }

    func testValidateRefusesASceneOverALimitAtTheValueAndTheOptionRaisesIt() throws {
        let scene = try twoViews()

        let over = try flipbook("validate", scene, "--limit", "layers=1")
        let raised = try flipbook("validate", scene, "--limit", "layers=2")

        XCTAssertNotEqual(over.status, 0)
        XCTAssertEqual(over.err, "\(scene):3:18: error: the number of views and layers is 2, more than the limit of 1; "
                       + "pass --limit layers=N to raise it\n")
        XCTAssertEqual(raised.status, 0, raised.err)
    }

    func testCommandsLoadingThroughSceneInputTakeLimitsToo() throws {
        let scene = try twoViews()

        let over = try flipbook("probe", scene, "--at", "0", "--limit", "layers=1")
        let raised = try flipbook("probe", scene, "--at", "0", "--limit", "layers=2")

        XCTAssertNotEqual(over.status, 0)
        XCTAssertTrue(over.err.contains("more than the limit of 1; pass --limit layers=N"), over.err)
        XCTAssertEqual(raised.status, 0, raised.err)
    }
}

extension LimitCommandTests {
    func testACanvasDurationOverTheDurationLimitIsRefusedNamingItAndRaisingItLetsTheSceneRun() throws {
        let scene = try writeScene("long.yaml", "flipbook: 1\ncanvas: {size: [10, 10], fps: 1, duration: 700}\n")

        let over = try flipbook("validate", scene)
        let raised = try flipbook("validate", scene, "--limit", "duration=700")
        let probed = try flipbook("probe", scene, "--at", "650", "--limit", "duration=700")

        XCTAssertEqual(over.status, 1)
        XCTAssertEqual(over.err, "\(scene):2:44: error: 'duration' in seconds is 700.0, more than the limit of 600; "
                       + "pass --limit duration=N to raise it\n")
        XCTAssertEqual(raised.status, 0, raised.err)
        XCTAssertTrue(raised.out.contains("ok (701 frames, 700.0 s at 1.0 fps)"), raised.out)
        XCTAssertEqual(probed.status, 0, probed.err)
        XCTAssertTrue(probed.out.contains("\"t\":650"), probed.out)
    }

    func testRenderOverridesAreCheckedAgainstTheLimitsToo() throws {
        let scene = try writeScene("long.yaml", "flipbook: 1\ncanvas: {size: [20, 20], fps: 10, duration: 10}\n")

        let result = try flipbook("render", scene, "--format", "none", "--fps", "1000", "--limit", "frames=5000")

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("--fps/--scale: ") && result.err.contains("more than the limit of 5000"), result.err)
    }
}
