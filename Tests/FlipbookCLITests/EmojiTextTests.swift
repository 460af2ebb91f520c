import FlipbookRender
import Foundation
import XCTest

/// Emoji in labels and text layers draw in colour, as on iOS (Apple Color Emoji there,
/// Noto Color Emoji here, which scripts/install-deps.sh installs).
final class EmojiTextTests: CLITestCase {
    /// Pixels whose channels differ by more than 60: colour, where black text on white has none.
    private func colourfulPixels(_ scene: String) throws -> Int {
        let png = work.appendingPathComponent("still.png")
        let result = try flipbook("render", scene, "--still", "0", "-o", png.path)
        XCTAssertEqual(result.status, 0, result.err)
        let image = try PNGCodec.decode(Array(try Data(contentsOf: png)))
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                let channels = [Int(p.r), Int(p.g), Int(p.b)]
                if channels.max()! - channels.min()! > 60 { count += 1 }
            }
        }
        return count
    }

    func testEmojiInALabelAndATextLayerDrawInColour() throws {
        func scene(_ text: String) throws -> String {
            try writeScene("emoji.yaml", """
                flipbook: 1
                canvas: {size: [200, 100], background: white}
                views:
                  - {class: UILabel, frame: [10, 10, 180, 40], text: "\(text)", font: {size: 28}, textColor: black}
                layers:
                  - {id: words, class: CATextLayer, frame: [10, 55, 180, 40], string: "\(text)", fontSize: 28, foregroundColor: black}

                """)
        }

        let emoji = try colourfulPixels(try scene("Hi 🎉👍"))
        let plain = try colourfulPixels(try scene("Hi there"))

        XCTAssertEqual(plain, 0, "black text on white has no colour")
        XCTAssertGreaterThan(emoji, 300, "two colour emoji in each of the label and the text layer")
    }
}
