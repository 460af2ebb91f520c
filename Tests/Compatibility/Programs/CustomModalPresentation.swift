import FlipbookUIKit

// A custom modal presentation: the presented card grows from the middle of the screen and
// fades in over a dimmed background, driven by a UIViewControllerAnimatedTransitioning
// object the presented controller's transitioningDelegate hands out.

final class GrowPresentationAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let isPresenting: Bool

    init(isPresenting: Bool) {
        self.isPresenting = isPresenting
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.4
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        if isPresenting {
            guard let toView = transitionContext.view(forKey: .to) else { return }
            container.addSubview(toView)
            toView.alpha = 0
            toView.transform = CGAffineTransform(scaleX: 0.6, y: 0.6)
            UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0,
                           options: .curveEaseOut, animations: {
                toView.alpha = 1
                toView.transform = .identity
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        } else {
            guard let fromView = transitionContext.view(forKey: .from) else { return }
            UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                fromView.alpha = 0
                fromView.transform = CGAffineTransform(scaleX: 0.6, y: 0.6)
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
}

final class CardModalViewController: UIViewController {
    let card = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.black.withAlphaComponent(0.4)
        card.frame = view.bounds.insetBy(dx: 30, dy: 50)
        card.backgroundColor = .systemBackground
        card.layer.cornerRadius = 16
        view.addSubview(card)
    }
}

final class ModalHostViewController: UIViewController, UIViewControllerTransitioningDelegate {
    private(set) var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemTeal
    }

    func showCard() {
        let card = CardModalViewController()
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = self
        present(card, animated: true) { self.log.append("presented") }
    }

    func hideCard() {
        dismiss(animated: true) { self.log.append("dismissed") }
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        GrowPresentationAnimator(isPresenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        GrowPresentationAnimator(isPresenting: false)
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func customModalGrowsInAndShrinksAway() throws {
    let recorder = corpusRecorder(width: 160, height: 200)
    let host = ModalHostViewController()
    recorder.rootViewController = host
    recorder.at(0.1) { host.showCard() }
    recorder.at(1.0) { host.hideCard() }

    try recorder.run(until: 0.1)
    let modal = try #require(host.presentedViewController as? CardModalViewController)
    let growing = try recorder.presentation(of: modal.view, at: 0.3)
    let (opacity, scale) = (growing.opacity, growing.transform.m11)

    #expect(opacity > 0.5 && opacity < 1, "ease-out: past half its fade halfway through: \(opacity)")
    #expect(scale > 0.8 && scale < 1, "\(scale)")
    // UIKit's default loadView() makes the view the screen's size, so viewDidLoad can
    // inset the card from view.bounds (Apple DTS, developer.apple.com/forums/thread/720294).
    #expect(modal.card.frame == CGRect(x: 30, y: 50, width: 100, height: 100))
    assertAnimationSnapshots(of: recorder, at: [0.3, 0.5])
    try recorder.run(until: 0.6)
    #expect(host.log == ["presented"])
    try recorder.run(until: 1.5)
    #expect(host.log == ["presented", "dismissed"] && host.presentedViewController == nil)
}
