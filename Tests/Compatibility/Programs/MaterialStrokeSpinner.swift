import FlipbookUIKit

// The Material-style spinner: an arc whose head (strokeEnd) runs ahead and whose tail
// (strokeStart) catches up, in a group that repeats forever, while the whole layer turns.

final class MaterialStrokeSpinner: UIView {
    let arc = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        arc.frame = bounds
        arc.path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2 - 6,
                                startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true).cgPath
        arc.fillColor = UIColor.clear.cgColor
        arc.strokeColor = UIColor.systemBlue.cgColor
        arc.lineWidth = 6
        arc.lineCap = .round
        layer.addSublayer(arc)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startAnimating() {
        let strokeEnd = CABasicAnimation(keyPath: "strokeEnd")
        strokeEnd.fromValue = 0
        strokeEnd.toValue = 1
        strokeEnd.duration = 1
        strokeEnd.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)

        let strokeStart = CABasicAnimation(keyPath: "strokeStart")
        strokeStart.fromValue = 0
        strokeStart.toValue = 1
        strokeStart.beginTime = 0.5
        strokeStart.duration = 1
        strokeStart.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)

        let group = CAAnimationGroup()
        group.animations = [strokeEnd, strokeStart]
        group.duration = 1.5
        group.repeatCount = .infinity
        arc.add(group, forKey: "stroke")

        let rotation = CABasicAnimation(keyPath: "transform.rotation")
        rotation.fromValue = 0
        rotation.toValue = 2 * Double.pi
        rotation.duration = 2
        rotation.repeatCount = HUGE
        arc.add(rotation, forKey: "rotation")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func materialSpinnerHeadLeadsTailAndTurns() throws {
    let recorder = corpusRecorder(width: 100, height: 100)
    let spinner = MaterialStrokeSpinner(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
    recorder.rootView.addSubview(spinner)
    spinner.startAnimating()

    let early = try #require(try recorder.presentation(of: spinner.arc, at: 0.5) as? CAShapeLayer)
    let (endAt05, startAt05, turnAt05) = (early.strokeEnd, early.strokeStart, zRotation(early.transform))
    let second = try #require(try recorder.presentation(of: spinner.arc, at: 2.0) as? CAShapeLayer)

    #expect(close(Double(endAt05), 0.5, tolerance: 1e-3) && startAt05 == 0, "ease-in-out halfway; the tail has not left")
    #expect(close(turnAt05, .pi / 2, tolerance: 1e-3))
    #expect(close(Double(second.strokeEnd), 0.5, tolerance: 1e-3), "the second cycle starts at 1.5 s")
    assertAnimationSnapshots(of: recorder, at: [2.0, 2.5, 2.9])
}
