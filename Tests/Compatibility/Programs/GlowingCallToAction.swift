import FlipbookUIKit

// A call-to-action that glows to draw the eye: a shadow around the view whose opacity and
// radius breathe together (a group, autoreversing), with shouldRasterize off and a
// shadowPath set, as performance guides tell you to.

final class GlowingView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemOrange
        layer.cornerRadius = 12
        layer.shadowColor = UIColor.systemOrange.cgColor
        layer.shadowOffset = .zero
        layer.shadowRadius = 2
        layer.shadowOpacity = 0.2
        layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: 12).cgPath
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startGlowing() {
        let opacity = CABasicAnimation(keyPath: "shadowOpacity")
        opacity.fromValue = 0.2
        opacity.toValue = 1.0

        let radius = CABasicAnimation(keyPath: "shadowRadius")
        radius.fromValue = 2
        radius.toValue = 14

        let glow = CAAnimationGroup()
        glow.animations = [opacity, radius]
        glow.duration = 0.8
        glow.autoreverses = true
        glow.repeatCount = .infinity
        glow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(glow, forKey: "glow")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func callToActionGlowBreathes() throws {
    let recorder = corpusRecorder(width: 140, height: 80)
    let button = GlowingView(frame: CGRect(x: 30, y: 20, width: 80, height: 40))
    recorder.rootView.addSubview(button)
    button.startGlowing()

    let brightest = try recorder.presentation(of: button, at: 0.8)
    let (opacity, radius) = (brightest.shadowOpacity, brightest.shadowRadius)
    let dimmest = try recorder.presentation(of: button, at: 1.6)

    #expect(close(Double(opacity), 1, tolerance: 1e-3) && close(Double(radius), 14, tolerance: 1e-3))
    #expect(close(Double(dimmest.shadowOpacity), 0.2, tolerance: 1e-3), "back after the reverse half")
    assertAnimationSnapshots(of: recorder, at: [2.4])
}
