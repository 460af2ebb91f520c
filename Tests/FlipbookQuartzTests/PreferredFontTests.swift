import FlipbookQuartz
import Foundation
import Testing

/// `UIFont.preferredFont(forTextStyle:)` at the default (Large) content size, as Apple's
/// Human Interface Guidelines ("Typography") list iOS's Dynamic Type sizes.
@Suite struct PreferredFontTests {
    @Test func eachTextStyleHasTheSizeAndWeightOfTheGuidelines() {
        let expected: [(UIFont.TextStyle, CGFloat, UIFont.Weight)] = [
            (.largeTitle, 34, .regular), (.title1, 28, .regular), (.title2, 22, .regular), (.title3, 20, .regular),
            (.headline, 17, .semibold), (.body, 17, .regular), (.callout, 16, .regular), (.subheadline, 15, .regular),
            (.footnote, 13, .regular), (.caption1, 12, .regular), (.caption2, 11, .regular),
        ]

        for (style, size, weight) in expected {
            let font = UIFont.preferredFont(forTextStyle: style)
            #expect(font == UIFont.systemFont(ofSize: size, weight: weight), "\(style.rawValue)")
        }
    }
}
