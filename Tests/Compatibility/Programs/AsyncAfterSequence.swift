import FlipbookUIKit

// An onboarding sequence timed with DispatchQueue.main.asyncAfter: three cards appear
// 0.4 s apart, then, unless the user skipped, they dim.

@MainActor
final class OnboardingSequence {
    let cards: [UIView]
    private var isSkipped = false

    init(in container: UIView) {
        cards = (0..<3).map { index in
            let card = UIView(frame: CGRect(x: 15 + CGFloat(index) * 60, y: 30, width: 50, height: 60))
            card.backgroundColor = [UIColor.systemRed, .systemYellow, .systemGreen][index]
            card.layer.cornerRadius = 8
            card.alpha = 0
            card.transform = CGAffineTransform(translationX: 0, y: 20)
            container.addSubview(card)
            return card
        }
    }

    func start() {
        for (index, card) in cards.enumerated() {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.4 * Double(index)) {
                UIView.animate(withDuration: 0.3) {
                    card.alpha = 1
                    card.transform = .identity
                }
            }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) { [weak self] in
            guard let self, !self.isSkipped else { return }
            UIView.animate(withDuration: 0.3) {
                self.cards.forEach { $0.alpha = 0.3 }
            }
        }
    }

    func skip() {
        isSkipped = true
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func cardsAppearOneByOneOnTheMainQueue() throws {
    let recorder = corpusRecorder(width: 200, height: 120)
    let sequence = OnboardingSequence(in: recorder.rootView)
    recorder.at(0.2) { sequence.start() }

    let opacities = try (0..<3).map { index in try recorder.presentation(of: sequence.cards[index], at: 0.75).opacity }
    assertAnimationSnapshots(of: recorder, at: [0.75])
    let dimmed = try recorder.presentation(of: sequence.cards[0], at: 2.1).opacity

    #expect(opacities[0] == 1 && opacities[1] > 0 && opacities[1] < 1 && opacities[2] == 0, "\(opacities)")
    #expect(close(Double(dimmed), 0.3))
    assertAnimationSnapshots(of: recorder, at: [2.1])
}

@MainActor
@Test func skippedOnboardingNeverDims() throws {
    let recorder = corpusRecorder(width: 200, height: 120)
    let sequence = OnboardingSequence(in: recorder.rootView)
    sequence.start()
    recorder.at(1.0) { sequence.skip() }

    let opacity = try recorder.presentation(of: sequence.cards[0], at: 2.0).opacity

    #expect(opacity == 1)
}
