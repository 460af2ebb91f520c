import Foundation
import XCTest

/// `canvas.appearance: dark`: the named dynamic colours of a scene (`label`,
/// `systemBackground`, `systemBlue`…) take their iOS dark values (facts §8, G9).
final class AppearanceCommandTests: CLITestCase {
    private func scene(_ appearance: String) throws -> String {
        try writeScene("\(appearance).yaml", """
            flipbook: 1
            canvas: {size: [40, 20], appearance: \(appearance), background: systemBackground}
            views:
              - {id: card, frame: [0, 0, 20, 20], backgroundColor: secondarySystemBackground}
              - {id: tint, frame: [20, 0, 20, 20], backgroundColor: systemBlue}

            """)
    }

    private func backgrounds(_ probe: String) throws -> [String: [Double]] {
        let json = try JSONSerialization.jsonObject(with: Data(probe.utf8)) as? [String: Any]
        let layers = ((json?["frames"] as? [[String: Any]])?.first?["layers"] as? [String: [String: Any]]) ?? [:]
        return layers.compactMapValues { layer in
            (layer["backgroundColor"] as? [Any])?.compactMap { ($0 as? NSNumber).map { ($0.doubleValue * 255).rounded() } }
        }
    }

    func testADarkCanvasResolvesNamedColoursToTheirDarkValues_G9() throws {
        let dark = try flipbook("probe", try scene("dark"), "--at", "0")
        let light = try flipbook("probe", try scene("light"), "--at", "0")
        let still = try flipbook("render", try scene("dark"), "--still", "0", "-o", work.appendingPathComponent("dark.png").path)

        XCTAssertEqual(dark.status, 0, dark.err)
        XCTAssertEqual(try backgrounds(dark.out)["card.layer"], [28, 28, 30, 255])
        XCTAssertEqual(try backgrounds(dark.out)["tint.layer"], [10, 132, 255, 255])
        XCTAssertEqual(try backgrounds(light.out)["card.layer"], [242, 242, 247, 255])
        XCTAssertEqual(try backgrounds(light.out)["tint.layer"], [0, 122, 255, 255])
        XCTAssertEqual(still.status, 0, still.err)
    }

    func testAnUnknownAppearanceIsALocatedError() throws {
        let result = try flipbook("validate", try scene("dim"))

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("dim.yaml:2:38: error:"), result.err)
        XCTAssertTrue(result.err.contains("light") && result.err.contains("dark"), result.err)
    }
}
