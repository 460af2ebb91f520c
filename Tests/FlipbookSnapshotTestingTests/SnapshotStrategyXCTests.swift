import FlipbookRecorder
import FlipbookSnapshotTesting
import FlipbookUIKit
import Foundation
import SnapshotTesting
import XCTest

/// The strategies from XCTest: failures go through XCTFail.
///
/// XCTest on Linux cannot call test methods isolated to the main actor, so each test runs
/// its body with `MainActor.assumeIsolated` (test methods run on the main thread).
final class SnapshotStrategyXCTests: XCTestCase {
    override func invokeTest() {
        withSnapshotTesting(record: recordMode) { super.invokeTest() }
    }

    func testTheCanvasAtHalfTimeAndTheCardAtThreeQuarters_V2() {
        MainActor.assumeIsolated {
            let (recorder, card) = turningCard()

            assertSnapshot(of: recorder, as: .image(at: 0.5), named: "half")
            assertSnapshot(of: card, as: .presentationValues(in: recorder, at: 0.75), named: "threeQuarters")
        }
    }

    func testALinearCurveMatchesAtHalfTimeButNotAtThreeQuarters_V7() throws {
        try MainActor.assumeIsolated {
            let (recorder, card) = turningCard(broken: true)

            let half = verifySnapshot(of: recorder, as: .image(at: 0.5), named: "half", record: .never,
                                      testName: "testTheCanvasAtHalfTimeAndTheCardAtThreeQuarters_V2")
            let threeQuarters = verifySnapshot(of: card, as: .presentationValues(in: recorder, at: 0.75), named: "threeQuarters",
                                               record: .never, testName: "testTheCanvasAtHalfTimeAndTheCardAtThreeQuarters_V2")

            XCTAssertNil(half, "ease in and out is half way at half time, as linear is")
            let failure = try XCTUnwrap(threeQuarters, "linear is behind ease in and out at 0.75 s")
            XCTAssertTrue(failure.contains("\u{2212}card (UIView): position (82.25, 30)"), failure)
            XCTAssertTrue(failure.contains("+card (UIView): position (75, 30)"), failure)
        }
    }
}
