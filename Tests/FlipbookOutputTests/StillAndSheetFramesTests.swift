import FlipbookOutput
import XCTest

/// The frames a contact sheet shows by default, and the name of a still.
final class StillAndSheetFramesTests: XCTestCase {
    func testEvenlySpacedFramesIncludeTheFirstAndLast() {
        let frames = FrameSelection.evenlySpaced(12, frameCount: 91)

        XCTAssertEqual(frames.count, 12)
        XCTAssertEqual(frames.first, 0)
        XCTAssertEqual(frames.last, 90)
        XCTAssertEqual(frames, frames.sorted())
        XCTAssertEqual(Set(frames).count, 12)
        let gaps = zip(frames, frames.dropFirst()).map { $1 - $0 }
        XCTAssertLessThanOrEqual(gaps.max()! - gaps.min()!, 1, "spread evenly: \(gaps)")
    }

    func testAShortRenderShowsEveryFrame() {
        XCTAssertEqual(FrameSelection.evenlySpaced(12, frameCount: 5), [0, 1, 2, 3, 4])
        XCTAssertEqual(FrameSelection.evenlySpaced(12, frameCount: 13).count, 12)
    }

    func testAStillIsNamedAfterTheSceneAndTheFrameAsGiven() {
        XCTAssertEqual(PNGSequenceSink.stillFileName(scene: "intro", frame: "30"), "intro-00030.png")
        XCTAssertEqual(PNGSequenceSink.stillFileName(scene: "intro", frame: "last"), "intro-last.png")
    }
}
