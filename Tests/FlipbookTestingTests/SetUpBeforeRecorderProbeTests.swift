import FlipbookRecorder
import FlipbookTesting
import FlipbookUIKit
import Testing

/// A probe of a recording whose view was animated before its recorder was made fails,
/// saying to make the recorder first, rather than showing a value that never moves (T5).
@MainActor
@Suite struct SetUpBeforeRecorderProbeTests {
    @Test func aViewAnimatedBeforeItsRecorderFailsTheFirstProbeSayingWhatToDo_T5() throws {
        let card = UIView(frame: CGRect(x: 10, y: 15, width: 40, height: 30))
        card.layer.name = "card"
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { card.center.x = 90 }
        let recorder = Recorder(size: CGSize(width: 120, height: 60), fps: 20)
        recorder.rootView.addSubview(card)

        #expect {
            try recorder.presentation(of: card, at: 0.25)
        } throws: { error in
            "\(error)".hasPrefix("the layer 'card' has an animation ('position') added before this Recorder was made")
        }
    }
}
