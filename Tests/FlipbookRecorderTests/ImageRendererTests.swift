import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// `UIGraphicsImageRenderer` and string drawing (G8): Core Graphics calls rasterized by
/// the render target into a `UIImage`, usable as a layer's contents. Expected counts are
/// worked out from the geometry, edges on whole pixels.
@MainActor
@Suite struct ImageRendererTests {
    /// A recorder, whose stage is what rasterizes.
    private let recorder = Recorder(size: CGSize(width: 200, height: 100))

    /// The pixels of `image` that are exactly `color` (straight alpha, premultiplied storage).
    private func count(_ color: RGBA8, in image: CGImage) -> Int {
        let bitmap = Bitmap(width: image.width, height: image.height, pixels: image.premultipliedBGRA)
        var n = 0
        for y in 0..<image.height { for x in 0..<image.width where bitmap[x, y] == color { n += 1 } }
        return n
    }

    /// The box around every pixel with any ink (alpha > 0), in pixels.
    private func inkBox(_ image: CGImage) -> CGRect? {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for y in 0..<image.height {
            for x in 0..<image.width where image.premultipliedBGRA[(y * image.width + x) * 4 + 3] > 0 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        guard maxX >= 0 else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    @Test func fillAndStrokeDrawTheRectanglesTheyName_G8() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20))

