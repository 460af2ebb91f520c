import XCTest

/// `probe --at` takes times a scene can reach: 0 to the `duration` limit, 600 s unless raised.
final class ProbeTimeRangeTests: CLITestCase {
    func testATimeBeyondTheCapIsRefusedInsteadOfPrintingInfinity() throws {
        let scene = try writeScene("box.yaml", timeline: "  - {at: 0, do: [{set: {target: box, alpha: 0.5}}]}\n")

        let huge = try flipbook("probe", scene, "--at", "1e300")
        let atCap = try flipbook("probe", scene, "--at", "600")

        XCTAssertNotEqual(huge.status, 0)
        XCTAssertFalse(huge.out.contains("inf"), huge.out)
        XCTAssertTrue(huge.err.contains("--at takes times up to 600 s, the 'duration' limit (--limit duration=N raises it); "
                                        + "got '1e300'"), huge.err)
        XCTAssertEqual(atCap.status, 0, atCap.err)
        XCTAssertTrue(atCap.out.contains("\"t\":600"), atCap.out)
    }

    func testAnEmptyItemInTheListIsRefusedNotSkipped() throws {
        let scene = try writeScene("box.yaml", timeline: "  - {at: 0, do: [{set: {target: box, alpha: 0.5}}]}\n")

        let result = try flipbook("probe", scene, "--at", "0.5,,1")

        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(result.out, "")
        XCTAssertTrue(result.err.contains("--at takes times of 0 or more in seconds, e.g. 0.5,1.25; got ''"), result.err)
    }
}
