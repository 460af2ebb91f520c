import XCTest

/// `validate` and `render` warn about a scene that runs to the duration cap, and still succeed.
final class DurationWarningCommandTests: CLITestCase {
    private let warning = "flipbook: warning: %@: the scene still animates at 600 s (an animation repeats forever?) "
        + "and gives no canvas.duration, so it lasts the cap of 600 s; give canvas.duration\n"

    private func scene(repeatCount: String = "inf") throws -> String {
        try writeScene("repeat-\(repeatCount).yaml", timeline: """
              - at: 0
                do:
                  - addAnimation: {layer: box.layer, key: fade, animation:
                      {class: CABasicAnimation, keyPath: opacity, fromValue: 0, toValue: 1, duration: 1, repeatCount: \(repeatCount)}}
            """)
    }

    func testValidateWarnsAboutASceneRunningToTheCap() throws {
        let scene = try scene()

        let result = try flipbook("validate", scene)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, String(format: warning, scene))
    }

    func testRenderWarnsAboutASceneRunningToTheCap() throws {
        let scene = try scene()

        let result = try flipbook("render", scene, "--still", "0", "-o", work.appendingPathComponent("still.png").path)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.err.contains(String(format: warning, scene)), result.err)
    }

    func testValidateSaysNothingMoreAboutASceneThatEnds() throws {
        let scene = try scene(repeatCount: "3")

        let result = try flipbook("validate", scene)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
    }
}
