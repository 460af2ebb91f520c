import FlipbookUIKit

// A counter whose digits roll up when the value changes: a CATransition of type .push from
// the top added to the label's layer just before the text changes.

final class RollingCounterLabel: UILabel {
    var value = 0 {
        didSet {
            let roll = CATransition()
            roll.type = .push
            roll.subtype = value > oldValue ? .fromTop : .fromBottom
            roll.duration = 0.35
            roll.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(roll, forKey: CATransitionType.push.rawValue)
            text = "\(value)"
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func counterRollsUpToItsNewValue() throws {
    let recorder = corpusRecorder(width: 100, height: 60)
    let counter = RollingCounterLabel(frame: CGRect(x: 20, y: 10, width: 60, height: 40))
    counter.font = .systemFont(ofSize: 28, weight: .semibold)
    counter.textAlignment = .center
    counter.layer.masksToBounds = true
    counter.text = "7"
    recorder.rootView.addSubview(counter)
    recorder.at(0.2) { counter.value = 8 }

    assertAnimationSnapshots(of: recorder, at: [0.3, 0.45])
    let events = try recorder.events(until: 0.6)

    #expect(counter.text == "8")
    let stop = events.first { if case .animationDidStop(_, "push", true) = $0.kind { true } else { false } }
    #expect(close(stop?.time ?? 0, 0.55), "\(events)")
}
