import Foundation
import XCTest

/// `flipbook events` for property animators: `animatorState` on every state change,
/// completions with a position instead of `finished`, and a rule UIKit enforces ending
/// the log as a run-time error (docs/golden-testing.md "Numbers instead of pixels", PA1–PA4).
final class AnimatorEventsTests: CLITestCase {
    func testEventsPrintEveryStateChangeAndTheCompletionPositions_PA1_PA3_PA4() throws {
        let scene = try writeScene("animator.yaml", timeline: """
              - at: 0
                do:
                  - animator:
                      id: a1
                      duration: 1
                      curve: linear
                      do: [{set: {target: box, alpha: 0}}]
                      completion: [{log: a1 done}]
                      start: true
                  - animator: {id: a2, duration: 1, do: [{set: {target: box, center: [50, 50]}}]}
              - {at: 0.5, do: [{animatorCall: {id: a1, isReversed: true}}]}
              - {at: 1.5, do: [{animatorCall: {id: a2, call: pauseAnimation, fractionComplete: 0.5}}]}
              - {at: 1.75, do: [{animatorCall: {id: a2, call: stopAnimation, withoutFinishing: false}}]}
              - {at: 2, do: [{animatorCall: {id: a2, call: finishAnimation, at: current}}]}
            """)

        let result = try flipbook("events", scene)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, """
            {"t":0.0,"event":"animatorState","id":"a1","state":"active"}
            {"t":1.0,"event":"animatorState","id":"a1","state":"inactive"}
            {"t":1.0,"event":"completion","name":"a1","position":"start"}
            {"t":1.0,"event":"log","message":"a1 done"}
            {"t":1.5,"event":"animatorState","id":"a2","state":"active"}
            {"t":1.75,"event":"animatorState","id":"a2","state":"stopped"}
            {"t":2.0,"event":"animatorState","id":"a2","state":"inactive"}
            {"t":2.0,"event":"completion","name":"a2","position":"current"}

            """)
    }

    func testACallUIKitRejectsPrintsOnlyTheErrorNoEvents_PA2() throws {
        let scene = try writeScene("finish.yaml", timeline: """
              - at: 0
                do: [{animator: {id: a1, duration: 1, start: true, do: [{set: {target: box, alpha: 0}}]}}]
              - {at: 0.25, do: [{log: before}]}
              - at: 0.5
                do:
                  - animatorCall: {id: a1, call: finishAnimation, at: end}
              - {at: 0.75, do: [{log: never}]}
            """)

        let result = try flipbook("events", scene)

        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "", "a run that fails prints no part of its log")
        XCTAssertEqual(result.err, "\(scene):10:9: error: at t = 0.5 s, finishAnimation(at:) needs a stopped animator; "
            + "'a1' is active\n")
    }
}