        let image = renderer.image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 20))
            UIColor.blue.setStroke()
            context.cgContext.setLineWidth(2)
            context.stroke(CGRect(x: 20, y: 4, width: 16, height: 12))
        }
        let pixels = try #require(image.cgImage)

        #expect(image.size == CGSize(width: 40, height: 20))
        #expect(count(RGBA8(255, 0, 0), in: pixels) == 10 * 20)
        #expect(count(RGBA8(0, 0, 255), in: pixels) == 18 * 14 - 14 * 10, "a 2-point outline centred on the edges")
        #expect(count(RGBA8(0, 0, 0, 0), in: pixels) == 40 * 20 - 200 - 112, "the rest is clear")
    }

    @Test func aScaledRendererMakesMorePixelsOfTheSameSizeInPoints_G8() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let renderer = UIGraphicsImageRenderer(bounds: CGRect(x: 100, y: 50, width: 10, height: 10), format: format)

        let image = renderer.image { _ in
            UIColor.green.setFill()
            UIBezierPath(rect: CGRect(x: 100, y: 50, width: 5, height: 10)).fill()
        }
        let pixels = try #require(image.cgImage)

        #expect(image.size == CGSize(width: 10, height: 10) && image.scale == 2)
        #expect(pixels.width == 20 && pixels.height == 20)
        #expect(count(RGBA8(0, 255, 0), in: pixels) == 10 * 20, "the bounds' origin is the image's top-left")
        #expect(inkBox(pixels) == CGRect(x: 0, y: 0, width: 10, height: 20))
    }

    @Test func aRenderedImageIsALayersContentsInTheRecording_G7() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        let layer = CALayer()
        layer.frame = CGRect(x: 50, y: 40, width: 20, height: 20)
        layer.contents = image.cgImage
        recorder.rootView.layer.addSublayer(layer)
        let sink = BitmapCollector(width: 200, height: 100)

        try recorder.render(duration: 0, into: sink)
        let frame = try #require(sink.frames.first?.bitmap)

        #expect(frame[60, 50] == RGBA8(255, 0, 0))
        #expect(frame[45, 50] == RGBA8(255, 255, 255))
    }

    private func text(_ string: String, in size: CGSize, _ attributes: [NSAttributedString.Key: Any]) throws -> CGImage {
        try #require(UIGraphicsImageRenderer(size: size).image { _ in
            string.draw(in: CGRect(origin: .zero, size: size), withAttributes: attributes)
        }.cgImage)
    }

    /// The ink box of the text drawn, failing when nothing was drawn.
    private func textBox(_ string: String, in size: CGSize, _ attributes: [NSAttributedString.Key: Any]) throws -> CGRect {
        try #require(inkBox(text(string, in: size, attributes)))
    }

    @Test func stringsDrawAlignedInTheirRectangle() throws {
        let centred = NSMutableParagraphStyle()
        centred.alignment = .center
        let right = NSMutableParagraphStyle()
        right.alignment = .right
        let font = UIFont.systemFont(ofSize: 20)

        let left = try textBox("Hi", in: CGSize(width: 200, height: 40), [.font: font])
        let middle = try textBox("Hi", in: CGSize(width: 200, height: 40),
                                                       [.font: font, .paragraphStyle: centred])
        let end = try textBox("Hi", in: CGSize(width: 200, height: 40),
                                                    [.font: font, .paragraphStyle: right])

        #expect(left.minX < 4, "natural alignment starts at the left edge")
        #expect(abs(middle.midX - 100) < 2, "centred: ink centre \(middle.midX)")
        #expect(end.maxX > 195, "right-aligned ends at the right edge")
        #expect(abs(left.width - middle.width) <= 1 && abs(left.width - end.width) <= 1)
    }

    @Test func lineSpacingAddsItsPointsBetweenLinesAndTheFontSizeScalesTheText() throws {
        let spaced = NSMutableParagraphStyle()
        spaced.lineSpacing = 12
        let size = CGSize(width: 100, height: 100)

        let tight = try textBox("H\nH", in: size, [.font: UIFont.systemFont(ofSize: 16)])
        let loose = try textBox("H\nH", in: size, [.font: UIFont.systemFont(ofSize: 16),
                                                                           .paragraphStyle: spaced])
        let small = try textBox("H", in: size, [.font: UIFont.systemFont(ofSize: 16)])
        let large = try textBox("H", in: size, [.font: UIFont.systemFont(ofSize: 32)])

        #expect(abs(loose.height - tight.height - 12) <= 1, "\(loose.height) vs \(tight.height)")
        #expect(abs(large.height / small.height - 2) < 0.2, "an H twice as tall at twice the size")
    }

    @Test func textIsDrawnInItsColourClippedToItsRectangleOrFromAPoint() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 20), .foregroundColor: UIColor.blue]
        let long = String(repeating: "word ", count: 40)

        let clipped = try text(long, in: CGSize(width: 100, height: 30), attributes)
        let attributed = try #require(UIGraphicsImageRenderer(size: CGSize(width: 300, height: 60)).image { _ in
            NSAttributedString(string: "one line, no box", attributes: attributes).draw(at: CGPoint(x: 10, y: 20))
        }.cgImage)
        let box = try #require(inkBox(attributed))

        #expect(try #require(inkBox(clipped)).maxY <= 30)
        #expect(count(RGBA8(0, 0, 255), in: clipped) > 50, "solid blue inside the strokes")
        #expect(box.minX >= 10 && box.minX < 13 && box.minY >= 20, "from the point")
        #expect(box.height < 30, "on one line")
    }
}

/// PNG data of drawn images, read back through the decoder.
@MainActor
@Suite struct ImagePNGDataTests {
    @Test func rendererPNGDataDecodesToWhatWasDrawn() throws {
        _ = Recorder(size: CGSize(width: 10, height: 10))
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2))

        let data = renderer.pngData { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        let decoded = try PNGCodec.decode(Array(data))

        #expect(Array(data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "the PNG signature")
        #expect(decoded.width == 4 && decoded.height == 2)
        #expect(decoded[0, 0] == RGBA8(255, 0, 0) && decoded[3, 1].a == 0, "red on the left, clear on the right")
    }

    @Test func anImagesPNGDataKeepsItsPixelsAndAnEmptyImageHasNone() throws {
        let image = UIImage(cgImage: CGImage(width: 1, height: 1, colors: [CGColor(red: 0, green: 0, blue: 1, alpha: 1)]))

        let decoded = try PNGCodec.decode(Array(try #require(image.pngData())))

        #expect(decoded[0, 0] == RGBA8(0, 0, 255))
        #expect(UIImage().pngData() == nil)
    }
}
