import FlipbookUIKit

// An animated gradient background: a CAGradientLayer cycling through colour pairs, each
// step a "colors" animation whose completion (CATransaction) starts the next.

final class GradientBackgroundView: UIView {
    let gradient = CAGradientLayer()
    private let palettes: [[CGColor]] = [
        [UIColor.systemPurple.cgColor, UIColor.systemBlue.cgColor],
        [UIColor.systemBlue.cgColor, UIColor.systemTeal.cgColor],
        [UIColor.systemTeal.cgColor, UIColor.systemPurple.cgColor],
    ]
    private var current = 0
    private(set) var steps = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        gradient.frame = bounds
        gradient.colors = palettes[0]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        layer.addSublayer(gradient)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func animateToNextPalette() {
        let next = (current + 1) % palettes.count
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            self.steps += 1
            if self.steps < 4 { self.animateToNextPalette() }
        }
        let change = CABasicAnimation(keyPath: "colors")
        change.fromValue = palettes[current]
        change.toValue = palettes[next]
        change.duration = 1
        gradient.colors = palettes[next]
        gradient.add(change, forKey: "colorChange")
        CATransaction.commit()
        current = next
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func gradientBackgroundCyclesItsPalettes() throws {
    let recorder = corpusRecorder(width: 120, height: 120)
    let background = GradientBackgroundView(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
    recorder.rootView.addSubview(background)
    background.animateToNextPalette()

    let blended = try #require(try recorder.presentation(of: background.gradient, at: 0.5) as? CAGradientLayer)
    let firstColour = try #require(blended.colors?.first)

    #expect(firstColour != UIColor.systemPurple.cgColor && firstColour != UIColor.systemBlue.cgColor,
            "between purple and blue halfway")
    assertAnimationSnapshots(of: recorder, at: [0.5, 1.5])
    try recorder.run(until: 4.1)
    #expect(background.steps == 4)
}
