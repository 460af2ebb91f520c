import FlipbookUIKit

// A view controller that is its animations' delegate, chaining on animationDidStop.
// CAAnimationDelegate is not isolated, on iOS as here: a view controller adopts it as
// Swift 6 asks, with `@preconcurrency` (or `@MainActor`) on the conformance.

final class FadeChainController: UIViewController, @preconcurrency CAAnimationDelegate {
    let dot = CALayer()
    private(set) var stops = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        dot.frame = CGRect(x: 20, y: 20, width: 20, height: 20)
        dot.backgroundColor = UIColor.systemTeal.cgColor
        view.layer.addSublayer(dot)
        fade(to: 0)
    }

    func fade(to opacity: Float) {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = dot.opacity
        fade.toValue = opacity
        fade.duration = 0.5
        fade.delegate = self
        dot.opacity = opacity
        dot.add(fade, forKey: "fade")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        stops += 1
        if stops == 1 { fade(to: 1) }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func viewControllerChainsFadesFromAnimationDidStop() throws {
    let recorder = corpusRecorder()
    let controller = FadeChainController()
    recorder.rootViewController = controller

    let fadingOut = try recorder.presentation(of: controller.dot, at: 0.25)
    let fadingIn = try recorder.presentation(of: controller.dot, at: 0.75)

    #expect(close(Double(fadingOut.opacity), 0.5, tolerance: 0.2))
    #expect(close(Double(fadingIn.opacity), 0.5, tolerance: 0.2))
    #expect(controller.stops == 1)
    assertAnimationSnapshots(of: recorder, at: [0.75, 1.0])
}
