import FlipbookUIKit

// A notification badge that pops when its count changes: the label scaled down to
// nearly nothing, then sprung back to identity with the spring variant of UIView.animate.

final class BadgeLabel: UILabel {
    var count = 0 {
        didSet {
            text = "\(count)"
            isHidden = count == 0
            pop()
        }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemRed
        textColor = .white
        textAlignment = .center
        font = .systemFont(ofSize: 14, weight: .bold)
        layer.cornerRadius = frame.height / 2
        layer.masksToBounds = true
        isHidden = true
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func pop() {
        transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 6,
                       options: [.curveEaseOut, .allowUserInteraction], animations: {
            self.transform = .identity
        })
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func badgePopsPastFullSizeWhenItsCountChanges() throws {
    let recorder = corpusRecorder(width: 80, height: 60)
    let icon = UIView(frame: CGRect(x: 15, y: 15, width: 36, height: 36))
    icon.backgroundColor = .systemGray3
    icon.layer.cornerRadius = 8
    recorder.rootView.addSubview(icon)
    let badge = BadgeLabel(frame: CGRect(x: 40, y: 8, width: 24, height: 24))
    recorder.rootView.addSubview(badge)
    recorder.at(0.2) { badge.count = 3 }

    var largest: CGFloat = 0
    for step in 1...6 {
        largest = max(largest, try recorder.presentation(of: badge, at: 0.2 + 0.05 * Double(step)).transform.m11)
    }

    #expect(largest > 1.1, "a damping of 0.4 overshoots: \(largest)")
    assertAnimationSnapshots(of: recorder, at: [0.8])
}
