import FlipbookUIKit

// A plain class, not a view, that owns shape layers and animates them.

final class ProgressRing {
    let track = CAShapeLayer()
    let progress = CAShapeLayer()

    init(frame: CGRect) {
        let path = UIBezierPath(ovalIn: CGRect(origin: .zero, size: frame.size).insetBy(dx: 3, dy: 3)).cgPath
        for layer in [track, progress] {
            layer.frame = frame
            layer.path = path
            layer.fillColor = nil
            layer.lineWidth = 6
        }
        track.strokeColor = UIColor.systemGray5.cgColor
        progress.strokeColor = UIColor.systemGreen.cgColor
        progress.strokeEnd = 0
    }

    func attach(to layer: CALayer) {
        layer.addSublayer(track)
        layer.addSublayer(progress)
    }

    func setProgress(_ value: CGFloat, duration: CFTimeInterval) {
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = progress.strokeEnd
        animation.toValue = value
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        progress.strokeEnd = value
        CATransaction.commit()
        progress.add(animation, forKey: "progress")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func plainClassOwningShapeLayersAnimatesItsStroke() throws {
    let recorder = corpusRecorder()
    let ring = ProgressRing(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
    ring.attach(to: recorder.rootView.layer)
    ring.setProgress(0.8, duration: 2)

    let quarter = try #require(try recorder.presentation(of: ring.progress, at: 0.5) as? CAShapeLayer)
    let end = try #require(try recorder.presentation(of: ring.progress, at: 2.5) as? CAShapeLayer)

    #expect(close(Double(quarter.strokeEnd), 0.2))
    #expect(close(Double(end.strokeEnd), 0.8), "the model holds the end value")
    assertAnimationSnapshots(of: recorder, at: [2.5])
}
