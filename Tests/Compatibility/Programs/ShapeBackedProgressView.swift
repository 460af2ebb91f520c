import FlipbookUIKit

// A progress ring whose view is backed by a CAShapeLayer (layerClass), with an animated
// setProgress(_:animated:) that starts from what is on screen.

final class ShapeBackedProgressView: UIView {
    override class var layerClass: AnyClass {
        CAShapeLayer.self
    }

    var shapeLayer: CAShapeLayer {
        layer as! CAShapeLayer
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        shapeLayer.path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2 - 5,
                                       startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true).cgPath
        shapeLayer.fillColor = UIColor.clear.cgColor
        shapeLayer.strokeColor = UIColor.systemPink.cgColor
        shapeLayer.lineWidth = 10
        shapeLayer.lineCap = .round
        shapeLayer.strokeEnd = 0
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func setProgress(_ progress: CGFloat, animated: Bool) {
        let from = shapeLayer.presentation()?.strokeEnd ?? shapeLayer.strokeEnd
        shapeLayer.strokeEnd = progress
        guard animated else { return }
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = from
        animation.toValue = progress
        animation.duration = 0.6
        animation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        shapeLayer.add(animation, forKey: "progress")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func shapeBackedViewAnimatesItsStrokeFromWhatIsShown() throws {
    let recorder = corpusRecorder(width: 100, height: 100)
    let ring = ShapeBackedProgressView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
    recorder.rootView.addSubview(ring)
    ring.setProgress(0.4, animated: true)
    recorder.at(0.3) { ring.setProgress(0.9, animated: true) }

    let interrupted = try recorder.presentation(of: ring, at: 0.3)
    let shown = try #require(interrupted as? CAShapeLayer).strokeEnd
    let restarted = try #require(try recorder.presentation(of: ring, at: 0.4) as? CAShapeLayer).strokeEnd

    #expect(shown > 0.2 && shown < 0.4, "\(shown)")
    #expect(restarted > shown, "the second animation starts where the first was, not at 0.4")
    assertAnimationSnapshots(of: recorder, at: [0.4, 1.0])
}
