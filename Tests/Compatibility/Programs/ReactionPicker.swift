import FlipbookUIKit

// A reaction picker: emoji labels that pop up one after another with a spring and a
// small delay each, like the long-press reactions of messaging apps.

final class ReactionPickerView: UIView {
    private(set) var reactions: [UILabel] = []

    init(frame: CGRect, emoji: [String]) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        layer.cornerRadius = frame.height / 2
        layer.shadowOpacity = 0.15
        layer.shadowRadius = 8
        layer.shadowOffset = CGSize(width: 0, height: 2)
        for (index, symbol) in emoji.enumerated() {
            let label = UILabel(frame: CGRect(x: 8 + CGFloat(index) * 36, y: 6, width: 32, height: 32))
            label.text = symbol
            label.font = .systemFont(ofSize: 24)
            label.textAlignment = .center
            addSubview(label)
            reactions.append(label)
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func present() {
        for (index, label) in reactions.enumerated() {
            label.transform = CGAffineTransform(translationX: 0, y: 20).scaledBy(x: 0.3, y: 0.3)
            label.alpha = 0
            UIView.animate(withDuration: 0.4, delay: 0.05 * Double(index), usingSpringWithDamping: 0.6,
                           initialSpringVelocity: 0.8, options: [], animations: {
                label.transform = .identity
                label.alpha = 1
            })
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func reactionsPopUpOneAfterAnother() throws {
    let recorder = corpusRecorder(width: 200, height: 70)
    let picker = ReactionPickerView(frame: CGRect(x: 10, y: 13, width: 188, height: 44),
                                    emoji: ["👍", "❤️", "😂", "😮", "😢"])
    recorder.rootView.addSubview(picker)
    picker.present()

    let first = try recorder.presentation(of: picker.reactions[0], at: 0.1).opacity
    let last = picker.reactions[4].layer.presentation()?.opacity ?? 1

    #expect(first > last, "the last starts 0.2 s after the first: \(first), \(last)")
    assertAnimationSnapshots(of: recorder, at: [0.15, 0.8])
}
