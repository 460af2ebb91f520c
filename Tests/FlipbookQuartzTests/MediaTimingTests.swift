import FlipbookQuartz
import XCTest

/// T2: media timing as a pure function of parent time, checked against FACTS §3.
final class MediaTimingTests: XCTestCase {
    func testRepeatCountTwoWithAutoreversesRunsBackInTheSecondHalf_T2() {
        let timing = MediaTiming(beginTime: 10, duration: 1, repeatCount: 2, autoreverses: true)

        let at1225 = timing.phase(atParentTime: 12.25)
        let at1275 = timing.phase(atParentTime: 12.75)

        XCTAssertEqual(at1225.progress!, 0.25, accuracy: 1e-12)
        XCTAssertEqual(at1275.progress!, 0.75, accuracy: 1e-12, "second half of cycle 2 runs backwards")
        XCTAssertEqual(timing.endTime, 14)
        XCTAssertEqual(timing.phase(atParentTime: 14), .after)
    }

    /// Settings CAAnimation takes — finite, if extreme — can overflow inside: a cycle of
    /// 1e308 s autoreversing lasts infinity, a local time of 1e300 × 1e38 is infinity. The
    /// phase is never NaN and never traps there, nor with settings CAAnimation refuses
    /// (T6), which code can still build a MediaTiming with.
    func testOverflowingOrNonFiniteSettingsShowTheStartNeverNaN_T6() {
        let timings = [
            MediaTiming(duration: 1e308, speed: 100, timeOffset: 1e308, autoreverses: true),
            MediaTiming(beginTime: -1e300, duration: 1, speed: 1e38, repeatCount: .infinity),
            MediaTiming(duration: .infinity, timeOffset: .infinity),
            MediaTiming(beginTime: .nan, duration: 1, speed: .nan, timeOffset: .nan),
        ]

        let phases = timings.map { $0.phase(atParentTime: 5) }

        XCTAssertEqual(phases, [.active(progress: 0, cycle: 0), .active(progress: 1, cycle: Int(Int32.max)),
                                .active(progress: 0, cycle: 0), .active(progress: 0, cycle: 0)])
    }

    /// FACTS §3: the time within a cycle is t mod cycle, so a boundary between two cycles
    /// starts the second; only the end of the interval shows the last cycle's end.
    func testABoundaryBetweenCyclesStartsTheNextOne_T2() {
        let timing = MediaTiming(beginTime: 0.5, duration: 1, repeatCount: 3, fillMode: .forwards)

        XCTAssertEqual(timing.phase(atParentTime: 1.5), .active(progress: 0, cycle: 1))
        XCTAssertEqual(timing.phase(atParentTime: 2.5), .active(progress: 0, cycle: 2))
        XCTAssertEqual(timing.phase(atParentTime: 3.5), .active(progress: 1, cycle: 2), "the fill holds the end")
    }

    func testAFrameTimeARoundingErrorShortOfABoundaryStartsTheNextCycle_T2() {
        // At 20 frames a second frame 24 is at 24 / 20 = 1.2 s, which is 2.9999999999999996
        // cycles of 0.4 s.
        let timing = MediaTiming(duration: 0.4, repeatCount: .infinity)

        let phases = [8, 16, 24, 32].map { timing.phase(atParentTime: Double($0) / 20) }

        XCTAssertEqual(phases, [1, 2, 3, 4].map { .active(progress: 0, cycle: $0) })
    }

    func testTheEndOfTheLastCycleShowsItsEndEvenARoundingErrorShort_T2() {
        let timing = MediaTiming(duration: 0.4, repeatCount: 3, fillMode: .forwards)
        let removed = MediaTiming(duration: 0.4, repeatCount: 3)

        let almost = timing.phase(atParentTime: 1.2 - 2e-16)

        XCTAssertTrue(timing.hasEnded(atParentTime: 1.2 - 2e-16), "1.2 s is the end of 1.2000000000000002 s")
        XCTAssertEqual(almost, .active(progress: 1, cycle: 2), "the last cycle's end, not a fourth cycle")
        XCTAssertEqual(removed.phase(atParentTime: 1.2 - 2e-16), .after)
    }

    /// An animation added at 0.2 s with a beginTime of 0.1 s begins at 0.30000000000000004 s:
    /// a frame at 0.3 s shows its start. One beginning at 0.1 s and lasting 0.2 s ends at
    /// 0.30000000000000004 s: at 0.3 s it is over.
    func testABeginOrEndARoundingErrorAwayFromAFrameIsAtIt_T2() {
        let late = MediaTiming(beginTime: 0.2 + 0.1, duration: 0.2)
        let short = MediaTiming(beginTime: 0.1, duration: 0.2)

        XCTAssertEqual(late.phase(atParentTime: 0.3), .active(progress: 0, cycle: 0))
        XCTAssertEqual(late.phase(atParentTime: 0.3 - 1e-9), .before, "a nanosecond early is before it")
        XCTAssertEqual(short.phase(atParentTime: 0.3), .after)
        XCTAssertFalse(short.hasEnded(atParentTime: 0.3 - 1e-9))
    }

