import FlipbookQuartz
import Foundation

extension CurveSpec {
    /// The curve `animation` follows, named as `flipbook curves` reads it: a
    /// `CASpringAnimation`'s `spring(mass:…,stiffness:…,damping:…,velocity:…)`, or the timing
    /// function's name (`easeInEaseOut`; linear when it has none) or `cubic(x1,y1,x2,y2)`.
    @MainActor
    public init(animation: CAAnimation) {
        if let spring = animation as? CASpringAnimation {
            let values = [spring.mass, spring.stiffness, spring.damping, spring.initialVelocity].map(briefText)
            text = "spring(mass:\(values[0]),stiffness:\(values[1]),damping:\(values[2]),velocity:\(values[3]))"
            curve = .spring(spring.spring)
            return
        }
        let function = animation.timingFunction?.function ?? .linear
        text = SceneNode.timingFunctions.first { $0.function == function }?.name
            ?? "cubic(" + [function.c1.x, function.c1.y, function.c2.x, function.c2.y].map { briefText(Double($0)) }
                .joined(separator: ",") + ")"
        curve = .timingFunction(function)
    }
}
