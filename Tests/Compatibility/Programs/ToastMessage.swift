import FlipbookUIKit

// A toast: slides up from below the bottom edge, stays two seconds, fades out and
// removes itself; the second animation is started from the first one's completion, with
// a delay.

extension UIViewController {
    func showToast(_ message: String) {
        let toast = UILabel(frame: CGRect(x: 20, y: view.bounds.height, width: view.bounds.width - 40, height: 32))
        toast.text = message
        toast.textColor = .white
        toast.textAlignment = .center
        toast.font = .systemFont(ofSize: 13)
        toast.backgroundColor = UIColor.black.withAlphaComponent(0.75)
        toast.layer.cornerRadius = 16
        toast.clipsToBounds = true
        toast.tag = 9001
        view.addSubview(toast)

        UIView.animate(withDuration: 0.3, delay: 0, options: .curveEaseOut, animations: {
            toast.frame.origin.y = self.view.bounds.height - 52
        }, completion: { _ in
            UIView.animate(withDuration: 0.3, delay: 2, options: .curveEaseIn, animations: {
                toast.alpha = 0
            }, completion: { _ in
                toast.removeFromSuperview()
            })
        })
    }
}

final class ToastDemoViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        showToast("Saved to Photos")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func toastSlidesInWaitsFadesAndLeaves() throws {
    let recorder = corpusRecorder(width: 200, height: 120)
    let controller = ToastDemoViewController()
    recorder.rootViewController = controller
    let toast = try #require(controller.view.viewWithTag(9001))

    let shown = try recorder.presentation(of: toast, at: 1.0)
    let (shownY, shownOpacity) = (shown.position.y, shown.opacity)
    let fading = try recorder.presentation(of: toast, at: 2.45).opacity
    try recorder.run(until: 2.7)

    #expect(shownY == 120 - 52 + 16 && shownOpacity == 1)
    #expect(fading > 0 && fading < 1, "\(fading)")
    #expect(toast.superview == nil, "removed once faded")
}

@MainActor
@Test func toastFrames() {
    let recorder = corpusRecorder(width: 200, height: 120)
    recorder.rootViewController = ToastDemoViewController()

    assertAnimationSnapshots(of: recorder, at: [0.15, 1.0, 2.45])
}
