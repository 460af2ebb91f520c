import FlipbookQuartz
import Foundation

/// A fresh run loop with a committed root layer: the stage for animation tests.
@MainActor
struct Stage {
    let runLoop = VirtualRunLoop()
    let root = CALayer()

    init() {
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        runLoop.rootLayers = [root]
        runLoop.performTurn {}
    }

    /// A layer already on stage (committed), so changes to it animate implicitly.
    func committedLayer(frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100)) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        root.addSublayer(layer)
        runLoop.performTurn {}
        return layer
    }

    /// Runs `body` as one turn at the current time.
    func turn(_ body: () -> Void) { runLoop.performTurn(body) }

    func advance(to t: Double) { runLoop.advance(to: t) }

    func presented(_ layer: CALayer, _ keyPath: String) -> AnimationValue? {
        layer.presentation()?.value(forAnimatableKeyPath: keyPath)
    }

    func number(_ layer: CALayer, _ keyPath: String) -> Double {
        guard case .number(let n)? = presented(layer, keyPath) else { return .nan }
        return n
    }
}

/// Records delegate callbacks with the virtual time they came at.
final class DelegateLog: CAAnimationDelegate {
    private(set) var entries: [String] = []

    func animationDidStart(_ anim: CAAnimation) {
        entries.append("start@\(CACurrentMediaTime())")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        entries.append("stop(\(flag))@\(CACurrentMediaTime())")
    }
}
