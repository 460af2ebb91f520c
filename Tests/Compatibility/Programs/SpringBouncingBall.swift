import FlipbookUIKit

// A ball dropped onto its resting place with CASpringAnimation: low damping so it
// bounces, the duration set to the spring's settlingDuration as Apple's docs suggest.

final class BouncingBallView: UIView {
    let ball = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        ball.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        ball.position = CGPoint(x: bounds.midX, y: bounds.maxY - 15)
        ball.cornerRadius = 15
        ball.backgroundColor = UIColor.systemOrange.cgColor
        layer.addSublayer(ball)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func drop(from height: CGFloat) {
        let spring = CASpringAnimation(keyPath: "position.y")
        spring.fromValue = ball.position.y - height
        spring.toValue = ball.position.y
        spring.mass = 1
        spring.stiffness = 200
        spring.damping = 6
        spring.initialVelocity = 0
        spring.duration = spring.settlingDuration
        ball.add(spring, forKey: "drop")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func springDroppedBallOvershootsItsRestingPlace() throws {
    let recorder = corpusRecorder(width: 80, height: 160)
    let court = BouncingBallView(frame: CGRect(x: 0, y: 0, width: 80, height: 100))
    recorder.rootView.addSubview(court)
    court.drop(from: 70)

    var lowest: CGFloat = 0
    for frame in 1...10 {
        lowest = max(lowest, try recorder.presentation(of: court.ball, at: Double(frame) * 0.05).position.y)
    }
    let settled = try recorder.presentation(of: court.ball, at: 3).position.y

    #expect(lowest > 85 + 20, "an underdamped spring (ζ ≈ 0.21) goes well past 85: \(lowest)")
    #expect(close(Double(settled), 85, tolerance: 0.5))
    assertAnimationSnapshots(of: recorder, at: [3.1])
}

@MainActor
@Test func springDroppedBallFrames() {
    let recorder = corpusRecorder(width: 80, height: 160)
    let court = BouncingBallView(frame: CGRect(x: 0, y: 0, width: 80, height: 100))
    recorder.rootView.addSubview(court)
    court.drop(from: 70)

    assertAnimationSnapshots(of: recorder, at: [0.1, 0.2, 0.4])
}
