import FlipbookRender
import Foundation
import XCTest

/// A scene's view removed mid-animation and added back: its block completes with
/// `finished` false, its layer's animations stop but one kept on completion, and back on
/// the canvas it shows its model values, not the frames it would have shown (CA9).
final class LeavingWindowCommandTests: CLITestCase {
    /// A red `box` on a white 100×100 canvas sliding, in a 2 s linear block, from the top
    /// left to the bottom right quarter; it leaves the canvas at 0.5 s and is back at 1 s.
    /// Its layer also runs `pulse` (opacity, removed on completion) and `tint` (a kept
    /// background colour animation, `keepTint`: isRemovedOnCompletion false).
    func writeRemovedBox(keepTint: Bool) throws -> String {
        try writeScene("removed.yaml", """
            flipbook: 1
            canvas: {size: [100, 100], fps: 10, duration: 2, background: white}
            views: [{id: box, frame: [0, 0, 50, 50], backgroundColor: red}]
            timeline:
              - at: 0
                do:
                  - animate: {name: slide, duration: 2, options: [curveLinear], do: [{set: {target: box, center: [75, 75]}}]}
                  - addAnimation:
                      layer: box.layer
                      key: tint
                      animation: {class: CABasicAnimation, keyPath: backgroundColor, fromValue: blue, toValue: blue,
                                  duration: 3, isRemovedOnCompletion: \(!keepTint)}
              - {at: 0.5, do: [{removeFromSuperview: box}]}
              - {at: 1, do: [{addSubview: {view: box}}]}
            """)
    }

    func testARemovedViewsBlockAndAnimationsStopWithFinishedFalse_CA9() throws {
        let scene = try writeRemovedBox(keepTint: false)

        let result = try flipbook("events", scene)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, """
            {"t":0.0,"event":"animationDidStart","layer":"box.layer","key":"tint"}
            {"t":0.5,"event":"animationDidStop","layer":"box.layer","key":"tint","finished":false}
            {"t":0.5,"event":"completion","name":"slide","finished":false}

            """)
    }

    func testBackOnTheCanvasTheViewShowsItsModelAndTheAnimationKeptOnCompletion_CA9() throws {
        let scene = try writeRemovedBox(keepTint: true)
        let folder = work.appendingPathComponent("frames")

        let result = try flipbook("render", scene, "--frames", "4,12", "-o", folder.path, "--progress", "none")
        let probe = try flipbook("probe", scene, "--at", "1.2", "--target", "box")

        XCTAssertEqual(result.status, 0, result.err)
        func pixel(_ frame: Int, _ x: Int, _ y: Int) throws -> RGBA8 {
            let file = folder.appendingPathComponent(String(format: "frame_%05d.png", frame))
            return try PNGCodec.decode(Array(try Data(contentsOf: file)))[x, y]
        }
        XCTAssertEqual(try pixel(4, 30, 30), RGBA8(0, 0, 255), "0.4 s: sliding, tinted, the box covers [10, 60]")
        XCTAssertEqual(try pixel(12, 40, 40), RGBA8(255, 255, 255), "1.2 s: not where the slide would have had it ([30, 80])")
        XCTAssertEqual(try pixel(12, 60, 60), RGBA8(0, 0, 255), "but at its model frame, [50, 100], still tinted")
        XCTAssertEqual(probe.status, 0, probe.err)
        XCTAssertTrue(probe.out.contains(#""position":[75.0,75.0]"#), probe.out)
        XCTAssertTrue(probe.out.contains(#""animations":[{"key":"tint""#), probe.out)
    }
}
