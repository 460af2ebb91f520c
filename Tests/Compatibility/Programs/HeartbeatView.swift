import FlipbookUIKit

// A beating heart: a heart-shaped CAShapeLayer with a "transform.scale" keyframe animation
// (two beats then a rest) repeating forever.

final class HeartbeatView: UIView {
    let heart = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        heart.frame = bounds
        heart.path = HeartbeatView.heartPath(in: bounds.insetBy(dx: 10, dy: 10)).cgPath
        heart.fillColor = UIColor.systemRed.cgColor
        layer.addSublayer(heart)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    static func heartPath(in rect: CGRect) -> UIBezierPath {
        let path = UIBezierPath()
        let bottom = CGPoint(x: rect.midX, y: rect.maxY)
        path.move(to: bottom)
        path.addCurve(to: CGPoint(x: rect.minX, y: rect.minY + rect.height * 0.3),
                      controlPoint1: CGPoint(x: rect.midX - rect.width * 0.1, y: rect.maxY - rect.height * 0.15),
                      controlPoint2: CGPoint(x: rect.minX, y: rect.midY))
        path.addArc(withCenter: CGPoint(x: rect.minX + rect.width / 4, y: rect.minY + rect.height * 0.3),
                    radius: rect.width / 4, startAngle: .pi, endAngle: 0, clockwise: true)
        path.addArc(withCenter: CGPoint(x: rect.maxX - rect.width / 4, y: rect.minY + rect.height * 0.3),
                    radius: rect.width / 4, startAngle: .pi, endAngle: 0, clockwise: true)
        path.addCurve(to: bottom, controlPoint1: CGPoint(x: rect.maxX, y: rect.midY),
                      controlPoint2: CGPoint(x: rect.midX + rect.width * 0.1, y: rect.maxY - rect.height * 0.15))
        path.close()
        return path
    }

    func beat() {
        let pulse = CAKeyframeAnimation(keyPath: "transform.scale")
        pulse.values = [1.0, 1.2, 1.0, 1.15, 1.0, 1.0]
        pulse.keyTimes = [0, 0.15, 0.3, 0.45, 0.6, 1]
        pulse.duration = 1.2
        pulse.repeatCount = .infinity
        pulse.timingFunctions = Array(repeating: CAMediaTimingFunction(name: .easeOut), count: 5)
        heart.add(pulse, forKey: "heartbeat")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func heartBeatsTwiceThenRests() throws {
    let recorder = corpusRecorder(width: 100, height: 100)
    let heart = HeartbeatView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
    recorder.rootView.addSubview(heart)
    heart.beat()

    let firstBeat = try recorder.presentation(of: heart.heart, at: 0.18).transform.m11
    let resting = try recorder.presentation(of: heart.heart, at: 1.0).transform.m11
    let secondCycle = try recorder.presentation(of: heart.heart, at: 1.38).transform.m11

    #expect(close(Double(firstBeat), 1.2), "the first peak at 15 % of 1.2 s")
    #expect(resting == 1)
    #expect(close(Double(secondCycle), 1.2), "and again in the next cycle")
    assertAnimationSnapshots(of: recorder, at: [1.5, 1.7])
}
