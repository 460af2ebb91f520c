import FlipbookRender
import Foundation
import XCTest

/// A scene's layer with a `draw:` list shows `contents` set after its drawing until
/// `setNeedsDisplay` draws over them (G13), rendered by `flipbook render`.
final class DrawingAndContentsCommandTests: CLITestCase {
    func testContentsSetAfterADrawingShowUntilSetNeedsDisplay_G13() throws {
        try FileManager.default.createDirectory(at: work.appendingPathComponent("images"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("scenes/content/images/frame-3.png"),
                                         to: work.appendingPathComponent("images/frame-3.png"))
        let scene = try writeScene("drawn.yaml", """
            flipbook: 1
            canvas: {size: [40, 40], fps: 10, duration: 1, background: white}
            layers:
              - id: badge
                frame: [0, 0, 40, 40]
                draw: [{fill: {path: {rect: [0, 0, 40, 40]}, color: red}}]
            timeline:
              - {at: 0.2, do: [{transaction: {disableActions: true, do: [{set: {target: badge, contents: images/frame-3.png}}]}}]}
              - {at: 0.6, do: [{setNeedsDisplay: badge}]}
            """)
        let folder = work.appendingPathComponent("frames")

        let result = try flipbook("render", scene, "--frames", "1,4,7", "-o", folder.path, "--progress", "none")

        XCTAssertEqual(result.status, 0, result.err)
        func pixel(_ frame: Int) throws -> RGBA8 {
            let file = folder.appendingPathComponent(String(format: "frame_%05d.png", frame))
            return try PNGCodec.decode(Array(try Data(contentsOf: file)))[2, 2]
        }
        XCTAssertEqual(try pixel(1), RGBA8(255, 0, 0), "the drawing")
        XCTAssertEqual(try pixel(4), RGBA8(60, 170, 80), "the image set after it (frame-3.png's background)")
        XCTAssertEqual(try pixel(7), RGBA8(255, 0, 0), "drawn again over the image")
    }
}
