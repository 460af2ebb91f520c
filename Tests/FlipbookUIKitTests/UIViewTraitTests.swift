import FlipbookUIKit
import Testing

/// A view's traits come from its override, else its superview's, and its dynamic
/// colours follow them (iOS 13): resolved when set, and again, without animating, when
/// the view moves under another appearance.
@MainActor
@Suite struct UIViewTraitTests {
    @Test func aViewResolvesItsDynamicBackgroundForTheAppearanceItIsShownIn_G9() {
        let stage = ViewStage()
        let darkRoot = stage.view(), lightRoot = stage.view()
        darkRoot.overrideUserInterfaceStyle = .dark
        let card = UIView()
        card.backgroundColor = .secondarySystemBackground

        let before = card.layer.backgroundColor
        stage.turn {
            UIView.animate(withDuration: 1) { darkRoot.addSubview(card) }
        }
        let inDark = card.layer.backgroundColor
        lightRoot.addSubview(card)

        #expect(before == UIColor.secondarySystemBackground.resolvedColor(with: .init(userInterfaceStyle: .light)).cgColor)
        #expect(inDark == UIColor(red: 28 / 255, green: 28 / 255, blue: 30 / 255, alpha: 1).cgColor)
        #expect((card.layer.animationKeys() ?? []).isEmpty, "a change of appearance does not animate, even in a block")
        #expect(card.layer.backgroundColor == before)
        #expect(card.backgroundColor === UIColor.secondarySystemBackground, "the getter gives back the dynamic colour")
        #expect(card.traitCollection.userInterfaceStyle == .unspecified)
    }

    @Test func traitCollectionDidChangeRunsWithTheNewTraitsCurrentAndTheOldPassed_G9() {
        final class Watcher: UIView {
            var seen: [(previous: UIUserInterfaceStyle?, current: UIUserInterfaceStyle)] = []
            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                seen.append((previousTraitCollection?.userInterfaceStyle, UITraitCollection.current.userInterfaceStyle))
            }
        }
        let root = UIView(), watcher = Watcher(), label = UILabel()
        root.addSubview(watcher)
        watcher.addSubview(label)
        label.text = "Hi"

        root.overrideUserInterfaceStyle = .dark

        #expect(watcher.seen.map(\.previous) == [.unspecified])
        #expect(watcher.seen.map(\.current) == [.dark])
        #expect(label.traitCollection.userInterfaceStyle == .dark, "inherited two levels down")
        #expect(label.textColor === UIColor.label, "a label's text is .label by default (iOS 13)")
    }
}
