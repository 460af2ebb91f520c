import FlipbookRecorder
import FlipbookTesting
import FlipbookUIKit
import Testing

/// Probes of a recording whose views were built and animated before its recorder was made,
/// as a test writes it after an earlier test's recorder was probed and let go (T5).
@MainActor
@Suite struct SetUpBeforeRecorderProbeTests {
    /// An earlier test's recording: probed to 1 s, then let go.
    private func probeAnEarlierRecording() throws {
        let (earlier, _) = slidingCard()
        _ = try earlier.presentation(of: earlier.rootView, at: 1)
    }

    /// A 40×30 card animated to x = 90 (linear, 1 s) while no recorder shows it yet.
    private func cardSlidingBeforeItsRecorder() -> UIView {
        let card = UIView(frame: CGRect(x: 10, y: 15, width: 40, height: 30))
        card.layer.name = "card"
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { card.center.x = 90 }
        return card
    }

    @Test func aViewAnimatedBeforeItsRecorderShowsItsValuesFromTheRecordingsStart_T5() throws {
        try probeAnEarlierRecording()
        let card = cardSlidingBeforeItsRecorder()
        let recorder = Recorder(size: CGSize(width: 120, height: 60), fps: 20)
        recorder.rootView.addSubview(card)

        let quarter = try recorder.presentation(of: card, at: 0.25)
        let events = try recorder.events(until: 1)

        #expect(quarter.position.x == 45, "a quarter of the way from 30 to 90")
        #expect(events.map(\.description) == [
            "t = 0.0 s: animationDidStart card position", "t = 1.0 s: animationDidStop card position finished",
        ])
    }

    @Test func aViewAnimatedWhileAnotherRecorderIsCurrentFailsTheFirstProbeSayingWhatToDo() throws {
        let (other, _) = slidingCard()
        let card = cardSlidingBeforeItsRecorder()
        let recorder = Recorder(size: CGSize(width: 120, height: 60), fps: 20)
        recorder.rootView.addSubview(card)

        #expect {
            try recorder.presentation(of: card, at: 0.25)
        } throws: { error in
            "\(error)".hasPrefix("the layer 'card' has an animation ('position') added on another recorder's run loop")
        }
        withExtendedLifetime(other) {}
    }
}
