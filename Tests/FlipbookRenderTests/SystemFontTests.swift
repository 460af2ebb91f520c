import FlipbookRender
import FlipbookUIKit
import Testing

/// The system font's stand-in: Inter for San Francisco, in SF's two optical sizes, with
/// metrics measured against SF's on a device (docs/facts.md, "The system font").
@Suite struct SystemFontTests {
    /// SF Pro's vertical metrics per point of size, as iOS reports them:
    /// `UIFont.systemFont(ofSize: 40)` gives ascender 38.0859375, descender −9.6484375 and
    /// lineHeight 47.734375 (that is 1950, −494 and 2444 units of SF's 2048 per em).
    private let sanFrancisco = (ascender: 1950.0 / 2048, descender: -494.0 / 2048, lineHeight: 2444.0 / 2048)

    @Test func theSystemFontIsInterWithinTwoPercentOfSanFranciscosLineMetrics() throws {
        for size in [12.0, 17, 28, 40] as [CGFloat] {
            let metrics = try FontFamilies.metrics(of: .systemFont(ofSize: size))
            for (name, measured, apple) in [("ascender", metrics.ascender, sanFrancisco.ascender),
                                            ("descender", metrics.descender, sanFrancisco.descender),
                                            ("lineHeight", metrics.lineHeight, sanFrancisco.lineHeight)] {
                let ratio = measured / (apple * size)
                #expect(abs(ratio - 1) < 0.02, "\(name) at \(size) pt: \(measured) against SF's \(apple * size)")
            }
        }
    }

    @Test func theSystemFontsFamiliesAreInstalled() {
        #expect(FontFamilies.isInstalled(UIFont.systemFamilyName))
        #expect(FontFamilies.isInstalled(UIFont.systemDisplayFamilyName))
        #expect(FontFamilies.drawingFamily(for: "inter") == "Inter", "any case names the installed family")
    }

    @Test func theSystemFontDrawsInItsDisplayCutFromTwentyPoints() {
        #expect(UIFont.systemFont(ofSize: 19.5).drawingFamilyName == "Inter")
        #expect(UIFont.systemFont(ofSize: 20).drawingFamilyName == "Inter Display")
        #expect(UIFont.systemFont(ofSize: 12).withSize(34).drawingFamilyName == "Inter Display")
        #expect(UIFont(familyName: "DejaVu Serif", pointSize: 34).drawingFamilyName == "DejaVu Serif")
    }

    @Test(arguments: ["SF Pro", "SF Pro Text", "SF Pro Display", ".SF UI Text", "San Francisco"])
    func applesNamesForTheSystemFontDrawInIt(family: String) {
        #expect(FontFamilies.drawingFamily(for: family) == UIFont.systemFamilyName)
    }

    @Test func postScriptNamesOfTheSystemFontGiveItWithTheirWeight() throws {
        let semibold = try #require(UIFont(name: "SFProText-Semibold", size: 15))
        #expect(semibold == .systemFont(ofSize: 15, weight: .semibold))
        let regular = try #require(UIFont(name: ".SFUI-Regular", size: 17))
        #expect(regular == .systemFont(ofSize: 17))
    }

    @Test func aMissingFamilyDrawsInAnInstalledSubstitute() {
        let used = FontFamilies.drawingFamily(for: "Avenir Next Condensed")
        #expect(used != "Avenir Next Condensed")
        #expect(FontFamilies.isInstalled(used), "\(used)")
    }
}
