import FlipbookUIKit

// An enum of static factories, the way animation helpers are often organised.

enum PulseAnimations {
    static func fade(from: Float, to: Float, duration: CFTimeInterval) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = from
        fade.toValue = to
        fade.duration = duration
        return fade
    }

    static func grow(by factor: CGFloat, duration: CFTimeInterval) -> CABasicAnimation {
        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 1
        grow.toValue = factor
        grow.duration = duration
        return grow
    }

    static func pulse(duration: CFTimeInterval) -> CAAnimationGroup {
        let group = CAAnimationGroup()
        group.animations = [fade(from: 1, to: 0, duration: duration), grow(by: 3, duration: duration)]
        group.duration = duration
        group.timingFunction = CAMediaTimingFunction(name: .linear)
        return group
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func enumFactoryPulseFadesAndGrowsTogether() throws {
    let recorder = corpusRecorder()
    let dot = CALayer()
    dot.frame = CGRect(x: 25, y: 25, width: 10, height: 10)
    dot.backgroundColor = UIColor.systemRed.cgColor
    dot.cornerRadius = 5
    recorder.rootView.layer.addSublayer(dot)
    dot.add(PulseAnimations.pulse(duration: 1), forKey: "pulse")

    let halfway = try recorder.presentation(of: dot, at: 0.5)

    #expect(close(Double(halfway.opacity), 0.5))
    #expect(close(Double(halfway.transform.m11), 2), "scale 1 → 3, halfway 2")
    assertAnimationSnapshots(of: recorder, at: [0.5, 0.9])
}
