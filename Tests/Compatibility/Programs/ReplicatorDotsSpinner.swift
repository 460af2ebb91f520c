import FlipbookUIKit

// The "dots around a circle" loader: one dot, replicated eight times around the centre,
// each instance fading a little after the one before (instanceDelay), forever.

final class ReplicatorDotsSpinner: UIView {
    private let replicator = CAReplicatorLayer()
    let dot = CALayer()
    private let dotCount = 8

    override init(frame: CGRect) {
        super.init(frame: frame)
        replicator.frame = bounds
        layer.addSublayer(replicator)

        let size: CGFloat = 10
        dot.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        dot.position = CGPoint(x: bounds.midX, y: size)
        dot.cornerRadius = size / 2
        dot.backgroundColor = UIColor.systemIndigo.cgColor
        replicator.addSublayer(dot)

        let angle = 2 * CGFloat.pi / CGFloat(dotCount)
        replicator.instanceCount = dotCount
        replicator.instanceTransform = CATransform3DMakeRotation(angle, 0, 0, 1)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startAnimating() {
        let duration: CFTimeInterval = 0.8
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.1
        fade.duration = duration
        fade.repeatCount = .infinity
        dot.opacity = 0.1
        dot.add(fade, forKey: "fade")
        replicator.instanceDelay = duration / Double(dotCount)
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func replicatedDotsFadeOneAfterAnother() throws {
    let recorder = corpusRecorder(width: 100, height: 100)
    let spinner = ReplicatorDotsSpinner(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
    recorder.rootView.addSubview(spinner)
    spinner.startAnimating()

    let quarter = try recorder.presentation(of: spinner.dot, at: 0.2)

    #expect(close(Double(quarter.opacity), 1 - 0.9 / 4, tolerance: 1e-3), "the first dot, a quarter into its fade")
    assertAnimationSnapshots(of: recorder, at: [0.2, 1.0])
}
