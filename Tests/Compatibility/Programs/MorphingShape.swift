import FlipbookUIKit

// A play button morphing into a pause button and back: CABasicAnimation on "path"
// between two paths of the same number of points, autoreversing.

enum PlayPauseShapes {
    /// The play triangle, as two quads so it has the pause bars' eight points.
    static func play(in rect: CGRect) -> CGPath {
        let path = UIBezierPath()
        let (x, y, w, h) = (rect.minX, rect.minY, rect.width, rect.height)
        path.move(to: CGPoint(x: x, y: y))
        path.addLine(to: CGPoint(x: x + w / 2, y: y + h / 4))
        path.addLine(to: CGPoint(x: x + w / 2, y: y + 3 * h / 4))
        path.addLine(to: CGPoint(x: x, y: y + h))
        path.close()
        path.move(to: CGPoint(x: x + w / 2, y: y + h / 4))
        path.addLine(to: CGPoint(x: x + w, y: y + h / 2))
        path.addLine(to: CGPoint(x: x + w, y: y + h / 2))
        path.addLine(to: CGPoint(x: x + w / 2, y: y + 3 * h / 4))
        path.close()
        return path.cgPath
    }

    static func pause(in rect: CGRect) -> CGPath {
        let path = UIBezierPath()
        let (x, y, w, h) = (rect.minX, rect.minY, rect.width, rect.height)
        for left in [x, x + w * 0.62] {
            path.move(to: CGPoint(x: left, y: y))
            path.addLine(to: CGPoint(x: left + w * 0.38, y: y))
            path.addLine(to: CGPoint(x: left + w * 0.38, y: y + h))
            path.addLine(to: CGPoint(x: left, y: y + h))
            path.close()
        }
        return path.cgPath
    }
}

func morph(_ shape: CAShapeLayer, to path: CGPath, duration: CFTimeInterval) {
    let animation = CABasicAnimation(keyPath: "path")
    animation.fromValue = shape.path
    animation.toValue = path
    animation.duration = duration
    animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    animation.autoreverses = true
    animation.repeatCount = 2
    shape.add(animation, forKey: "morph")
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func playButtonMorphsIntoPauseAndBack() throws {
    let recorder = corpusRecorder(width: 100, height: 100)
    let icon = CAShapeLayer()
    icon.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
    icon.fillColor = UIColor.label.cgColor
    icon.path = PlayPauseShapes.play(in: CGRect(x: 5, y: 5, width: 40, height: 40))
    recorder.rootView.layer.addSublayer(icon)
    morph(icon, to: PlayPauseShapes.pause(in: CGRect(x: 5, y: 5, width: 40, height: 40)), duration: 0.5)

    let paused = try #require(try recorder.presentation(of: icon, at: 0.5) as? CAShapeLayer).path
    let back = try #require(try recorder.presentation(of: icon, at: 1.0) as? CAShapeLayer).path

    #expect(paused?.boundingBox == CGRect(x: 5, y: 5, width: 40, height: 40))
    #expect(back == PlayPauseShapes.play(in: CGRect(x: 5, y: 5, width: 40, height: 40)), "autoreversed to the start")
    assertAnimationSnapshots(of: recorder, at: [1.1, 1.25, 1.5])
}
