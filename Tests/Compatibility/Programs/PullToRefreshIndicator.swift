import FlipbookUIKit

// A pull-to-refresh indicator: as the user pulls, scrollViewDidScroll sets `progress` and
// the circle draws itself (strokeEnd, with implicit actions disabled so it tracks the
// finger); past the threshold it starts spinning until the refresh ends.

final class RefreshIndicatorView: UIView {
    let circle = CAShapeLayer()
    private(set) var isRefreshing = false

    var progress: CGFloat = 0 {
        didSet {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            circle.strokeEnd = min(max(progress, 0), 1) * 0.9
            CATransaction.commit()
        }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        circle.frame = bounds
        circle.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 4, dy: 4)).cgPath
        circle.strokeColor = UIColor.systemGray.cgColor
        circle.fillColor = nil
        circle.lineWidth = 3
        circle.lineCap = .round
        circle.strokeEnd = 0
        layer.addSublayer(circle)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// What the scroll view delegate calls with the content offset while the user drags.
    func scrollViewDidScroll(contentOffsetY: CGFloat, threshold: CGFloat = 60) {
        guard !isRefreshing else { return }
        progress = -contentOffsetY / threshold
        if progress >= 1 { beginRefreshing() }
    }

    func beginRefreshing() {
        isRefreshing = true
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.byValue = 2 * CGFloat.pi
        spin.duration = 0.8
        spin.repeatCount = .infinity
        circle.add(spin, forKey: "spin")
    }

    func endRefreshing() {
        isRefreshing = false
        circle.removeAnimation(forKey: "spin")
        progress = 0
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func pullToRefreshStrokeFollowsThePullThenSpins() throws {
    let recorder = corpusRecorder(width: 80, height: 80)
    let indicator = RefreshIndicatorView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
    recorder.rootView.addSubview(indicator)
    for (step, offset) in [-15.0, -30, -45, -60].enumerated() {
        recorder.at(0.1 * Double(step + 1)) { indicator.scrollViewDidScroll(contentOffsetY: CGFloat(offset)) }
    }
    recorder.at(1.5) { indicator.endRefreshing() }

    let halfPulled = try #require(try recorder.presentation(of: indicator.circle, at: 0.2) as? CAShapeLayer)
    let halfStroke = halfPulled.strokeEnd
    assertAnimationSnapshots(of: recorder, at: [0.35])
    let spinning = try recorder.presentation(of: indicator.circle, at: 0.6)
    let spinAngle = zRotation(spinning.transform)

    #expect(close(Double(halfStroke), 0.45), "no implicit animation: the stroke is where the finger is")
    #expect(close(spinAngle, .pi / 2, tolerance: 1e-3), "a quarter turn 0.2 s into the spin")
    assertAnimationSnapshots(of: recorder, at: [0.6, 1.6])
}
