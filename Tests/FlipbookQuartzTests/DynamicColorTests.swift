import Foundation
import FlipbookQuartz
import Testing

/// Dynamic colours and trait collections (iOS 13): the system and semantic colours with
/// iOS's light and dark values (Apple's HIG "Color" and UIKit's own printout of them,
/// facts §8, G9), `UIColor(dynamicProvider:)`, and `UITraitCollection.current` per thread.
@Suite struct DynamicColorTests {
    let light = UITraitCollection(userInterfaceStyle: .light), dark = UITraitCollection(userInterfaceStyle: .dark)

    func components(_ color: UIColor, _ traits: UITraitCollection) -> [Double] {
        let c = color.resolvedColor(with: traits).cgColor
        return [c.red, c.green, c.blue, c.alpha].map { (Double($0) * 255 * 1000).rounded() / 1000 }
    }

    @Test func systemAndSemanticColoursHaveIOSLightAndDarkValues_G9() {
        let expected: [(UIColor, light: [Double], dark: [Double])] = [
            (.systemBlue, [0, 122, 255, 255], [10, 132, 255, 255]),
            (.systemRed, [255, 59, 48, 255], [255, 69, 58, 255]),
            (.systemGray6, [242, 242, 247, 255], [28, 28, 30, 255]),
            (.label, [0, 0, 0, 255], [255, 255, 255, 255]),
            (.secondaryLabel, [60, 60, 67, 153], [235, 235, 245, 153]),
            (.systemBackground, [255, 255, 255, 255], [0, 0, 0, 255]),
            (.secondarySystemGroupedBackground, [255, 255, 255, 255], [28, 28, 30, 255]),
            (.separator, [60, 60, 67, 73.95], [84, 84, 88, 153]),
        ]

        for (color, lightValue, darkValue) in expected {
            #expect(components(color, light) == lightValue, "\(color)")
            #expect(components(color, dark) == darkValue, "\(color)")
        }
        #expect(components(.label, UITraitCollection()) == [0, 0, 0, 255], "unspecified resolves as light")
    }

    @Test func aDynamicProviderIsAskedForEachTraitCollectionAndCGColorUsesTheCurrentOne_G9() {
        let color = UIColor { $0.userInterfaceStyle == .dark ? .white : .black }

        let outside = color.cgColor
        let inside = dark.performAsCurrent { color.cgColor }
        let faded = dark.performAsCurrent { color.withAlphaComponent(0.5).cgColor }

        #expect(outside == UIColor.black.cgColor)
        #expect(inside == UIColor.white.cgColor)
        #expect(faded == UIColor.white.withAlphaComponent(0.5).cgColor)
        #expect(UITraitCollection.current.userInterfaceStyle == .unspecified, "performAsCurrent puts the old one back")
        #expect(color == color && color != UIColor { _ in .black }, "a dynamic colour equals only itself")
    }

    @Test func theCurrentTraitCollectionBelongsToItsThread_G9() {
        final class Seen: @unchecked Sendable { var style: UIUserInterfaceStyle? }
        let seen = Seen(), done = DispatchSemaphore(value: 0)
        UITraitCollection.current = dark
        defer { UITraitCollection.current = UITraitCollection() }

        Thread {
            seen.style = UITraitCollection.current.userInterfaceStyle
            done.signal()
        }.start()
        done.wait()

        #expect(UITraitCollection.current.userInterfaceStyle == .dark)
        #expect(seen.style == .unspecified)
    }
}
