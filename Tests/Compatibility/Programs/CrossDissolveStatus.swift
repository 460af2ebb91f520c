import FlipbookUIKit

// A status label whose text cross-fades when it changes: UIView.transition(with:) and
// .transitionCrossDissolve around the text change, the way apps avoid a hard cut.

final class StatusLabel: UILabel {
    func setStatus(_ status: String, color: UIColor) {
        UIView.transition(with: self, duration: 0.4, options: .transitionCrossDissolve, animations: {
            self.text = status
            self.textColor = color
        }, completion: nil)
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func statusTextCrossDissolves() throws {
    let recorder = corpusRecorder(width: 160, height: 50)
    let status = StatusLabel(frame: CGRect(x: 10, y: 10, width: 140, height: 30))
    status.font = .systemFont(ofSize: 17, weight: .medium)
    status.textAlignment = .center
    status.text = "Uploading…"
    status.textColor = .secondaryLabel
    recorder.rootView.addSubview(status)
    recorder.at(0.2) { status.setStatus("Done", color: .systemGreen) }

    let events = try recorder.events(until: 0.7)

    #expect(status.text == "Done")
    #expect(events.contains { if case .animationDidStop(_, _, true) = $0.kind { close($0.time, 0.6) } else { false } },
            "the transition ends after its 0.4 s: \(events)")
    assertAnimationSnapshots(of: recorder, at: [0.7], named: ["done"])
}

@MainActor
@Test func statusTextIsHalfEachHalfway() {
    let recorder = corpusRecorder(width: 160, height: 50)
    let status = StatusLabel(frame: CGRect(x: 10, y: 10, width: 140, height: 30))
    status.font = .systemFont(ofSize: 17, weight: .medium)
    status.textAlignment = .center
    status.text = "Uploading…"
    recorder.rootView.addSubview(status)
    recorder.at(0.2) { status.setStatus("Done", color: .systemGreen) }

    assertAnimationSnapshots(of: recorder, at: [0.4])
}
