import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// Code-first recording: frames at t = i / fps (T5), the length found by running until
/// idle, and the same bytes on every run (Determinism).
@MainActor
@Suite struct RecorderTests {
    private let red = RGBA8(255, 0, 0)
    private let white = RGBA8(255, 255, 255)

    /// An 80×40 canvas at 10 fps with a 20×20 red box at the left, sliding (linear, 1 s)
    /// until its centre is at x = 70.
    private func slidingBox() -> (recorder: Recorder, box: UIView) {
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
        let box = UIView(frame: CGRect(x: 0, y: 10, width: 20, height: 20))
        box.backgroundColor = .red
        recorder.rootView.addSubview(box)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 10
        slide.toValue = 70
        slide.duration = 1
        slide.timingFunction = CAMediaTimingFunction(name: .linear)
        box.center.x = 70
        box.layer.add(slide, forKey: "slide")
        return (recorder, box)
    }

    private func frames(of recorder: Recorder, duration: TimeInterval? = nil) throws -> [Bitmap] {
        let sink = BitmapCollector(width: 80, height: 40)
        try recorder.render(duration: duration, into: sink)
        return sink.frames.map(\.bitmap)
    }

    @Test func framesShowTheAnimationAtTheirTimes_T5() throws {
        let (recorder, _) = slidingBox()

        let frames = try frames(of: recorder)

        #expect(frames.count == 11, "1 s at 10 fps, until the animation ends")
        #expect(frames[0][0, 20] == red)
        #expect(frames[0][19, 20] == red)
        #expect(frames[0][20, 20] == white)
        #expect(frames[5][29, 20] == white, "t = 0.5 s: halfway, x 30…50")
        #expect(frames[5][30, 20] == red)
        #expect(frames[5][49, 20] == red)
        #expect(frames[5][50, 20] == white)
        #expect(frames[10][59, 20] == white, "t = 1 s: at the end, x 60…80")
        #expect(frames[10][60, 20] == red)
        #expect(frames[10][79, 20] == red)
    }

