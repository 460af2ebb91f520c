import FlipbookUIKit

// A card that tilts back in 3D when pressed, then springs flat: a CATransform3D with m34
// perspective rotated about x, animated by UIView.animate on layer.transform.

final class TiltCardView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemIndigo
        layer.cornerRadius = 14
        let stripe = UIView(frame: CGRect(x: 14, y: 14, width: frame.width - 28, height: 12))
        stripe.backgroundColor = UIColor.white.withAlphaComponent(0.6)
        stripe.layer.cornerRadius = 6
        addSubview(stripe)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func pressDown() {
        var tilt = CATransform3DIdentity
        tilt.m34 = -1.0 / 400
        tilt = CATransform3DRotate(tilt, .pi / 5, 1, 0, 0)
        let animation = CABasicAnimation(keyPath: "transform")
        animation.fromValue = layer.transform
        animation.toValue = tilt
        animation.duration = 0.25
        layer.transform = tilt
        layer.add(animation, forKey: "tilt")
    }

    func release() {
        UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                       options: [], animations: {
            self.layer.transform = CATransform3DIdentity
        })
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func cardTiltsBackInPerspectiveThenSpringsFlat() throws {
    let recorder = corpusRecorder(width: 160, height: 120)
    let card = TiltCardView(frame: CGRect(x: 20, y: 20, width: 120, height: 80))
    recorder.rootView.addSubview(card)
    card.pressDown()
    recorder.at(0.5) { card.release() }

    let tilted = try recorder.presentation(of: card, at: 0.3).transform
    assertAnimationSnapshots(of: recorder, at: [0.3])
    let flat = try recorder.presentation(of: card, at: 1.5).transform

    #expect(close(Double(tilted.m34), -1.0 / 400 * cos(.pi / 5), tolerance: 1e-6) && tilted.m23 != 0,
            "rotated about x in perspective")
    #expect(CATransform3DIsIdentity(flat))
}
