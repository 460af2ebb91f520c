import FlipbookUIKit
import Testing

/// `UILabel.font` is a `UIFont!` as in UIKit: the system font at 17 points until set, and
/// that default again when set to nil.
@MainActor
@Suite struct UILabelFontTests {
    @Test func aLabelsFontIsTheSystemFontAt17PointsAndNilResetsIt() {
        let label = UILabel()
        #expect(label.font == .systemFont(ofSize: 17))

        label.font = UIFont(name: "DejaVu Serif", size: 12)
        #expect(label.font.pointSize == 12, "read without unwrapping, as iOS code does")
        #expect(label.font.familyName == "DejaVu Serif")

        label.font = nil
        #expect(label.font == .systemFont(ofSize: 17))
    }

    @Test func iosCodeThatUnwrapsOrChainsTheFontCompiles() {
        let label = UILabel()
        label.font = .systemFont(ofSize: 24, weight: .semibold)
        let larger: UIFont = label.font.withSize(label.font.pointSize * 2)
        let optionalChain = label.font?.pointSize
        #expect(larger == .systemFont(ofSize: 48, weight: .semibold))
        #expect(optionalChain == 24)
    }
}
