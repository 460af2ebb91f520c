import FlipbookUIKit

// A card that flips to its back: two faces in one container, swapped with
// UIView.transition(from:to:duration:options:completion:), keeping both in the hierarchy.

final class FlipCardView: UIView {
    let front = UIView()
    let back = UIView()
    private(set) var isShowingBack = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        for (face, color) in [(back, UIColor.systemOrange), (front, UIColor.systemBlue)] {
            face.frame = bounds
            face.backgroundColor = color
            face.layer.cornerRadius = 12
            addSubview(face)
        }
        let stripe = UIView(frame: CGRect(x: 0, y: 20, width: bounds.width, height: 16))
        stripe.backgroundColor = .black
        back.addSubview(stripe)
        back.isHidden = true
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func flip(completion: ((Bool) -> Void)? = nil) {
        let fromView = isShowingBack ? back : front
        let toView = isShowingBack ? front : back
        UIView.transition(from: fromView, to: toView, duration: 0.6,
                          options: [.transitionFlipFromRight, .showHideTransitionViews]) { finished in
            self.isShowingBack.toggle()
            completion?(finished)
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func cardFlipsToItsBackWithTransitionFromTo() throws {
    let recorder = corpusRecorder(width: 160, height: 120)
    let card = FlipCardView(frame: CGRect(x: 30, y: 20, width: 100, height: 80))
    recorder.rootView.addSubview(card)
    card.flip { finished in recorder.log("flipped, finished: \(finished)") }

    let events = try recorder.events(until: 0.7)

    #expect(card.front.isHidden && !card.back.isHidden && card.isShowingBack)
    #expect(events.contains { close($0.time, 0.6) && $0.kind == .log(message: "flipped, finished: true") }, "\(events)")
    assertAnimationSnapshots(of: recorder, at: [0.7], named: ["back"])
}

@MainActor
@Test func cardFlipIsEdgeOnHalfway() {
    let recorder = corpusRecorder(width: 160, height: 120)
    let card = FlipCardView(frame: CGRect(x: 30, y: 20, width: 100, height: 80))
    recorder.rootView.addSubview(card)
    card.flip()

    assertAnimationSnapshots(of: recorder, at: [0.1, 0.2, 0.4])
}
