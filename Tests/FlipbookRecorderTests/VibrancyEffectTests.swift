import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// `UIVibrancyEffect` in a `UIVisualEffectView` over a blur: the content's shapes drawn in
/// the style's colour, whatever colour the content has.
@MainActor
@Suite struct VibrancyEffectTests {
    private func firstFrame(_ recorder: Recorder) throws -> Bitmap {
        let sink = BitmapCollector(width: 100, height: 100)
        try recorder.render(duration: 0, into: sink)
        return try #require(sink.frames.first?.bitmap)
    }

    /// A dark blur over a black canvas holding a vibrancy view with a 20-point red square
    /// at (10, 10) in its content.
    private func vibrantSquare(_ style: UIVibrancyEffectStyle?, blur: UIBlurEffect.Style = .dark)
        -> (Recorder, UIVisualEffectView) {
        let recorder = Recorder(size: CGSize(width: 100, height: 100), backgroundColor: .black)
        let blur = UIBlurEffect(style: blur)
        let blurView = UIVisualEffectView(effect: blur)
        blurView.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let effect = style.map { UIVibrancyEffect(blurEffect: blur, style: $0) } ?? UIVibrancyEffect(blurEffect: blur)
        let vibrancy = UIVisualEffectView(effect: effect)
        vibrancy.frame = blurView.bounds
        let square = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        square.backgroundColor = .red
        vibrancy.contentView.addSubview(square)
        blurView.contentView.addSubview(vibrancy)
        recorder.rootView.addSubview(blurView)
        return (recorder, vibrancy)
    }

    @Test func labelVibrancyOverADarkBlurDrawsTheContentsShapeInWhite() throws {
        let (recorder, _) = vibrantSquare(nil)

        let frame = try firstFrame(recorder)

        #expect(frame[20, 20] == RGBA8(255, 255, 255), "the square's shape in the dark label colour, not red")
        #expect(frame[50, 50].r < 40, "the dark tint elsewhere: \(frame[50, 50])")
        #expect(frame[9, 20] == frame[50, 50], "only the content's shape")
    }

    @Test func secondaryLabelOverALightBlurIsTranslucentGrey() throws {
        let (recorder, _) = vibrantSquare(.secondaryLabel, blur: .light)

        let frame = try firstFrame(recorder)
        let inside = frame[20, 20], outside = frame[50, 50]

        #expect(inside.r < outside.r && inside.b >= inside.r, "darker than the light tint, grey-blue (60, 60, 67): \(inside) vs \(outside)")
        #expect(inside.r > 40, "60 % of the light label colour lets the tint through: \(inside)")
    }

    @Test func removingTheEffectPutsTheContentBackAsItIs() throws {
        let (recorder, vibrancy) = vibrantSquare(.label)

        vibrancy.effect = nil
        let frame = try firstFrame(recorder)

        #expect(frame[20, 20] == RGBA8(255, 0, 0))
        #expect(vibrancy.contentView.superview === vibrancy)
    }
}
