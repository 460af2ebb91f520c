import FlipbookRender
import XCTest

final class BitmapTests: XCTestCase {
    func testStraightAlphaPixelsUndoPremultiplication() {
        let bitmap = Bitmap(width: 2, height: 1, pixels: [0, 0, 255, 255, /* */ 0, 64, 128, 128])

        let straight = bitmap.straightAlphaPixels

        XCTAssertEqual(Array(straight[0..<4]), [0, 0, 255, 255], "opaque pixels are unchanged")
        XCTAssertEqual(Array(straight[4..<8]), [0, 128, 255, 128])
    }
}
