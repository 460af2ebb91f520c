import FlipbookUIKit
import Foundation
import Testing

/// A fresh run loop with a committed window view: the stage for view animation tests.
@MainActor
struct ViewStage {
    let runLoop = VirtualRunLoop()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
    /// Completions and logs with the virtual time they came at, e.g. "a:true@1.0".
    let log = CompletionLog()

    init() {
        runLoop.rootLayers = [window.layer]
        runLoop.performTurn {}
    }

    /// A view already on screen (committed).
    func view(frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100)) -> UIView {
        let view = UIView(frame: frame)
        window.addSubview(view)
        runLoop.performTurn {}
        return view
    }

    /// Runs `body` as one turn at the current time.
    func turn(_ body: () -> Void) { runLoop.performTurn(body) }

    func advance(to t: Double) { runLoop.advance(to: t) }

    /// A completion that logs `name`, the flag and the time.
    func completion(_ name: String) -> @MainActor (Bool) -> Void {
        { [log] finished in log.entries.append("\(name):\(finished)@\(CACurrentMediaTime())") }
    }

    func presented(_ view: UIView, _ keyPath: String) -> AnimationValue? {
        view.layer.presentation()?.value(forAnimatableKeyPath: keyPath)
    }

    func alpha(_ view: UIView) -> Double {
        guard case .number(let n)? = presented(view, "opacity") else { return .nan }
        return n
    }

    func position(_ view: UIView) -> CGPoint {
        guard case .point(let p)? = presented(view, "position") else { return CGPoint(x: CGFloat.nan, y: .nan) }
        return p
    }

    /// The x of `view`'s presented centre at each of `times`, advancing to them in turn.
    func centerXs(_ view: UIView, at times: [Double]) -> [Double] {
        times.map { t in
            advance(to: t)
            return Double(position(view).x)
        }
    }

    /// The presented alpha of each of `views` at each of `times`, advancing to them in turn:
    /// a row of alphas a time.
    func alphas(_ views: [UIView], at times: [Double]) -> [[Double]] {
        times.map { t in
            advance(to: t)
            return views.map(alpha)
        }
    }

    func size(_ view: UIView) -> CGSize {
        guard case .rect(let r)? = presented(view, "bounds") else { return CGSize(width: CGFloat.nan, height: .nan) }
        return r.size
    }
}

@MainActor
final class CompletionLog {
    var entries: [String] = []
}

/// Whether `a` and `b` differ by at most `tolerance` (opacity is a Float: 1e-6 by default).
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

/// Expects `actual` to be `expected`, value by value, to 1e-9.
func expectClose(_ actual: [Double], _ expected: [Double], _ comment: Comment,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(zip(actual, expected).allSatisfy { close($0, $1, 1e-9) } && actual.count == expected.count,
            "\(comment): \(actual)", sourceLocation: sourceLocation)
}

/// The lines of `message` (what a test captured of standard error) that are Flipbook's warnings.
func warnings(in message: String) -> [String] {
    message.split(separator: "\n").filter { $0.hasPrefix("flipbook: warning:") }.map(String.init)
}
