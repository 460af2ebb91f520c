import FlipbookTesting
import FlipbookUIKit
import XCTest

/// FlipbookTesting from XCTest: the same assertions, failures recorded through XCTFail;
/// `import FlipbookTesting` alone brings `Recorder` and the tolerance.
///
/// XCTest on Linux cannot call test methods isolated to the main actor, so each test runs
/// its body with `MainActor.assumeIsolated` (test methods run on the main thread).
final class CardSnapshotXCTests: XCTestCase {
    func testSquareGrowsAndTurns_V1() {
        MainActor.assumeIsolated {
            let (recorder, _) = growingSquare()

            assertAnimationSnapshots(of: recorder, at: [0.2, 0.5], named: ["growing", "grown"],
                                     tolerance: GoldenTolerance(perChannel: 2, allowedPixels: 0))
        }
    }

    func testATurnTooFarFailsTheSnapshotWhileItTurns_V1() throws {
        try MainActor.assumeIsolated {
            let (recorder, _) = growingSquare(broken: true)

            let checks = try checkAnimationSnapshots(of: recorder, at: [0.2], named: ["growing"], record: .never,
                                                     testName: "testSquareGrowsAndTurns_V1")

            guard case .failed(let result, _, _, _)? = checks.first?.outcome else {
                return XCTFail("expected a failed snapshot, got \(String(describing: checks.first?.outcome))")
            }
            XCTAssertGreaterThan(result.differingPixels, 20)
        }
    }

    func testTheSizeAtHalfTimeIsHalfWay_V1_CA8() throws {
        try MainActor.assumeIsolated {
            let (recorder, square) = growingSquare()

            let halfway = try recorder.presentation(of: square, at: 0.25)

            XCTAssertEqual(halfway.bounds.size.width, 25, accuracy: 1e-9)
            XCTAssertEqual(square.bounds.size.width, 40, "the model is the end value")
        }
    }
}

/// A 100×50 canvas at 10 fps: a red square grows from 10 to 40 points over 0.5 s and
/// turns a quarter (linear); `broken` turns it a half.
@MainActor
private func growingSquare(broken: Bool = false) -> (Recorder, UIView) {
    let recorder = Recorder(size: CGSize(width: 100, height: 50), fps: 10)
    let square = UIView(frame: CGRect(x: 20, y: 20, width: 10, height: 10))
    square.backgroundColor = .systemRed
    recorder.rootView.addSubview(square)
    UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: {
        square.bounds.size = CGSize(width: 40, height: 40)
        square.transform = CGAffineTransform(rotationAngle: broken ? .pi : .pi / 2)
    })
    return (recorder, square)
}
