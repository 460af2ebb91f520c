import FlipbookRecorder
import FlipbookUIKit
import Foundation
import Testing

/// A recording written as a GIF plays at a rate that divides 100; as WebM it keeps a clear
/// background's transparency.
@MainActor
@Suite struct RecorderVideoFormatTests {
    /// A 40×20 canvas at `fps` over `background`, a box fading out over 1 s.
    private func fadingBox(fps: Double, background: UIColor?) -> Recorder {
        let recorder = Recorder(size: CGSize(width: 40, height: 20), fps: fps, backgroundColor: background)
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        box.backgroundColor = .red
        recorder.rootView.addSubview(box)
        UIView.animate(withDuration: 1) { box.alpha = 0 }
        return recorder
    }

    /// ffprobe's `-show_entries entries` for `file`, as KEY=VALUE lines.
    private func probe(_ file: URL, _ entries: String) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffprobe", "-v", "error", "-count_frames", "-show_entries", entries,
                             "-of", "default=noprint_wrappers=1", file.path]
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }

    @Test func aGIFIsRecordedAtTheLargestRateThatDivides100() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-\(UUID()).gif")
        defer { try? FileManager.default.removeItem(at: output) }

        try fadingBox(fps: 30, background: .white).render(to: output)

        let stream = try probe(output, "stream=r_frame_rate,nb_read_frames")
        #expect(stream.contains("r_frame_rate=25/1"), "\(stream)")
        #expect(stream.contains("nb_read_frames=26"), "1 s at 25 fps: \(stream)")
    }

    @Test func aWebMOfAClearCanvasHasAnAlphaChannel() throws {
        let clear = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-\(UUID()).webm")
        let white = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-\(UUID()).webm")
        defer { for file in [clear, white] { try? FileManager.default.removeItem(at: file) } }

        try fadingBox(fps: 10, background: nil).render(to: clear)
        try fadingBox(fps: 10, background: .white).render(to: white)

        #expect(try probe(clear, "stream=codec_name:stream_tags=alpha_mode") == "codec_name=vp9\nTAG:alpha_mode=1\n")
        #expect(try probe(white, "stream=codec_name:stream_tags=alpha_mode") == "codec_name=vp9\n")
    }
}
