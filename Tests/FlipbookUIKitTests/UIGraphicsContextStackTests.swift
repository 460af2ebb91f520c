import FlipbookUIKit
import Foundation
import Testing

/// `UIGraphicsGetCurrentContext()`, `UIGraphicsPushContext(_:)` and `UIGraphicsPopContext()`
/// are not on the main actor and keep a stack per thread, as UIKit's ("may be called from
/// any thread of your app").
@Suite struct UIGraphicsContextStackTests {
    /// Drawing code as a plain, nonisolated function: compiles in Swift 6 mode without an actor.
    private static func fillSquare(in context: CGContext) -> Int {
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }
        UIColor.red.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)).fill()
        return UIGraphicsGetCurrentContext() === context ? 1 : 0
    }

    @Test func nonisolatedCodeDrawsIntoTheContextItPushed() {
        let context = CGContext(bounds: CGRect(x: 0, y: 0, width: 4, height: 4))

        let wasCurrent = Self.fillSquare(in: context)

        #expect(wasCurrent == 1)
        #expect(UIGraphicsGetCurrentContext() == nil, "popped")
        #expect(context.makeDisplayList().drawsSomething, "the fill went into it")
    }

    @Test func anotherThreadHasItsOwnStack() {
        final class Seen: @unchecked Sendable { var context: CGContext?; var ran = false }
        let context = CGContext(bounds: CGRect(x: 0, y: 0, width: 4, height: 4))
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }

        let thread = Thread {
            seen.context = UIGraphicsGetCurrentContext()
            seen.ran = true
            done.signal()
        }
        thread.start()
        done.wait()

        #expect(seen.ran && seen.context == nil, "the other thread has drawn nothing")
        #expect(UIGraphicsGetCurrentContext() === context)
    }
}
