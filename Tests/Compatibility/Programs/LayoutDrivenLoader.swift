import FlipbookUIKit

// A loader view that builds its geometry in layoutSubviews, as views without Auto Layout
// do: the arc's path follows the bounds, and the spin starts the first time the view is
// laid out in a window.

final class LayoutDrivenLoaderView: UIView {
    let arc = CAShapeLayer()
    private(set) var layoutCount = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        arc.strokeColor = UIColor.systemMint.cgColor
        arc.fillColor = nil
        arc.lineWidth = 5
        arc.lineCap = .round
        arc.strokeEnd = 0.7
        layer.addSublayer(arc)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layoutCount += 1
        arc.frame = bounds
        arc.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 5, dy: 5)).cgPath
        if window != nil, arc.animation(forKey: "spin") == nil {
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = CGFloat.pi * 2
            spin.duration = 1
            spin.repeatCount = .infinity
            arc.add(spin, forKey: "spin")
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func loaderLaidOutInAWindowStartsSpinningAndFollowsItsBounds() throws {
    let recorder = corpusRecorder(width: 120, height: 120)
    let loader = LayoutDrivenLoaderView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
    recorder.rootView.addSubview(loader)
    recorder.at(0.5) {
        loader.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
    }

    let quarter = try recorder.presentation(of: loader.arc, at: 0.25)
    let turned = zRotation(quarter.transform)
    try recorder.run(until: 0.6)

    #expect(close(turned, .pi / 2, tolerance: 1e-3), "spinning from the first layout at t = 0")
    #expect(loader.arc.bounds.size == CGSize(width: 100, height: 100), "laid out again for the new bounds")
    #expect(loader.layoutCount >= 2)
    assertAnimationSnapshots(of: recorder, at: [0.6, 0.8])
}
