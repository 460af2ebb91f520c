import XCTest

/// Command-line input a fuzzer found that trapped or hung `flipbook`: each is now a
/// message and a non-zero exit, or a render that completes.
final class HostileInputCommandTests: CLITestCase {
    private func still() throws -> String {
        try writeScene("still.yaml", "flipbook: 1\ncanvas: {size: [10, 10], duration: 0}\n")
    }

    func testJobsOutside1To256AreRefusedNamingTheRange() throws {
        let scene = try still()

        let most = try flipbook("render", scene, "--format", "none", "--jobs", "256")
        for jobs in ["9223372036854775807", "1000000000", "257", "0"] {
            let result = try flipbook("render", scene, "--format", "none", "--jobs", jobs)
            XCTAssertNotEqual(result.status, 0, jobs)
            XCTAssertTrue(result.err.contains("--jobs must be between 1 and 256, got \(jobs)"), result.err)
        }

        XCTAssertEqual(most.status, 0, most.err)
    }

    func testAMillionPointFontAllowedByTheLimitRendersWithoutATrap() throws {
        let scene = try writeScene("huge-text.yaml", """
            flipbook: 1
            canvas: {size: [100, 100], duration: 0}
            views:
              - {class: UILabel, text: "hello world, again and again", numberOfLines: 0, frame: [0, 0, 100, 100],
                 font: {size: 1e6}}
            layers:
              - {id: t, class: CATextLayer, string: "a b c d e f", isWrapped: true, fontSize: 1e6, frame: [0, 0, 100, 100]}
            """)

        let refused = try flipbook("render", scene, "--format", "none")
        let allowed = try flipbook("render", scene, "--format", "none", "--limit", "font-size=1000000")

        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.err.contains("\(scene):5:19: error: the font size is 1000000.0, more than the limit of 10000"),
                      refused.err)
        XCTAssertEqual(allowed.status, 0, "laid out in points, sizes drawn at most 100,000 points (it trapped): \(allowed.err)")
    }

    func testARasterizedLayerOfAHugeFrameDrawsDirectlyWithoutATrap() throws {
        let scene = try writeScene("huge-raster.yaml", """
            flipbook: 1
            canvas: {size: [20, 20], duration: 0}
            layers: [{id: a, frame: [-1e300, -1e300, 1e300, 1e300], backgroundColor: red, shouldRasterize: true}]
            """)

        let result = try flipbook("render", scene, "--format", "none")

        XCTAssertEqual(result.status, 0, "its size is checked as a Double before it becomes an Int: \(result.err)")
    }

    func testANonFiniteOrOverflowingPlacementIsAnErrorAtItsPlace_G12() throws {
        // An error about one number of a list is at that number; the others at the value.
        let cases: [(key: String, value: String, message: String)] = [
            ("anchorPoint", "[.nan, 0]", "item 1 of 'anchorPoint' must be a finite number, got .nan"),
            ("zPosition", "1e999", "'zPosition' must be a finite number, got 1e999"),
            ("transform", "[{scale: 1e200}, {scale: 1e200}]", "'transform' overflows"),
            ("transform", "[{translate: [1e308, 0]}, {translate: [1e308, 0]}]", "'transform' overflows"),
            ("transform", "[{rotate: 1e308turn}]", "'transform' overflows"),
            ("sublayerTransform", "[{perspective: 1e-320}]", "'sublayerTransform' overflows"),
        ]
        for (index, (key, value, message)) in cases.enumerated() {
            let scene = try writeScene("placement-\(index).yaml", """
                flipbook: 1
                canvas: {size: [20, 20], duration: 0}
                layers:
                  - id: card
                    frame: [0, 0, 10, 10]
                    \(key): \(value)
                """)

            let result = try flipbook("render", scene, "--format", "none")

            XCTAssertEqual(result.status, 1, "\(key): \(value): \(result.err)")
            let column = key.count + 7 + (message.hasPrefix("item 1 of") ? 1 : 0)
            XCTAssertTrue(result.err.contains("\(scene):6:\(column): error: \(message)"), result.err)
        }
    }
}
