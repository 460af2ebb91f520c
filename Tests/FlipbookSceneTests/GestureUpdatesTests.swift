@testable import FlipbookScene
import FlipbookStage
import Foundation
import Testing

/// The times a scripted interactive gesture reports (VC3): its points and the frame times
/// between, each once, in order, one at a time.
struct GestureUpdatesTests {
    private func updates(points: [Double], release: Double, start: Double, fps: Double) -> [Double] {
        let gesture = InteractiveSpec(progress: points.map { InteractiveSpec.Point(time: $0, percent: 0.5) },
                                      release: release, completionSpeed: 1)
        var updates = GestureUpdates(gesture, startingAt: start, canvas: Canvas(size: CGSize(width: 1, height: 1), fps: fps))
        return Array(AnyIterator { updates.next() })
    }

    @Test func pointsAndFrameTimesBeforeTheReleaseComeInOrderEachOnce_VC3() {
        let times = updates(points: [0, 0.25, 0.5], release: 0.8, start: 1.05, fps: 10)

        #expect(times.map { ($0 * 1000).rounded() / 1000 } == [1.05, 1.1, 1.2, 1.3, 1.4, 1.5, 1.55, 1.6, 1.7, 1.8])
    }

    @Test func frameTimesStartAtTheFirstPointAndAPointOnAFrameIsReportedOnce_VC3() {
        let times = updates(points: [0.2, 0.3], release: 0.3, start: 0, fps: 10)

        #expect(times == [0.2, 0.3], "0.1 is before the first point; 0.3 is a point and the release, reported once")
    }

    @Test func aLongGestureHasOneUpdatePerFrame_VC3() {
        let times = updates(points: [0], release: 60, start: 0, fps: 1000)

        #expect(times.count == 60_000, "the point at 0, then frames 1 … 59,999")
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func theProgressBetweenPointsIsFoundAmongManyPoints_VC3() {
        let points = (0..<10_000).map { InteractiveSpec.Point(time: Double($0), percent: Double($0 % 2)) }
        let gesture = InteractiveSpec(progress: points, release: 10_000, completionSpeed: 1)

        #expect(gesture.percent(at: -1) == 0)
        #expect(gesture.percent(at: 4_000.25) == 0.25)
        #expect(gesture.percent(at: 4_001.25) == 0.75)
        #expect(gesture.percent(at: 20_000) == 1)
    }
}
