import FlipbookRender

/// Frames side by side in one image, so that one snapshot shows motion.
public enum Filmstrip {
    /// Pixels of the line between two frames.
    public static let separatorWidth = 2
    /// The line's colour: opaque mid gray, seen over light and dark backgrounds alike.
    public static let separatorColor = RGBA8(128, 128, 128)

    /// `frames` left to right with a separator between each two; each column as tall as
    /// the tallest frame, shorter frames top-aligned over transparent pixels.
    static func joining(_ frames: [Bitmap]) -> Bitmap {
        let height = frames.map(\.height).max() ?? 0
        let width = frames.map(\.width).reduce(0, +) + separatorWidth * max(0, frames.count - 1)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let separator = separatorColor.premultiplied
        var left = 0
        for (index, frame) in frames.enumerated() {
            if index > 0 {
                for y in 0..<height {
                    for x in left..<(left + separatorWidth) {
                        let i = (y * width + x) * 4
                        pixels[i] = separator.b; pixels[i + 1] = separator.g; pixels[i + 2] = separator.r; pixels[i + 3] = separator.a
                    }
                }
                left += separatorWidth
            }
            for y in 0..<frame.height {
                let row = frame.pixels[(y * frame.width * 4)..<((y + 1) * frame.width * 4)]
                pixels.replaceSubrange(((y * width + left) * 4)..<((y * width + left + frame.width) * 4), with: row)
            }
            left += frame.width
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
