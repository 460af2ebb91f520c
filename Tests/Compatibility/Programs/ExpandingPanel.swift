import FlipbookUIKit

// An expandable panel laid out in code: toggling changes a flag, setNeedsLayout marks the
// container, and layoutIfNeeded() inside an animation block animates every frame that
// layoutSubviews computes — the frame-based version of animating a constraint.

final class ExpandingPanelContainer: UIView {
    let header = UIView()
    let details = UIView()
    let footer = UIView()
    var isExpanded = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGroupedBackground
        header.backgroundColor = .systemBlue
        details.backgroundColor = .systemBlue.withAlphaComponent(0.3)
        details.clipsToBounds = true
        footer.backgroundColor = .systemGray
        [header, details, footer].forEach(addSubview)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width - 20
        header.frame = CGRect(x: 10, y: 10, width: width, height: 30)
        details.frame = CGRect(x: 10, y: header.frame.maxY, width: width, height: isExpanded ? 80 : 0)
        footer.frame = CGRect(x: 10, y: details.frame.maxY + 10, width: width, height: 30)
    }

    func toggle() {
        isExpanded.toggle()
        setNeedsLayout()
        UIView.animate(withDuration: 0.4, delay: 0, options: .curveEaseInOut) {
            self.layoutIfNeeded()
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func panelExpandsByAnimatingItsLayout() throws {
    let recorder = corpusRecorder(width: 140, height: 180)
    let container = ExpandingPanelContainer(frame: CGRect(x: 0, y: 0, width: 140, height: 180))
    recorder.rootView.addSubview(container)
    recorder.at(0.2) { container.toggle() }

    let footer = try recorder.presentation(of: container.footer, at: 0.4).position.y
    let details = container.details.layer.presentation()?.bounds.height ?? 0

    #expect(close(Double(footer), 65 + 40, tolerance: 1e-3), "halfway down with the ease-in-out: \(footer)")
    #expect(close(Double(details), 40, tolerance: 1e-3))
    assertAnimationSnapshots(of: recorder, at: [0.4, 0.7])
}
