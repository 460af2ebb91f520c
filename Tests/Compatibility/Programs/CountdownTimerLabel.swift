import FlipbookUIKit

// A "3, 2, 1, Go!" countdown: a repeating Timer updates a label each second and pops it
// (scale down, spring back); the timer is invalidated after "Go!".

final class CountdownViewController: UIViewController {
    let label = UILabel()
    private var remaining = 3
    private var timer: Timer?
    private(set) var ticks: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemIndigo
        label.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
        label.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        label.textAlignment = .center
        label.textColor = .white
        label.font = .systemFont(ofSize: 44, weight: .heavy)
        label.text = "\(remaining)"
        view.addSubview(label)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // The timer's block is @Sendable, not main-actor isolated; a scheduled timer fires
        // on the main run loop, which is what Swift 6 code asserts.
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.tick() }
        }
    }

    private func tick() {
        remaining -= 1
        label.text = remaining > 0 ? "\(remaining)" : "Go!"
        ticks.append(label.text ?? "")
        label.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        UIView.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                       options: [], animations: {
            self.label.transform = .identity
        })
        if remaining == 0 {
            timer?.invalidate()
            timer = nil
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func countdownTicksEverySecondAndStopsAtGo() throws {
    let recorder = corpusRecorder(width: 140, height: 100)
    let countdown = CountdownViewController()
    recorder.rootViewController = countdown

    // UIKit's default loadView() makes the view the screen's size, so viewDidLoad can
    // centre by view.bounds ("there is a default size that is used", Apple DTS,
    // developer.apple.com/forums/thread/720294).
    #expect(countdown.label.center == CGPoint(x: 70, y: 50))
    try recorder.run(until: 2.5)
    let midway = countdown.ticks
    let popping = try recorder.presentation(of: countdown.label, at: 3.0).transform.m11
    assertAnimationSnapshots(of: recorder, at: [3.0])
    try recorder.run(until: 5.5)

    #expect(midway == ["2", "1"])
    #expect(close(Double(popping), 0.5), "the last tick pops it from half size: \(popping)")
    #expect(countdown.ticks == ["2", "1", "Go!"], "the timer stopped itself")
}
