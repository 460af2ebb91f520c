import FlipbookRender

/// An opaque picture of where two frames differ: the expected frame faded to a light
/// gray (its luminance over white, at 25 % strength) with every differing pixel pure red.
///
/// A pixel differs when its largest straight-RGBA component difference exceeds
/// `perChannel`. When the sizes differ the image covers both, and pixels that only one
/// of the frames has are red.
public func diffImage(expected: Bitmap, actual: Bitmap, perChannel: Int) -> Bitmap {
    let width = max(expected.width, actual.width)
    let height = max(expected.height, actual.height)
    var pixels = [UInt8](repeating: 255, count: width * height * 4)

    expected.pixels.withUnsafeBufferPointer { e in
        actual.pixels.withUnsafeBufferPointer { a in
            for y in 0..<height {
                for x in 0..<width {
                    let out = (y * width + x) * 4
                    let inBoth = x < expected.width && y < expected.height
                        && x < actual.width && y < actual.height
                    let expectedOffset = (y * expected.width + x) * 4
                    let differs = !inBoth || straightDifference(e, a, at: expectedOffset,
                                                                and: (y * actual.width + x) * 4) > perChannel
                    if differs {
                        pixels[out] = 0; pixels[out + 1] = 0; pixels[out + 2] = 255
                    } else {
                        let gray = fadedGray(e, at: expectedOffset)
                        pixels[out] = gray; pixels[out + 1] = gray; pixels[out + 2] = gray
                    }
                }
            }
        }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
}

/// The expected pixel at byte offset `i` as a light gray: its luminance composited over
/// white, then mixed 25 % over white.
private func fadedGray(_ e: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt8 {
    // Premultiplied colour over white is `c + (255 - a)`.
    let whiteBehind = 255 - Int(e[i + 3])
    let r = Int(e[i + 2]) + whiteBehind, g = Int(e[i + 1]) + whiteBehind, b = Int(e[i]) + whiteBehind
    let luminance = min(255, (r * 299 + g * 587 + b * 114 + 500) / 1000)
    return UInt8(255 - (255 - luminance + 2) / 4)
}
