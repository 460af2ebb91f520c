import Foundation

/// A solved constraint system of a view tree, kept on its root view: while the same rows
/// come again (nothing changed), the values are reused and no conflict is logged twice.
@MainActor
final class ConstraintLayoutSolution {
    let input: [LinearConstraint]
    let values: [Double]
    /// The frames it gave, by view, to see which views a new solution moves.
    var frames: [ObjectIdentifier: CGRect] = [:]

    init(input: [LinearConstraint], values: [Double]) {
        self.input = input
        self.values = values
    }
}

/// Auto Layout in the layout pass: when a view lays out (`layoutSublayers(of:)`), before
/// its `layoutSubviews()`, its tree's constraints are brought up to date
/// (`updateConstraints()`, bottom-up), solved, and the subviews that constraints place
/// (`translatesAutoresizingMaskIntoConstraints == false`) get their frames, by `center` and
/// `bounds.size` as UIKit's engine sets them. Inside an animation block those changes
/// animate: the idiom `constraint.constant = …; UIView.animate(withDuration:) {
/// view.layoutIfNeeded() }`.
///
/// A new solution that moves a view whose superview is not the one laying out marks that
/// superview as needing layout, so it is applied in this pass (below) or the next (above).
extension UIView {
    func applyConstraintLayout() {
        guard UIView.autoLayoutInUse || Self.requiresConstraintBasedLayout else { return }
        UIView.autoLayoutInUse = true
        // Only a view whose subviews constraints place has frames to set (and one holding
        // constraints, which may have gone stale); the views a new solution moves get their
        // superviews marked, so skipping the others loses nothing.
        guard subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }) || !constraints.isEmpty
            || Self.requiresConstraintBasedLayout || layoutState.updateRequested else { return }
        var root = self
        while let parent = root.superview { root = parent }
        root.updateConstraintsIfNeeded()
        let system = ConstraintLayoutSystem(root: root)
        for constraint in system.stale { constraint.holder?.removeConstraint(constraint) }
        guard !system.isEmpty else {
            root.layoutState.solution = nil
            return
        }
        let previous = root.layoutState.solution
        let solution = previous.flatMap { $0.input == system.linear ? $0 : nil } ?? Self.solve(system)
        let frames = system.frames(solution.values)
        if solution !== previous {
            root.layoutState.solution = solution
            for (view, frame) in frames {
                let key = ObjectIdentifier(view)
                if previous?.frames[key] != frame, let superview = view.superview, superview !== self {
                    superview.setNeedsLayout()
                }
                solution.frames[key] = frame
            }
            for (guide, frame) in system.guideFrames(solution.values) { guide.solvedFrame = frame }
        }
        let arranged = (self as? UIStackView)?.arrangedSubviews ?? []
        for (view, frame) in frames where view.superview === self && !arranged.contains(where: { $0 === view }) {
            view.setLayoutFrame(frame)
        }
    }

    /// Solves `system`, reporting each required constraint it had to break as UIKit does.
    private static func solve(_ system: ConstraintLayoutSystem) -> ConstraintLayoutSolution {
        let (values, broken) = LinearConstraintSolver.solve(variableCount: system.variableCount, constraints: system.linear)
        for index in broken {
            let involved = system.linear.indices.filter {
                $0 == index || (system.linear[$0].isRequired && !broken.contains($0) && system.related($0, index))
            }
            AutoLayoutLog.write("""
                Unable to simultaneously satisfy constraints.
                \tProbably at least one of the constraints in the following list is one you don't want.
                (
                \(involved.map { "    \"\(system.sources[$0].listing)\"" }.joined(separator: ",\n"))
                )

                Will attempt to recover by breaking constraint
                \(system.sources[index].listing)
                """)
        }
        return ConstraintLayoutSolution(input: system.linear, values: values)
    }

    /// Sets `center` and `bounds.size` so that the view's frame (without its transform) is `frame`.
    private func setLayoutFrame(_ frame: CGRect) {
        let current = layoutFrame
        func differs(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) > 1e-9 }
        if differs(current.width, frame.width) || differs(current.height, frame.height) {
            bounds = CGRect(origin: bounds.origin, size: frame.size)
        }
        let anchor = layer.anchorPoint
        let position = CGPoint(x: frame.minX + frame.width * anchor.x, y: frame.minY + frame.height * anchor.y)
        if differs(center.x, position.x) || differs(center.y, position.y) { center = position }
    }
}
