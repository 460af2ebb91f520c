import FlipbookRender
import FlipbookUIKit
import Testing

/// Pixel checks of text drawn through Pango (G7): where a label's and a text layer's ink
/// falls, how alignment, line limits, truncation and weight change it, and that the same
/// text gives the same bytes.
@MainActor
@Suite struct TextRenderingTests {
    private let canvas = CGSize(width: 200, height: 120)

    /// `layers` on a white canvas.
    private func tree(_ layers: [CALayer], scale: CGFloat = 1) -> RenderTree {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: canvas)
        layers.forEach(root.addSublayer)
        return RenderTree(size: canvas, scale: scale, background: .white, root: root.renderLayer()!)
    }

    /// Renders `layers` on a white canvas.
    private func render(_ layers: CALayer..., scale: CGFloat = 1) throws -> Bitmap {
        try Compositor().render(tree(layers, scale: scale))
    }

    private func label(_ text: String, frame: CGRect, configure: (UILabel) -> Void = { _ in }) -> UILabel {
        let label = UILabel(frame: frame)
        label.text = text
        configure(label)
        return label
    }

    /// Whether a pixel differs visibly from the white background.
    private func isInk(_ pixel: RGBA8) -> Bool { pixel.maxChannelDifference(to: RGBA8(255, 255, 255)) > 24 }

    /// The bounding box of the ink, in pixels, or nil when nothing is drawn.
    private func inkBox(_ bitmap: Bitmap) -> CGRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where isInk(bitmap[x, y]) {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        guard maxX >= 0 else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The number of bands of rows holding ink, separated by rows with none: lines of text.
    private func inkBands(_ bitmap: Bitmap) -> Int {
        var bands = 0, inBand = false
        for y in 0..<bitmap.height {
            let hasInk = (0..<bitmap.width).contains { isInk(bitmap[$0, y]) }
            if hasInk && !inBand { bands += 1 }
            inBand = hasInk
        }
        return bands
    }

    /// The total darkness of the frame: the sum over pixels of 255 minus the green channel.
    private func totalInk(_ bitmap: Bitmap) -> Int {
        var sum = 0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { sum += 255 - Int(bitmap[x, y].g) } }
        return sum
    }

    @Test func testLabelTextOccupiesItsFrameAndNothingOutside_G7() throws {
        let frame = CGRect(x: 20, y: 30, width: 160, height: 40)
        let label = label("Hello, label", frame: frame) { $0.font = .systemFont(ofSize: 20) }

        let bitmap = try render(label.layer)

        let box = try #require(inkBox(bitmap))
        #expect(frame.contains(box), "ink \(box) leaves the frame \(frame)")
        #expect(box.width > 60 && box.height > 10)
        // UIKit centres a label's text vertically.
        #expect(abs(box.midY - frame.midY) < 4, "ink centred at y \(box.midY), the frame at \(frame.midY)")
    }

    @Test func testAlignmentMovesTheInkLeftCentreRight_G7() throws {
        let frame = CGRect(x: 10, y: 10, width: 180, height: 30)
        func box(_ alignment: NSTextAlignment) throws -> CGRect {
            try #require(inkBox(try render(label("Align", frame: frame) { $0.textAlignment = alignment }.layer)))
        }

        let left = try box(.left), center = try box(.center), right = try box(.right), natural = try box(.natural)

        #expect(left.minX < frame.minX + 3)
        #expect(abs(center.midX - frame.midX) < 3)
        #expect(right.maxX > frame.maxX - 3 && right.maxX <= frame.maxX)
        #expect(left.minX < center.minX && center.minX < right.minX)
        #expect(natural == left)
    }

    @Test func testNumberOfLinesOneShowsOneLineAndZeroShowsSeveral_G7() throws {
        let text = "A long sentence that cannot fit on one line of this narrow label, so it wraps."
        let frame = CGRect(x: 10, y: 5, width: 180, height: 110)

        let one = try render(label(text, frame: frame).layer)
        let all = try render(label(text, frame: frame) { $0.numberOfLines = 0 }.layer)

        #expect(inkBands(one) == 1)
        #expect(inkBands(all) >= 3)
        #expect(frame.contains(try #require(inkBox(all))))
    }

    @Test func testAWordTooLongForTheLineBreaksWithoutAHyphen_G7() throws {
        // UIKit hyphenates only when a paragraph style asks (hyphenationFactor 0 by default),
        // so the broken word draws as the same letters with a line break at some place.
        let word = String(repeating: "M", count: 8)
        let frame = CGRect(x: 10, y: 5, width: 90, height: 110)

        let broken = try render(label(word, frame: frame) { $0.numberOfLines = 0 }.layer)
        let placed = try (1..<word.count).map { count in
            try render(label(String(word.prefix(count)) + "\n" + String(word.dropFirst(count)), frame: frame) {
                $0.numberOfLines = 0
            }.layer)
        }

        let drawnAsPlaced = placed.contains(broken)  // not in the message: a bitmap prints every byte

        #expect(inkBands(broken) == 2)
        #expect(drawnAsPlaced, "no line break of the letters alone draws what the label drew")
    }

    @Test func testNumberOfLinesZeroShowsOnlyTheWholeLinesThatFit_G7() throws {
        let text = String(repeating: "Many words that wrap onto many lines. ", count: 8)
        let frame = CGRect(x: 10, y: 10, width: 180, height: 50)

        let bitmap = try render(label(text, frame: frame) { $0.numberOfLines = 0 }.layer)

        // 17-point lines are about 20 points tall: two fit in 50, the third would be cut.
        #expect(inkBands(bitmap) == 2)
        #expect(frame.contains(try #require(inkBox(bitmap))))
    }

    @Test func testTailTruncationEndsTheLineWithAnEllipsisInsideTheFrame_G7() throws {
        let frame = CGRect(x: 10, y: 10, width: 120, height: 30)
        let text = "This text is much too long for the label"

        let bitmap = try render(label(text, frame: frame).layer)

        let box = try #require(inkBox(bitmap))
        #expect(frame.contains(box))
        // The last ink is the ellipsis: dots sitting on the baseline, far shorter than letters.
        let tail = try #require(inkBox(crop(bitmap, to: CGRect(x: box.maxX - 4, y: box.minY, width: 4, height: box.height))))
        #expect(tail.height <= 3, "the last 4 columns of ink are \(tail.height) pixels tall, not dots")
        #expect(tail.maxY >= box.maxY - 6, "the dots sit near the bottom of the ink")
    }

    /// Chinese, Japanese and Korean draw with their own glyphs (Noto Sans CJK, installed by
    /// scripts/install-deps.sh), not the box of hex digits Pango draws for a character no
    /// font has: "一", "ー" and "ㅡ" are each one horizontal stroke, so their ink is a thin
    /// band, where a box fills the line's height. An unassigned character (U+0378) shows
    /// the box, to prove the check tells them apart.
    @Test func testChineseJapaneseAndKoreanDrawTheirGlyphsNotBoxes_G7() throws {
        func inkHeight(_ text: String) throws -> CGFloat {
            let ink = inkBox(try render(label(text, frame: CGRect(x: 10, y: 10, width: 180, height: 60)) {
                $0.font = .systemFont(ofSize: 40)
            }.layer))
            return try #require(ink, "\(text) draws nothing").height
        }

        for stroke in ["\u{4E00}", "\u{30FC}", "\u{3161}"] {
            #expect(try inkHeight(stroke) < 8, "\(stroke) (U+\(String(stroke.unicodeScalars.first!.value, radix: 16))) draws a box")
        }
        #expect(try inkHeight("\u{0378}") > 25, "a character no font has is a box of its hex digits")
    }

    @Test func testBoldHasMoreInkThanRegular_G7() throws {
        let frame = CGRect(x: 10, y: 10, width: 180, height: 40)

        let regular = try render(label("Weight", frame: frame) { $0.font = .systemFont(ofSize: 24) }.layer)
        let bold = try render(label("Weight", frame: frame) { $0.font = .boldSystemFont(ofSize: 24) }.layer)

        #expect(totalInk(bold) > totalInk(regular) * 5 / 4)
    }

    @Test func testTextLayerForegroundColorAnimationIsHalfWayAtHalfTime_G7() throws {
        let runLoop = VirtualRunLoop()
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: canvas)
        runLoop.rootLayers = [root]
        let text = CATextLayer()
        text.frame = CGRect(x: 10, y: 10, width: 180, height: 100)
        text.string = "█"
        text.fontSize = 80
        text.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(text)
        runLoop.performTurn {}
        let animation = CABasicAnimation(keyPath: "foregroundColor")
        animation.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        animation.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)

        runLoop.performTurn { text.add(animation, forKey: "colour") }
        runLoop.advance(to: 0.5)
        let tree = RenderTree(size: canvas, scale: 1, background: .white, root: root.renderLayer()!)
        let bitmap = try Compositor().render(tree)

        let box = try #require(inkBox(bitmap))
        let middle = bitmap[Int(box.midX), Int(box.midY)]
        #expect(middle.maxChannelDifference(to: RGBA8(128, 0, 128)) <= 1, "the block's middle is \(middle)")
    }

    @Test func testTextLayerDrawsAtTheTopOfItsBounds_G7() throws {
        let text = CATextLayer()
        text.frame = CGRect(x: 10, y: 20, width: 180, height: 90)
        text.string = "Top"
        text.fontSize = 20
        text.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

        let box = try #require(inkBox(try render(text)))

        #expect(box.minY >= 20 && box.minY < 30, "ink starts at y \(box.minY)")
    }

    @Test func testSameTextRendersTheSameBytesOnEveryThreadInAnyOrder_G7_R1() throws {
        let frame = CGRect(x: 5, y: 5, width: 190, height: 110)
        let make = { self.label("Deterministic text, on every thread", frame: frame) {
            $0.numberOfLines = 0
            $0.font = .systemFont(ofSize: 19, weight: .semibold)
        } }
        let scales: [CGFloat] = [2, 1]
        let trees = scales.map { tree([make().layer], scale: $0) }

        let rendered = try RenderedAcrossThreads(trees)

        #expect(rendered.differences == [])
        for (bitmap, scale) in zip(rendered.frames, scales) {
            let box = try #require(inkBox(bitmap), "no text drawn at scale \(scale)")
            let framePixels = frame.applying(CGAffineTransform(scaleX: scale, y: scale))
            #expect(framePixels.contains(box), "ink \(box) leaves the frame \(framePixels) at scale \(scale)")
            #expect(box.width > 60 * scale && box.height > 10 * scale, "ink \(box) at scale \(scale)")
        }
    }

    /// The pixels of `bitmap` inside `rect`, elsewhere white.
    private func crop(_ bitmap: Bitmap, to rect: CGRect) -> Bitmap {
        var result = Bitmap(width: bitmap.width, height: bitmap.height, filledWith: RGBA8(255, 255, 255))
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let offset = (y * bitmap.width + x) * 4
                result.pixels[offset..<offset + 4] = bitmap.pixels[offset..<offset + 4]
            }
        }
        return result
    }
}
