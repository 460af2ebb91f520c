import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// `snapshotView(afterScreenUpdates:)`, `drawHierarchy(in:afterScreenUpdates:)` and
/// `CALayer.render(in:)`: a still of a view as it showed, which later changes do not reach.
@MainActor
@Suite struct SnapshotViewTests {
    private let red = RGBA8(255, 0, 0), blue = RGBA8(0, 0, 255)

    private func firstFrame(_ recorder: Recorder) throws -> Bitmap {
        let sink = BitmapCollector(width: 100, height: 100)
        try recorder.render(duration: 0, into: sink)
        return try #require(sink.frames.first?.bitmap)
    }

    private func count(in bitmap: Bitmap, _ rect: CGRect, of colour: RGBA8) -> Int {
        var n = 0
        for y in Int(rect.minY)..<Int(rect.maxY) { for x in Int(rect.minX)..<Int(rect.maxX) where bitmap[x, y] == colour { n += 1 } }
        return n
    }

    /// A 40×20 card: red, with a blue square subview at its left.
    private func card() -> UIView {
        let card = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        card.backgroundColor = .red
        let square = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        square.backgroundColor = .blue
        card.addSubview(square)
        return card
    }

    @Test func snapshotShowsTheViewAsItWasWhereverItIsPut() throws {
        let recorder = Recorder(size: CGSize(width: 100, height: 100))
        let original = card()
        recorder.rootView.addSubview(original)

        let snapshot = try #require(original.snapshotView(afterScreenUpdates: false))
        original.backgroundColor = .green
        original.isHidden = true
        snapshot.frame.origin = CGPoint(x: 50, y: 60)
        recorder.rootView.addSubview(snapshot)
        let frame = try firstFrame(recorder)

        #expect(snapshot.bounds.size == CGSize(width: 40, height: 20))
        #expect(count(in: frame, CGRect(x: 50, y: 60, width: 20, height: 20), of: blue) == 400, "the subview")
        #expect(count(in: frame, CGRect(x: 70, y: 60, width: 20, height: 20), of: red) == 400,
                "the background it had, not the green set after")
        #expect(count(in: frame, CGRect(x: 0, y: 0, width: 100, height: 60), of: red) == 0, "nothing where the card was")
    }

    @Test func snapshotStretchesWithItsFrame() throws {
        let recorder = Recorder(size: CGSize(width: 100, height: 100))
        let snapshot = try #require(card().snapshotView(afterScreenUpdates: true))

        snapshot.frame = CGRect(x: 0, y: 0, width: 80, height: 40)
        recorder.rootView.addSubview(snapshot)
        let frame = try firstFrame(recorder)

        #expect(count(in: frame, CGRect(x: 0, y: 0, width: 40, height: 40), of: blue) == 1600)
        #expect(count(in: frame, CGRect(x: 40, y: 0, width: 40, height: 40), of: red) == 1600)
    }

    @Test func aHiddenViewHasNoSnapshot() {
        let view = card()
        view.isHidden = true

        #expect(view.snapshotView(afterScreenUpdates: true) == nil)
    }

    @Test func drawHierarchyDrawsTheViewIntoAnImage() throws {
        _ = Recorder(size: CGSize(width: 100, height: 100))
        let view = card()
        var drew = false

        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10)).image { _ in
            drew = view.drawHierarchy(in: CGRect(x: 0, y: 0, width: 20, height: 10), afterScreenUpdates: true)
        }
        let pixels = try #require(image.cgImage?.premultipliedBGRA)

        #expect(drew)
        #expect(Array(pixels[0..<4]) == [255, 0, 0, 255], "the blue square at the left, BGRA")
        #expect(Array(pixels[(19 * 4)..<(20 * 4)]) == [0, 0, 255, 255], "the red card at the right")
        #expect(!view.drawHierarchy(in: .zero, afterScreenUpdates: false), "no current context")
    }

    @Test func layerRendersIntoAContextInItsOwnCoordinates() throws {
        _ = Recorder(size: CGSize(width: 100, height: 100))
        let layer = CALayer()
        layer.frame = CGRect(x: 30, y: 30, width: 10, height: 10)
        layer.backgroundColor = UIColor.blue.cgColor

        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { context in
            layer.render(in: context.cgContext)
        }
        let pixels = try #require(image.cgImage?.premultipliedBGRA)

        #expect(pixels.count == 400 && stride(from: 0, to: 400, by: 4).allSatisfy { pixels[$0] == 255 && pixels[$0 + 3] == 255 },
                "the layer's bounds fill the image, whatever its position")
    }
}
