import FlipbookUIKit

// The "wrong password" shake, as an extension every app seems to have: a
// "transform.translation.x" keyframe animation through decaying offsets.

extension UIView {
    func shake(duration: CFTimeInterval = 0.6) {
        let animation = CAKeyframeAnimation(keyPath: "transform.translation.x")
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.duration = duration
        animation.values = [-20.0, 20.0, -20.0, 20.0, -10.0, 10.0, -5.0, 5.0, 0.0]
        layer.add(animation, forKey: "shake")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func passwordFieldShakesWithDecayingOffsets() throws {
    let recorder = corpusRecorder(width: 160, height: 60)
    let field = UIView(frame: CGRect(x: 30, y: 15, width: 100, height: 30))
    field.backgroundColor = .white
    field.layer.borderColor = UIColor.systemRed.cgColor
    field.layer.borderWidth = 2
    field.layer.cornerRadius = 6
    recorder.rootView.addSubview(field)
    field.shake()

    var offsets: [Double] = []
    for step in 0...8 {
        offsets.append(Double(try recorder.presentation(of: field, at: 0.075 * Double(step)).transform.m41))
    }
    let after = try recorder.presentation(of: field, at: 0.7)

    #expect(zip(offsets, [-20, 20, -20, 20, -10, 10, -5, 5, 0]).allSatisfy { close($0, $1, tolerance: 1e-3) }, "\(offsets)")
    #expect(CATransform3DIsIdentity(after.transform) && after.position == CGPoint(x: 80, y: 30))
    assertAnimationSnapshots(of: recorder, at: [0.7])
}
