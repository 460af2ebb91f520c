import FlipbookUIKit

// A loading spinner as spinner libraries write it: a free function builds the rotation,
// another the arc layer; neither is on the main actor.

func makeRotationAnimation(duration: CFTimeInterval) -> CABasicAnimation {
    let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
    rotation.fromValue = 0
    rotation.toValue = CGFloat.pi * 2
    rotation.duration = duration
    rotation.repeatCount = HUGE
    rotation.timingFunction = CAMediaTimingFunction(name: .linear)
    rotation.isRemovedOnCompletion = false
    return rotation
}

func makeSpinnerLayer(in bounds: CGRect, color: UIColor) -> CAShapeLayer {
    let arc = CAShapeLayer()
    arc.frame = bounds
    let center = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
    arc.path = UIBezierPath(arcCenter: center, radius: bounds.width / 2 - 4, startAngle: 0,
                            endAngle: 1.5 * .pi, clockwise: true).cgPath
    arc.strokeColor = color.cgColor
    arc.fillColor = UIColor.clear.cgColor
    arc.lineWidth = 4
    arc.lineCap = .round
    arc.add(makeRotationAnimation(duration: 1), forKey: "spin")
    return arc
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func spinnerBuiltByFreeFunctionsTurnsOncePerSecond() throws {
    let recorder = corpusRecorder()
    let spinner = makeSpinnerLayer(in: CGRect(x: 10, y: 10, width: 40, height: 40), color: .systemBlue)
    recorder.rootView.layer.addSublayer(spinner)

    let quarter = try recorder.presentation(of: spinner, at: 0.25)
    let half = try recorder.presentation(of: spinner, at: 1.5)

    #expect(close(zRotation(quarter.transform), .pi / 2))
    #expect(close(abs(zRotation(half.transform)), .pi), "half a turn into the second turn")
    assertAnimationSnapshots(of: recorder, at: [1.5, 1.75])
}
