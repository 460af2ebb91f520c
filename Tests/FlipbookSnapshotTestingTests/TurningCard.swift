import FlipbookRecorder
import FlipbookUIKit

/// A card that slides, turns and fades, written as an app writes it: a 120×60 canvas at
/// 20 fps (`scale` pixels per point); a 40×30 blue card named "card" with a 10×10 orange
/// "dot" at its top-left corner, over a gray "track" layer. Over 1 s the card's centre
/// goes from x = 30 to x = 90 and it turns a twelfth of a turn (ease in and out; linear
/// when `broken`), and its alpha goes to 0.6 (linear).
@MainActor
func turningCard(broken: Bool = false, scale: CGFloat = 1) -> (recorder: Recorder, card: UIView) {
    let recorder = Recorder(size: CGSize(width: 120, height: 60), scale: scale, fps: 20)
    let track = CALayer()
    track.name = "track"
    track.frame = CGRect(x: 10, y: 50, width: 100, height: 2)
    track.backgroundColor = UIColor.systemGray.cgColor
    recorder.rootView.layer.addSublayer(track)
    let card = UIView(frame: CGRect(x: 10, y: 15, width: 40, height: 30))
    card.backgroundColor = .systemBlue
    card.layer.cornerRadius = 6
    card.layer.name = "card"
    let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    dot.backgroundColor = .systemOrange
    dot.layer.cornerRadius = 5
    dot.layer.name = "dot"
    card.addSubview(dot)
    recorder.rootView.addSubview(card)
    UIView.animate(withDuration: 1, delay: 0, options: broken ? .curveLinear : .curveEaseInOut, animations: {
        card.center.x = 90
        card.transform = CGAffineTransform(rotationAngle: .pi / 6)
    })
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
        card.alpha = 0.6
    })
    return (recorder, card)
}