    @Test func scheduledChangesRunAtTheirTimeAndAnimateStandaloneLayersImplicitly_TX1() throws {
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 10, width: 20, height: 20)
        dot.backgroundColor = UIColor.red.cgColor
        recorder.rootView.layer.addSublayer(dot)
        recorder.at(1.5) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.5)
            dot.position.x = 70
            CATransaction.commit()
        }

        let frames = try frames(of: recorder)

        #expect(frames.count == 21, "idle at 1.5 + 0.5 s: 2 s at 10 fps")
        #expect(frames[15][0, 20] == red, "the change starts at 1.5 s, from the old value")
        #expect(frames[15][20, 20] == white)
        #expect(frames[20][59, 20] == white)
        #expect(frames[20][60, 20] == red)
    }

    @Test(arguments: [(0.24, 3), (0.26, 4)])
    func untilIdleEndsAtTheFrameNearestTheLastEvent(animationDuration: Double, frameCount: Int) throws {
        let (recorder, box) = slidingBox()
        box.layer.removeAllAnimations()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = animationDuration
        box.layer.add(fade, forKey: "fade")

        let frames = try frames(of: recorder)

        #expect(frames.count == frameCount, "round(duration · fps) + 1, as for a scene")
    }

    @Test func aDurationCutsOrHoldsTheRecording() throws {
        let short = try frames(of: slidingBox().recorder, duration: 0.5)
        let long = try frames(of: slidingBox().recorder, duration: 2)

        #expect(short.count == 6)
        #expect(short[5][40, 20] == red)
        #expect(long.count == 21)
        let holds = long[20] == long[10]
        #expect(holds, "after the animation the last value holds")
    }

    @Test func twoRecordingsGiveTheSameBytes_Determinism() throws {
        let folders = (0..<2).map { _ in
            FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-recorder-\(UUID())")
        }
        defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }

        for folder in folders {
            let (recorder, box) = slidingBox()
            box.layer.cornerRadius = 6
            box.layer.shadowOpacity = 0.5
            box.layer.shadowRadius = 3
            recorder.at(0.35) { box.alpha = 0.6 }
            try recorder.render(to: folder)
        }

        let names = try FileManager.default.contentsOfDirectory(atPath: folders[0].path).sorted()
        #expect(names == [PNGRenderFolder.lockName, PNGRenderFolder.manifestName] + (0...10).map(PNGSequenceSink.fileName(frame:)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders[1].path).sorted() == names)
        for name in names {
            let bytes = try folders.map { try Data(contentsOf: $0.appendingPathComponent(name)) }
            #expect(bytes[0] == bytes[1], "\(name) differs between two runs")
        }
    }

    @Test func aRecordingIntoAFolderWritesTheRenderManifestAndLeavesNoStaleFrames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-recorder-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try slidingBox().recorder.render(duration: 2, to: folder)
        let longer = try FileManager.default.contentsOfDirectory(atPath: folder.path).count

        try slidingBox().recorder.render(duration: 0.5, to: folder)

        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(longer == 23, "21 frames, the manifest and its lock")
        #expect(names == [PNGRenderFolder.lockName, PNGRenderFolder.manifestName] + (0...5).map(PNGSequenceSink.fileName(frame:)),
                "the earlier recording's frames 6 to 20 are gone")
        let manifest = try JSONDecoder().decode(PNGRenderFolder.Manifest.self,
                                                from: Data(contentsOf: folder.appendingPathComponent(PNGRenderFolder.manifestName)))
        #expect(manifest.complete)
        #expect(manifest.renderFrameCount == 6)
        #expect(manifest.width == 80 && manifest.height == 40 && manifest.fps == 10)
        #expect(manifest.build == BuildIdentity.current)
    }

    @Test func aRecordingRefusesAFolderHoldingFramesOfUnknownOrigin() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-recorder-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stranger = folder.appendingPathComponent(PNGSequenceSink.fileName(frame: 40))
        try Data("not ours".utf8).write(to: stranger)

        #expect(throws: PNGRenderFolder.Failure.self) { try slidingBox().recorder.render(duration: 1, to: folder) }

        #expect(try Data(contentsOf: stranger) == Data("not ours".utf8))
    }

    @Test func anAnimationThatRepeatsForeverNeedsADuration() throws {
        let (recorder, box) = slidingBox()
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 1
        pulse.toValue = 0.5
        pulse.repeatCount = .infinity
        box.layer.add(pulse, forKey: "pulse")

        #expect(throws: Recorder.Failure.self) { try recorder.render(into: BitmapCollector(width: 80, height: 40)) }
    }

    @Test func aSecondRenderThrowsSayingToMakeANewRecorder() throws {
        let recorder = slidingBox().recorder
        try recorder.render(duration: 0.5, into: BitmapCollector(width: 80, height: 40))

        #expect {
            try recorder.render(duration: 0.5, into: BitmapCollector(width: 80, height: 40))
        } throws: { error in
            "\(error)".contains("a Recorder renders once") && "\(error)".contains("make a new Recorder")
        }
    }

    /// An 8×8-point canvas at 1 fps with a view fading for `seconds`.
    private func fading(for seconds: TimeInterval) -> Recorder {
        let recorder = Recorder(size: CGSize(width: 8, height: 8), fps: 1)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
        view.backgroundColor = .red
        recorder.rootView.addSubview(view)
        UIView.animate(withDuration: seconds) { view.alpha = 0 }
        return recorder
    }

    @Test func aRecordingStillPlayingAtTheDefaultLimitOf600SecondsThrowsBeforeWritingAFrame() throws {
        let sink = BitmapCollector(width: 8, height: 8)

        #expect {
            try fading(for: 1e6).render(into: sink)
        } throws: { error in
            "\(error)".contains("still plays at t = 600 s, the limit") && "\(error)".contains("render(duration:")
        }
        #expect(sink.frames.count == 0, "nothing written")
    }

    @Test func aLargerLimitRecordsALongerPlayUntilItEnds() throws {
        let sink = BitmapCollector(width: 8, height: 8)

        #expect(throws: Recorder.Failure.self) { try fading(for: 30).render(limit: 20, into: sink) }
        try fading(for: 30).render(limit: 40, into: sink)

        #expect(sink.frames.count == 31, "until the fade ends at 30 s, at 1 fps")
    }

    @Test func aDurationUpToTheLimitRecordsAndOnePastItThrows() throws {
        let sink = BitmapCollector(width: 8, height: 8)

        try fading(for: 1).render(duration: 700, limit: 700, into: sink)

        #expect(sink.frames.count == 701)
        #expect {
            try fading(for: 1).render(duration: 30, limit: 20, into: sink)
        } throws: { error in
            "\(error)".contains("between 0 and 20 seconds, got 30")
        }
    }

    @Test func aRenderRefusedBeforeItRanCanBeTriedAgainOnTheSameRecorder() throws {
        let recorder = fading(for: 1)
        let sink = BitmapCollector(width: 8, height: 8)

        #expect(throws: Recorder.Failure.self) { try recorder.render(duration: 700, into: sink) }
        try recorder.render(duration: 700, limit: 800, into: sink)

        #expect(sink.frames.count == 701)
    }

    @Test(arguments: [-1, .nan, .infinity, 1e300])
    func aLimitThatIsNotATimeToRecordThrows(limit: TimeInterval) throws {
        #expect {
            try fading(for: 1).render(limit: limit, into: BitmapCollector(width: 8, height: 8))
        } throws: { error in
            "\(error)".contains("the limit must be between 0 and")
        }
    }

    @Test func aScheduledTimeThatIsNotFiniteFailsTheRenderNamingIt_T5() throws {
        let (recorder, box) = slidingBox()
        var ran = false
        recorder.at(.nan) { ran = true }
        recorder.at(0.5) { box.alpha = 0.5 }

        #expect {
            try recorder.render(duration: 1, into: BitmapCollector(width: 80, height: 40))
        } throws: { error in
            "\(error)" == "at(nan) was given a time that is not finite: pass the seconds into the recording when the changes run"
        }
        #expect(!ran)
    }

    @Test func anUnknownExtensionFailsBeforeWritingAnything() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-\(UUID()).avi")

        #expect {
            try slidingBox().recorder.render(to: output)
        } throws: { error in
            "\(error)".contains("name an .mp4, .webm, .mov or .gif file")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aCanvasOutOfRangeFailsSayingWhy() throws {
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 0)

        #expect {
            try recorder.render(duration: 1, into: BitmapCollector(width: 80, height: 40))
        } throws: { error in
            "\(error)".contains("fps must be between")
        }
    }

    @Test func aDarkRecorderDrawsDynamicColoursInTheirDarkValues_G9() throws {
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10, backgroundColor: .systemBackground,
                                appearance: .dark)
        // Set before the view is on the stage: resolved again when it is added.
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        card.backgroundColor = .secondarySystemBackground
        let label = UILabel(frame: CGRect(x: 40, y: 0, width: 30, height: 40))
        label.text = "█"
        label.font = .systemFont(ofSize: 18)
        recorder.rootView.addSubview(card)
        recorder.rootView.addSubview(label)

        let frame = try #require(try frames(of: recorder, duration: 0).first)

        #expect(frame[20, 20] == RGBA8(28, 28, 30), "secondarySystemBackground, dark")
        #expect(frame[78, 1] == RGBA8(0, 0, 0), "systemBackground, dark")
        #expect((0..<30).contains { frame[40 + $0, 20] == RGBA8(255, 255, 255) }, "label text in white (.label, dark)")
    }

    @Test func aRootViewControllerFillsTheCanvasAndItsViewDidAppearAnimationIsRecorded() throws {
        final class Fading: UIViewController {
            var calls: [String] = []
            override func viewDidLoad() {
                calls.append("viewDidLoad")
                view.backgroundColor = .red
            }
            override func viewDidAppear(_ animated: Bool) {
                calls.append("viewDidAppear")
                UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { self.view.alpha = 0 })
            }
        }
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
        let controller = Fading()

        recorder.rootViewController = controller
        let shown = try frames(of: recorder)

        #expect(controller.calls == ["viewDidLoad", "viewDidAppear"])
        #expect(controller.view.window === recorder.window && controller.view.frame == recorder.rootView.bounds)
        #expect(shown.count == 11, "the fade lasts 1 s at 10 fps")
        #expect(shown.first?[40, 20] == red && shown.last?[40, 20] == white)
    }

    @Test func imagesByNameComeFromTheRecordersResourceFolderAtTheirScale_G7() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-images-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try PNGCodec.write(Bitmap(width: 8, height: 4, filledWith: red), to: folder.appendingPathComponent("dot.png").path)
        try PNGCodec.write(Bitmap(width: 8, height: 4, filledWith: red), to: folder.appendingPathComponent("badge@2x.png").path)
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
        recorder.resourceFolder = folder
        defer { recorder.resourceFolder = nil }

        let dot = UIImage(named: "dot"), badge = UIImage(named: "badge"), byFile = UIImage(named: "dot.png")

        #expect(dot?.size == CGSize(width: 8, height: 4) && dot?.scale == 1)
        #expect(badge?.size == CGSize(width: 4, height: 2) && badge?.scale == 2, "@2x: 2 pixels per point")
        #expect(byFile?.size == CGSize(width: 8, height: 4))
        #expect(UIImage(named: "missing") == nil)
        #expect(UIImage(systemName: "star.fill") == nil, "no SF Symbols here: nil, as for an unknown name")
        let view = UIImageView(image: dot)
        recorder.rootView.addSubview(view)
        let frame = try #require(try frames(of: recorder, duration: 0).first)
        #expect(frame[2, 2] == red && frame[10, 2] == white, "drawn at its size")
    }

    @Test func anImageViewShowsEachOfItsImagesForAsManyFramesInEveryCycle_T2_G7() throws {
        // Two images over 0.4 s at 20 frames a second: four frames each. A frame on a cycle
        // boundary (0.4 s, 0.8 s; 1.2 s is 2.9999999999999996 cycles) starts the next cycle.
        func image(_ color: UIColor) -> UIImage { UIImage(cgImage: CGImage(width: 1, height: 1, colors: [color.cgColor])) }
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 20)
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
        view.animationImages = [image(.red), image(.blue)]
        view.animationDuration = 0.4
        recorder.rootView.addSubview(view)
        view.startAnimating()

        let shown = try frames(of: recorder, duration: 1.55).map { $0[40, 20] == red ? "r" : "b" }.joined()

        #expect(shown == String(repeating: "rrrrbbbb", count: 4))
    }
}

