import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// The views animation code hosts its layers in, as drawn: a button's title and image, a
/// scroll view's moved content, a visual effect view's tint.
@MainActor
@Suite struct HostViewDrawingTests {
    private let white = RGBA8(255, 255, 255)

    private func frames(_ recorder: Recorder, duration: TimeInterval = 0) throws -> [Bitmap] {
        let sink = BitmapCollector(width: 100, height: 100)
        try recorder.render(duration: duration, into: sink)
        return sink.frames.map(\.bitmap)
    }

    /// The pixels in `rect` for which `test` holds.
    private func count(in bitmap: Bitmap, _ rect: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100),
                       where test: (RGBA8) -> Bool) -> Int {
        var n = 0
        for y in Int(rect.minY)..<Int(rect.maxY) { for x in Int(rect.minX)..<Int(rect.maxX) where test(bitmap[x, y]) { n += 1 } }
        return n
    }

    @Test func aButtonsTitleFallsBackToNormalAndDrawsInItsTintInsideItsFrame() throws {
        let recorder = Recorder(size: CGSize(width: 100, height: 100))
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 10, y: 30, width: 80, height: 40)
        button.setTitle("Go", for: .normal)
        button.setTitle("Gone", for: .disabled)
        recorder.rootView.addSubview(button)

        let frame = try #require(frames(recorder).first)

        #expect(button.title(for: .highlighted) == "Go" && button.title(for: .disabled) == "Gone")
        #expect(button.titleLabel?.text == "Go" && button.currentTitleColor == .systemBlue)
        #expect(count(in: frame, CGRect(x: 10, y: 30, width: 80, height: 40)) { $0.b > 200 && $0.r < 150 } > 20,
                "the title in system blue")
        #expect(count(in: frame) { $0 != white } == count(in: frame, CGRect(x: 10, y: 30, width: 80, height: 40)) { $0 != white },
                "nothing outside the button")
    }

    @Test func aButtonsImageIsCentredWithoutATitle() throws {
        let recorder = Recorder(size: CGSize(width: 100, height: 100))
        let red = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let button = UIButton(type: .custom)
        button.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        button.setImage(red, for: .normal)
        recorder.rootView.addSubview(button)

        let frame = try #require(frames(recorder).first)

        #expect(button.imageView?.image === red)
        #expect(count(in: frame) { $0 == RGBA8(255, 0, 0) } == 100)
        #expect(count(in: frame, CGRect(x: 35, y: 35, width: 10, height: 10)) { $0 == RGBA8(255, 0, 0) } == 100,
                "at 20 + (40 − 10) / 2")
    }

    @Test func scrolledContentShowsMovedUpAndClipped() throws {
        let recorder = Recorder(size: CGSize(width: 100, height: 100))
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        let row = UIView(frame: CGRect(x: 0, y: 60, width: 100, height: 20))
        row.backgroundColor = .blue
        scroll.addSubview(row)
        scroll.contentOffset = CGPoint(x: 0, y: 40)
        recorder.rootView.addSubview(scroll)

        let frame = try #require(frames(recorder).first)

        #expect(count(in: frame) { $0 == RGBA8(0, 0, 255) } == 100 * 20)
        #expect(count(in: frame, CGRect(x: 0, y: 20, width: 100, height: 20)) { $0 == RGBA8(0, 0, 255) } == 100 * 20,
                "content at 60 shows at 60 − 40")
    }

    @Test func aBlurEffectViewDrawsItsTintOverWhatIsBehindAndFadesItIn() throws {
        let recorder = Recorder(size: CGSize(width: 100, height: 100), backgroundColor: .black)
        let effect = UIVisualEffectView(effect: nil)
        effect.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
        recorder.rootView.addSubview(effect)
        let label = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        label.backgroundColor = .red
        effect.contentView.addSubview(label)
        recorder.at(0) {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { effect.effect = UIBlurEffect(style: .light) }
        }

        let frames = try frames(recorder, duration: 1)

        #expect(frames[0][30, 50] == RGBA8(0, 0, 0), "no effect: nothing drawn")
        #expect(abs(Int(frames[30][30, 50].r) - 38) <= 1,
                "half-way from clear black, component by component: grey 0.5 at 0.3 over black, 0.15 × 255")
        #expect(frames[60][30, 50] == RGBA8(153, 153, 153), "white at 0.6 over black")
        #expect(frames[60][80, 50] == RGBA8(0, 0, 0), "only inside the view")
        #expect(frames[60][5, 5] == RGBA8(255, 0, 0), "the content view draws on top")
    }

    @Test func aBlurEffectViewBlursWhatIsBehindItAndOnlyThere() throws {
        let recorder = Recorder(size: CGSize(width: 100, height: 100))
        for x in stride(from: 0, to: 100, by: 4) {
            let bar = UIView(frame: CGRect(x: x, y: 0, width: 2, height: 100))
            bar.backgroundColor = .black
            recorder.rootView.addSubview(bar)
        }
        let effect = UIVisualEffectView(effect: UIBlurEffect(style: .light))
        effect.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        recorder.rootView.addSubview(effect)

        let frame = try #require(frames(recorder).first)
        let row = (40..<60).map { Int(frame[$0, 50].r) }

        #expect(row.allSatisfy { abs($0 - 204) <= 6 }, "half-black bars blur to grey 127.5, under white at 0.6: \(row)")
        #expect(frame[8, 50] == RGBA8(0, 0, 0) && frame[10, 50] == white, "crisp outside the view: a bar at 8, a gap at 10")
    }
}
