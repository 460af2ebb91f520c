import FlipbookOutput
import XCTest

/// A GIF's frame delays are whole hundredths of a second, so its frame rate divides 100.
final class GIFTimingTests: XCTestCase {
    func testByDefaultTheSceneIsRenderedAtTheLargestRateThatDivides100() throws {
        let cases: [(scene: Double, gif: Int)] = [(60, 50), (30, 25), (24, 20), (25, 25), (12, 10), (120, 100), (1, 1)]

        for (scene, gif) in cases {
            let timing = try GIFTiming(sceneFPS: scene)

            XCTAssertEqual(timing.fps, gif, "scene at \(scene) fps")
            XCTAssertEqual(timing.renderFPS, Double(gif), "frames are rendered at the GIF's own times")
            XCTAssertEqual(timing.frameStep, 1)
            XCTAssertEqual(100 % timing.fps, 0)
        }
    }

    func testEveryNthFrameKeepsMultiplesOfNAtTheScenesRate() throws {
        let timing = try GIFTiming(sceneFPS: 60, everyNthFrame: 3)

        let kept = try timing.frames(of: Array(0...10))

        XCTAssertEqual(timing.fps, 20)
        XCTAssertEqual(timing.renderFPS, 60)
        XCTAssertEqual(kept, [0, 3, 6, 9])
    }

    func testAStepWhoseRateDoesNotDivide100IsRejectedWithStepsThatWork() {
        XCTAssertThrowsError(try GIFTiming(sceneFPS: 60, everyNthFrame: 2)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("--every-nth-frame 2 gives 30 fps from the scene's 60 fps"), text)
            XCTAssertTrue(text.contains("try 3 (20 fps), 6 (10 fps)"), text)
        }
    }

    func testAScenesBelowOneFPSAndSelectionsWithoutAKeptFrameAreRejected() throws {
        XCTAssertThrowsError(try GIFTiming(sceneFPS: 0.5))
        XCTAssertThrowsError(try GIFTiming(sceneFPS: 30, everyNthFrame: 0))
        XCTAssertThrowsError(try GIFTiming(sceneFPS: 30, everyNthFrame: 3).frames(of: [1, 2, 4]))
    }
}
