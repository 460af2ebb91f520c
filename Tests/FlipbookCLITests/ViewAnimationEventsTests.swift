import Foundation
import XCTest

/// `flipbook events` for UIView animation blocks: the documented `completion` objects,
/// and a run-time error ending the log (docs/golden-testing.md "Numbers instead of pixels").
final class ViewAnimationEventsTests: CLITestCase {
    func testEventsPrintsACompletionPerBlockWithItsNameAndFinished_V3_V16_V17() throws {
        let scene = try writeScene("fade.yaml", timeline: """
              - at: 0
                do:
                  - animate:
                      name: fade
                      duration: 2
                      do: [{set: {target: box, alpha: 0}}]
                  - beginAnimations: {do: [{set: {target: box, center: [50, 50]}}]}
              - at: 1
                do:
                  - animate:
                      duration: 0.5
                      do: [{set: {target: box, alpha: 1}}]
                      completion: [{log: back}]
            """)

        let result = try flipbook("events", scene)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, """
            {"t":0.2,"event":"completion","name":null,"finished":true}
            {"t":1.0,"event":"completion","name":"fade","finished":false}
            {"t":1.5,"event":"completion","name":null,"finished":true}
            {"t":1.5,"event":"log","message":"back"}

            """)
    }

    func testABlockThatChangesAViewItDeletesPrintsOnlyTheErrorNoEvents_V15() throws {
        let scene = try writeScene("delete.yaml", view: "a", timeline: """
              - {at: 0.5, do: [{log: before}]}
              - at: 1
                do: [{performSystemAnimation: {animation: delete, on: [a], do: [{set: {target: a, alpha: 0}}]}}]
              - {at: 2, do: [{log: never}]}
            """)

        let result = try flipbook("events", scene)

        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "", "a run that fails prints no part of its log")
        XCTAssertEqual(result.err, "\(scene):7:10: error: at t = 1.0 s, performSystemAnimation on a: the animations "
            + "block of perform(.delete, on:) must not change the views it deletes\n")
    }
}
