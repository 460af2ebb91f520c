import Foundation
import XCTest
@testable import FlipbookQuartz

final class ColorTests: XCTestCase {
    func testHexRGBDoublesEachDigit() {
        let text = "#f80"

        let color = CGColor(hexString: text)

        assertColor(color, [1, 0x88 / 255.0, 0, 1])
    }

    func testHexRRGGBBIsOpaque() {
        let text = "#007AFF"

        let color = CGColor(hexString: text)

        assertColor(color, [0, 122 / 255.0, 1, 1])
    }

    func testHexRRGGBBAAReadsAlphaLast() {
        let text = "#FF000080"

        let color = CGColor(hexString: text)

        assertColor(color, [1, 0, 0, 128 / 255.0])
    }

    func testHexDigitsIgnoreCase() {
        let (lower, upper) = ("#abcdef", "#ABCDEF")

        let (fromLower, fromUpper) = (CGColor(hexString: lower), CGColor(hexString: upper))

        XCTAssertNotNil(fromLower)
        XCTAssertEqual(fromLower, fromUpper)
    }

    func testMalformedHexIsRejected() {
        let inputs = ["", "#", "007AFF", "0007AFF", "#12", "#12345", "#1234567", "#GGGGGG", "#+1234F", "# 1234F", "#１２３", "#fff "]

        let parsed = inputs.map { CGColor(hexString: $0) }

        XCTAssertEqual(parsed, Array(repeating: nil, count: inputs.count))
    }

    func testGrayCopyAndComponents() {
        let gray = CGColor(gray: 0.25, alpha: 1)

        let translucent = gray.copy(alpha: 0.5)

        XCTAssertEqual(translucent.components, [0.25, 0.25, 0.25, 0.5])
        XCTAssertEqual(CGColor.clear.components, [0, 0, 0, 0])
    }

    func testNamedFindsSystemBlue() {
        let name = "systemBlue"

        let color = UIColor.named(name)

        XCTAssertEqual(color, .systemBlue)
        assertColor(color?.cgColor, [0, 122 / 255.0, 1, 1])
    }

    func testNamedFindsCSSColourIgnoringCase() {
        let names = ["rebeccapurple", "RebeccaPurple"]

        let colors = names.map { UIColor.named($0)?.cgColor }

        assertColor(colors[0], [102 / 255.0, 51 / 255.0, 153 / 255.0, 1])
        XCTAssertEqual(colors[1], colors[0])
    }

    func testUIKitValueWinsForNameSharedWithCSS() {
        let names = ["green", "gray", "orange", "purple", "brown"]

        let colors = names.map { UIColor.named($0) }

        XCTAssertEqual(colors, [.green, .gray, .orange, .purple, .brown])
        assertColor(colors[0]?.cgColor, [0, 1, 0, 1])
    }

    func testOnlyExactUIKitSpellingGetsUIKitValue() {
        let (uikit, css) = ("darkGray", "darkgray")

        let (uikitColor, cssColor) = (UIColor.named(uikit), UIColor.named(css))

        XCTAssertEqual(uikitColor, .darkGray)
        assertColor(cssColor?.cgColor, [169 / 255.0, 169 / 255.0, 169 / 255.0, 1])
    }

    func testUnknownNameIsNil() {
        let names = ["systemBlu", "SYSTEMBLUE", "transparent", ""]

        let colors = names.map { UIColor.named($0) }

        XCTAssertEqual(colors, [nil, nil, nil, nil])
    }

    func testAllNamesListsEveryAcceptedNameOnce() {
        let sharedNames = 12

        let names = UIColor.allNames

        // 35 UIKit names, then 18 more semantic ones (iOS 13, G9), and the CSS names.
        XCTAssertEqual(names.count, 35 + 18 + 148 - sharedNames)
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertTrue(names.contains("systemBlue") && names.contains("cornflowerblue"))
        XCTAssertTrue(names.allSatisfy { UIColor.named($0) != nil })
    }

    func testClassicColoursHaveUIKitValues() {
        let colors: [UIColor] = [.darkGray, .lightGray, .gray, .orange, .purple, .brown, .clear]

        let components = colors.map(\.cgColor.components)

        let third: CGFloat = 1.0 / 3
        XCTAssertEqual(components, [
            [third, third, third, 1], [2 * third, 2 * third, 2 * third, 1], [0.5, 0.5, 0.5, 1],
            [1, 0.5, 0, 1], [0.5, 0, 0.5, 1], [0.6, 0.4, 0.2, 1], [0, 0, 0, 0],
        ])
    }

    func testSystemColoursHaveLightModeValues() {
        let colors: [UIColor] = [
            .systemRed, .systemOrange, .systemYellow, .systemGreen, .systemMint, .systemTeal, .systemCyan,
            .systemBlue, .systemIndigo, .systemPurple, .systemPink, .systemBrown, .systemGray, .systemGray6,
        ]

        let bytes = colors.map { color in
            [color.cgColor.red, color.cgColor.green, color.cgColor.blue].map { Int(($0 * 255).rounded()) }
        }

        XCTAssertEqual(bytes, [
            [255, 59, 48], [255, 149, 0], [255, 204, 0], [52, 199, 89], [0, 199, 190], [48, 176, 199],
            [50, 173, 230], [0, 122, 255], [88, 86, 214], [175, 82, 222], [255, 45, 85], [162, 132, 94],
            [142, 142, 147], [242, 242, 247],
        ])
    }

    func testWithAlphaComponentKeepsRGBAndGetRedReportsIt() {
        let color = UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)

        let succeeded = color.withAlphaComponent(0.4).getRed(&red, green: &green, blue: &blue, alpha: &alpha)

        XCTAssertTrue(succeeded)
        XCTAssertEqual([red, green, blue, alpha], [0.1, 0.2, 0.3, 0.4])
    }

    func testEqualColoursAreEqualAndHashAlike() {
        let a = UIColor(white: 0.5, alpha: 1)

        let b = UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)

        XCTAssertEqual(a, b)
        XCTAssertEqual(Set([a, b]).count, 1)
        XCTAssertEqual(a.description, "UIExtendedSRGBColorSpace 0.5 0.5 0.5 1")
    }

    private func assertColor(
        _ color: CGColor?, _ expected: [CGFloat], file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let color else { return XCTFail("no colour", file: file, line: line) }
        for (actual, wanted) in zip(color.components, expected) {
            XCTAssertEqual(actual, wanted, accuracy: 1e-12, "\(color)", file: file, line: line)
        }
    }
}
