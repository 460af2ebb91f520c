import Foundation
import XCTest

/// The `UIKitExample` executable, run as README's "From Swift" says: it records its card
/// animation through the public API into an MP4.
final class UIKitExampleTests: CLITestCase {
    func testExampleRendersItsAnimationToAnMP4() throws {
        guard let example = Self.executable("UIKitExample") else {
            throw XCTSkip("UIKitExample is not built beside the tests (run swift build --build-tests)")
        }
        let video = work.appendingPathComponent("example.mp4").path

        let result = try run(example, [video])
        let probe = try run("/usr/bin/env", ["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames",
                                             "-show_entries", "stream=codec_name,width,height,nb_read_frames",
                                             "-of", "default=noprint_wrappers=1", video])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "\(video)\n")
        XCTAssertEqual(probe.status, 0, probe.err)
        XCTAssertEqual(probe.out, "codec_name=h264\nwidth=640\nheight=360\nnb_read_frames=106\n",
                       "until idle: the badge's 0.5 s change from 1.25 s ends at 1.75 s, 60 fps")
    }
}
