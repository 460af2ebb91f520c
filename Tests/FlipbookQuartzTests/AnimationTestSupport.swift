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

extension RenderLayer {
    /// Every value of a render value and its subtree that the compositor reads, numbers as
    /// their bit patterns (so −0 and NaNs count), in one list to compare.
    var valueBits: [String] {
        let layer = self
        func numbers(_ values: [CGFloat]) -> String {
            values.map { String(Double($0).bitPattern, radix: 16) }.joined(separator: " ")
        }
        func color(_ color: CGColor?) -> String {
            color.map { numbers([$0.red, $0.green, $0.blue, $0.alpha]) } ?? "none"
        }
        var lines = [
            numbers([layer.position.x, layer.position.y, layer.bounds.origin.x, layer.bounds.origin.y,
                     layer.bounds.width, layer.bounds.height, layer.anchorPoint.x, layer.anchorPoint.y]),
            numbers(layer.transform.rowMajor), numbers(layer.sublayerTransform.rowMajor),
            numbers([layer.opacity, layer.cornerRadius, layer.borderWidth, layer.rasterizationScale ?? -1]),
            color(layer.backgroundColor), color(layer.borderColor),
            "\(layer.maskedCorners.rawValue) \(layer.cornerCurve.rawValue) \(layer.masksToBounds) "
                + "\(layer.isDoubleSided) \(layer.isOpaque) \(layer.transition == nil) \(layer.mask == nil)",
            layer.shadow.map { "\(color($0.color)) \(numbers([$0.offset.width, $0.offset.height, $0.radius]))" } ?? "no shadow",
            layer.content.map { "\($0)" } ?? "no content",
        ]
        for sublayer in layer.sublayers { lines += ["sublayer"] + sublayer.valueBits }
        return lines
    }
}
