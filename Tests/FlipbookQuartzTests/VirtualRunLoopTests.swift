import FlipbookQuartz
import Testing

/// T5: a run loop on virtual time is current once made, and again whenever it runs work,
/// so that run loops side by side each run their own turns.
@MainActor
@Suite struct VirtualRunLoopTests {
    @Test func aNewRunLoopIsCurrent_T5() {
        let runLoop = VirtualRunLoop(startingAt: 2)

        let time = CACurrentMediaTime()

        #expect(VirtualRunLoop.current === runLoop)
        #expect(time == 2)
    }

    @Test func aRunLoopIsCurrentInItsOwnTurns_T5() {
        let first = VirtualRunLoop(startingAt: 1)
        let second = VirtualRunLoop(startingAt: 5)
        var times: [Double] = []

        first.performTurn { times.append(CACurrentMediaTime()) }
        first.schedule(at: 3) { times.append(CACurrentMediaTime()) }
        second.performTurn { times.append(CACurrentMediaTime()) }
        first.advance(to: 3)

        #expect(times == [1, 5, 3])
        #expect(VirtualRunLoop.current === first)
    }

    @Test func makeCurrentHandsTheStaticAPIToARunLoopMadeEarlier_T5() {
        let first = VirtualRunLoop(startingAt: 1)
        _ = VirtualRunLoop(startingAt: 5)

        first.makeCurrent()

        #expect(CACurrentMediaTime() == 1)
    }
}