    /// A timeOffset takes local time past the interval's end, where it wraps: a time on
    /// that wrap starts the interval again, as any boundary between cycles does; playing
    /// backwards, a boundary is where the cycle below ends.
    func testATimeOffsetsWrapStartsTheIntervalAgainAndBackwardsPlayEntersAtTheEnd_T2() {
        let forwards = MediaTiming(duration: 0.3, timeOffset: 0.15)
        let backwards = MediaTiming(duration: 2, speed: -1, timeOffset: 2)

        XCTAssertEqual(forwards.phase(atParentTime: 0.15), .active(progress: 0, cycle: 0))
        XCTAssertEqual(forwards.phase(atParentTime: 0.2).progress!, 1 / 6, accuracy: 1e-12)
        XCTAssertEqual(backwards.phase(atParentTime: 0), .active(progress: 1, cycle: 0))
    }

    func testRepeatDurationEndsPartWayThroughACycle_T2() {
        let timing = MediaTiming(beginTime: 10, duration: 1, repeatDuration: 2.5, autoreverses: true, fillMode: .forwards)

        let ended = timing.phase(atParentTime: 12.75)

        XCTAssertTrue(timing.hasEnded(atParentTime: 12.75))
        XCTAssertEqual(ended.progress!, 0.5, accuracy: 1e-12)
    }

    func testNegativeSpeedWithTimeOffsetRunsBackwards_T2() {
        let timing = MediaTiming(beginTime: 10, duration: 2, speed: -1, timeOffset: 2)

        XCTAssertEqual(timing.phase(atParentTime: 11).progress!, 0.5, accuracy: 1e-12)
        XCTAssertEqual(timing.phase(atParentTime: 10).progress!, 1, accuracy: 1e-12)
        XCTAssertEqual(timing.endTime, 12)
    }

    func testFractionalRepeatCountEndsMidCycle_T2() {
        let timing = MediaTiming(beginTime: 0, duration: 2, repeatCount: 1.5, fillMode: .forwards)

        XCTAssertEqual(timing.activeDuration, 3)
        XCTAssertEqual(timing.phase(atParentTime: 2.5), .active(progress: 0.25, cycle: 1))
        XCTAssertEqual(timing.phase(atParentTime: 5), .active(progress: 0.5, cycle: 1), "the fill holds where it stopped")
    }

    /// FACTS §3's active duration is duration × max(repeatCount, 1); with no cycle length that
    /// is 0 × ∞ for a count of infinity, NaN, which never ended. An object with no cycle has
    /// no active time, however often or long it repeats: it ends at its begin time.
    func testNoCycleLengthHasNoActiveTimeAndEndsAtItsBeginTime_T2() {
        let timings = [
            MediaTiming(beginTime: 3, duration: 0, repeatCount: .infinity),
            MediaTiming(beginTime: 3, duration: 0, repeatCount: .infinity, autoreverses: true),
            MediaTiming(beginTime: 3, duration: 0, repeatDuration: 5),
            MediaTiming(beginTime: 3, duration: 0, speed: 0, repeatCount: .infinity, fillMode: .both),
        ]

        XCTAssertEqual(timings.map(\.activeDuration), [0, 0, 0, 0])
        XCTAssertEqual(timings.map(\.endTime), [3, 3, 3, 3])
        XCTAssertEqual(timings.map { $0.hasEnded(atParentTime: 3) }, [true, true, true, true])
        XCTAssertEqual(timings.map { $0.phase(atParentTime: 3) }, [.after, .after, .after, .after])
    }

    func testInfiniteRepeatNeverEnds_T2() {
        let timing = MediaTiming(beginTime: 0, duration: 1, repeatCount: .infinity)

        XCTAssertEqual(timing.endTime, .infinity)
        XCTAssertEqual(timing.phase(atParentTime: 1000.25), .active(progress: 0.25, cycle: 1000))
    }

    func testFillModesDecideTheEffectOutsideTheActiveInterval_T2() {
        var timing = MediaTiming(beginTime: 5, duration: 1)

        XCTAssertEqual(timing.phase(atParentTime: 4), .before)
        XCTAssertEqual(timing.phase(atParentTime: 7), .after)
        timing.fillMode = .backwards
        XCTAssertEqual(timing.phase(atParentTime: 4), .active(progress: 0, cycle: 0))
        XCTAssertEqual(timing.phase(atParentTime: 7), .after)
        timing.fillMode = .forwards
        XCTAssertEqual(timing.phase(atParentTime: 4), .before)
        XCTAssertEqual(timing.phase(atParentTime: 7), .active(progress: 1, cycle: 0))
        timing.fillMode = .both
        XCTAssertEqual(timing.phase(atParentTime: 4), .active(progress: 0, cycle: 0))
        XCTAssertEqual(timing.phase(atParentTime: 7), .active(progress: 1, cycle: 0))
    }

    func testSpeedScalesTheActiveIntervalInParentTime_T2() {
        let timing = MediaTiming(beginTime: 1, duration: 2, speed: 2)

        XCTAssertEqual(timing.endTime, 2)
        XCTAssertEqual(timing.phase(atParentTime: 1.5).progress!, 0.5, accuracy: 1e-12)
    }

    func testTimeOffsetStartsPartWayAndWraps_T2() {
        let timing = MediaTiming(beginTime: 0, duration: 1, timeOffset: 0.25)

        XCTAssertEqual(timing.phase(atParentTime: 0).progress!, 0.25, accuracy: 1e-12)
        XCTAssertEqual(timing.phase(atParentTime: 0.875).progress!, 0.125, accuracy: 1e-12)
        XCTAssertEqual(timing.endTime, 1)
    }
}
