import FlipbookRender
import XCTest

final class BitmapTests: XCTestCase {
    func testStraightAlphaPixelsUndoPremultiplication() {
        let bitmap = Bitmap(width: 2, height: 1, pixels: [0, 0, 255, 255, /* */ 0, 64, 128, 128])

        let straight = bitmap.straightAlphaPixels

        XCTAssertEqual(Array(straight[0..<4]), [0, 0, 255, 255], "opaque pixels are unchanged")
        XCTAssertEqual(Array(straight[4..<8]), [0, 128, 255, 128])
    }

    func testBitmapsAreEqualOnlyWithTheSameSizeAndEveryByte() {
        let bytes: [UInt8] = Array(0..<64)
        let bitmap = Bitmap(width: 4, height: 4, pixels: bytes)
        var lastByte = bytes
        lastByte[63] ^= 1
        var firstByte = bytes
        firstByte[0] ^= 0x80

        XCTAssertEqual(bitmap, Bitmap(width: 4, height: 4, pixels: bytes))
        XCTAssertNotEqual(bitmap, Bitmap(width: 4, height: 4, pixels: lastByte))
        XCTAssertNotEqual(bitmap, Bitmap(width: 4, height: 4, pixels: firstByte))
        XCTAssertNotEqual(bitmap, Bitmap(width: 2, height: 8, pixels: bytes), "the same bytes in another shape")
        XCTAssertEqual(Bitmap(width: 0, height: 3, pixels: []), Bitmap(width: 0, height: 3, pixels: []))
        XCTAssertNotEqual(Bitmap(width: 0, height: 3, pixels: []), Bitmap(width: 3, height: 0, pixels: []))
    }
}
