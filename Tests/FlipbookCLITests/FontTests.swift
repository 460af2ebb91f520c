import FlipbookRender
import Foundation
import XCTest

/// Fonts in scenes: the system font's nine weights draw as nine faces, and a family that
/// is not installed is a located warning naming the family used instead.
final class FontTests: CLITestCase {
    /// The ink (sum of darkness, 0…255 per pixel) of each of `rows` bands of a still.
    private func inkPerRow(of scene: String, rows: Int) throws -> [Int] {
        let png = work.appendingPathComponent("still.png")
        let result = try flipbook("render", scene, "--still", "0", "-o", png.path)
        XCTAssertEqual(result.status, 0, result.err)
        let image = try PNGCodec.decode(Array(try Data(contentsOf: png)))
        let band = image.height / rows
        return (0..<rows).map { row in
            var ink = 0
            for y in row * band..<(row + 1) * band {
                for x in 0..<image.width { ink += 255 - Int(image[x, y].g) }
            }
            return ink
        }
    }

    func testEachOfTheNineWeightsDrawsHeavierThanTheOneBefore() throws {
        let weights = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
        let labels = weights.enumerated().map { index, weight in
            "  - {class: UILabel, frame: [4, \(index * 24), 232, 24], text: Hamburgefonstiv, font: {size: 17, weight: \(weight)}}"
        }
        let scene = try writeScene("weights.yaml", """
            flipbook: 1
            canvas: {size: [240, 216], background: white}
            views:
            \(labels.joined(separator: "\n"))

            """)

        let ink = try inkPerRow(of: scene, rows: weights.count)

        for index in 1..<weights.count {
            XCTAssertGreaterThan(ink[index], ink[index - 1], "\(weights[index]) against \(weights[index - 1]): \(ink)")
        }
    }

    func testAFamilyThatIsNotInstalledIsAWarningNamingTheFamilyUsed() throws {
        let scene = try writeScene("families.yaml", """
            flipbook: 1
            canvas: {size: [240, 100], background: white}
            views:
              - {class: UILabel, frame: [0, 0, 240, 30], text: Serif, font: {family: DejaVu Serif}}
              - {class: UILabel, frame: [0, 30, 240, 30], text: Avenir, font: {family: Avenir Next}}
            layers:
              - {id: sf, class: CATextLayer, frame: [0, 60, 240, 40], string: SF, font: {family: SF Pro Text}}

            """)

        let result = try flipbook("validate", scene)

        XCTAssertEqual(result.status, 0, result.err)
        let substitute = FontFamilies.drawingFamily(for: "Avenir Next")
        XCTAssertEqual(result.err.split(separator: "\n").map(String.init), [
            "\(scene):5:76: warning: font family 'Avenir Next' is not installed: text draws in \(substitute), fontconfig's substitute",
            "\(scene):7:86: warning: font family 'SF Pro Text' is not installed: San Francisco cannot be shipped; "
                + "text draws in Inter, Flipbook's stand-in for it",
        ])
    }

    func testCheckAndRecordPrintAScenesWarningsToo() throws {
        let scene = try writeScene("label.yaml", """
            flipbook: 1
            canvas: {size: [120, 40], background: white}
            golden: {frames: [0]}
            views: [{class: UILabel, frame: [0, 0, 120, 40], text: Avenir, font: {family: Avenir Next}}]

            """)
        let expected = try flipbook("validate", scene).err

        let record = try flipbook("record", scene, "--golden-directory", work.appendingPathComponent("golden").path)
        let check = try flipbook("check", scene, "--golden-directory", work.appendingPathComponent("golden").path,
                                 "--report-directory", work.appendingPathComponent("report").path)

        XCTAssertTrue(expected.hasPrefix("\(scene):4:79: warning: font family 'Avenir Next' is not installed"), expected)
        XCTAssertEqual(check.status, 0, check.out + check.err)
        XCTAssertEqual(record.err, expected)
        XCTAssertEqual(check.err, expected)
    }
}
