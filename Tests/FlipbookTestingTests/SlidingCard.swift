import FlipbookRecorder
import FlipbookUIKit

/// A card that slides right while it fades, written as an app writes it: a 120×60 canvas
/// at 20 fps, a 40×30 blue card from x = 10 to x = 70 over 1 s (ease in and out), its
/// alpha to 0.5 linearly over the same second; `broken` slides it with a linear curve.
@MainActor
func slidingCard(broken: Bool = false) -> (recorder: Recorder, card: UIView) {
    let recorder = Recorder(size: CGSize(width: 120, height: 60), fps: 20)
    let card = UIView(frame: CGRect(x: 10, y: 15, width: 40, height: 30))
    card.backgroundColor = .systemBlue
    card.layer.cornerRadius = 6
    card.layer.name = "card"
    recorder.rootView.addSubview(card)
    UIView.animate(withDuration: 1, delay: 0, options: broken ? .curveLinear : .curveEaseInOut, animations: {
        card.center.x = 90
    }, completion: recorder.completion("slide"))
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
        card.alpha = 0.5
    }, completion: recorder.completion("fade"))
    return (recorder, card)
}
