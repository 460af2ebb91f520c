import FlipbookUIKit

// A "live" location pulse: a ring that grows and fades from a dot, forever, as a group
// of a scale and an opacity animation (a CAMediaTimingFunction with control points for
// the growth, keyframes for the fade).

final class PulseRingView: UIView {
    let ring = CAShapeLayer()
    private let dot = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        ring.frame = bounds
        ring.path = UIBezierPath(ovalIn: bounds).cgPath
        ring.fillColor = UIColor.systemBlue.withAlphaComponent(0.3).cgColor
        ring.strokeColor = UIColor.systemBlue.cgColor
        ring.lineWidth = 2
        ring.opacity = 0
        layer.addSublayer(ring)

        dot.frame = CGRect(x: bounds.midX - 8, y: bounds.midY - 8, width: 16, height: 16)
        dot.cornerRadius = 8
        dot.backgroundColor = UIColor.systemBlue.cgColor
        dot.borderColor = UIColor.white.cgColor
        dot.borderWidth = 3
        layer.addSublayer(dot)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startPulsing() {
        let scale = CABasicAnimation(keyPath: "transform.scale")
        scale.fromValue = 0.2
        scale.toValue = 1.0
        scale.timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.4, 1)

        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [0.8, 0.6, 0]
        fade.keyTimes = [0, 0.4, 1]

        let pulse = CAAnimationGroup()
        pulse.animations = [scale, fade]
        pulse.duration = 1.5
        pulse.repeatCount = .greatestFiniteMagnitude
        ring.add(pulse, forKey: "pulse")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func pulseRingGrowsAndFadesForever() throws {
    let recorder = corpusRecorder(width: 100, height: 100)
    let pulse = PulseRingView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
    recorder.rootView.addSubview(pulse)
    pulse.startPulsing()

    let early = try recorder.presentation(of: pulse.ring, at: 0.6)
    let (earlyOpacity, earlyScale) = (Double(early.opacity), Double(early.transform.m11))
    let later = try recorder.presentation(of: pulse.ring, at: 4.5 + 0.6)

    #expect(close(earlyOpacity, 0.6, tolerance: 1e-3), "the fade's second keyframe at 40 %")
    #expect(earlyScale > 0.6 && earlyScale < 1, "children without a duration take the group's: \(earlyScale)")
    #expect(close(Double(later.opacity), earlyOpacity, tolerance: 1e-3), "the fourth cycle repeats the first")
    assertAnimationSnapshots(of: recorder, at: [5.4, 5.8])
}
