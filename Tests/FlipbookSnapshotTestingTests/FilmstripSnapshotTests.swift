import FlipbookRecorder
import FlipbookRender
@testable import FlipbookSnapshotTesting
import FlipbookUIKit
import Foundation
import SnapshotTesting
import Testing

/// `Snapshotting<Recorder, SnapshotFrame>.filmstrip(at:)`: frames side by side, so one
/// snapshot shows the motion.
@MainActor
@Suite(.snapshots(record: recordMode))
struct FilmstripSnapshotTests {
    @Test func cardSlidesTurnsAndFadesInFiveFrames_V2() {
        let (recorder, _) = turningCard()

        assertSnapshot(of: recorder, as: .filmstrip(at: [0, 0.25, 0.5, 0.75, 1]), named: "motion")
    }

    @Test func aLinearCurveFailsTheFilmstripInItsMiddleFrames_V7() throws {
        let (recorder, _) = turningCard(broken: true)

        let message = verifySnapshot(of: recorder, as: .filmstrip(at: [0, 0.25, 0.5, 0.75, 1]), named: "motion",
                                     record: .never, testName: "cardSlidesTurnsAndFadesInFiveFrames_V2")

        let failure = try #require(message)
        let diffPath = try #require(failure.components(separatedBy: "diff image (differing pixels in red): ").last)
        let diff = try PNGCodec.read(path: diffPath)
        let red = RGBA8(255, 0, 0)
        let redColumns = Set((0..<diff.width).filter { x in (0..<diff.height).contains { diff[x, $0] == red } })
        #expect(!redColumns.isEmpty)
        #expect(redColumns.allSatisfy { (122..<486).contains($0) }, "the first and last frames match: \(redColumns.min()!)…\(redColumns.max()!)")
    }

    @Test func framesStandSideBySideWithAGraySeparator() throws {
        let (recorder, _) = turningCard()
        let (single, _) = turningCard()

        let strip = try #require(snapshot(of: recorder, as: .filmstrip(at: [0, 1])))
        let start = try #require(snapshot(of: single, as: .image(at: 0)))
        let end = try #require(snapshot(of: single, as: .image(at: 1)))

        #expect(strip.width == 120 + 2 + 120 && strip.height == 60)
        #expect(strip[120, 30] == RGBA8(128, 128, 128) && strip[121, 0] == RGBA8(128, 128, 128))
        #expect(Filmstrip.joining([start, end]) == strip)
        #expect(strip[30, 30] == start[30, 30] && strip[122 + 90, 30] == end[90, 30])
    }

    @Test func timesThatDoNotIncreaseFailSayingSo() {
        let (recorder, _) = turningCard()

        withKnownIssue("0.5 before 0.25") {
            _ = verifySnapshot(of: recorder, as: .filmstrip(at: [0, 0.5, 0.25]), named: "unordered", record: .never)
        } matching: { "\($0)".contains("the times of a filmstrip must increase, left to right: [0.0, 0.5, 0.25]") }
        withKnownIssue("no frame at all") {
            _ = verifySnapshot(of: recorder, as: .filmstrip(at: []), named: "empty", record: .never)
        } matching: { "\($0)".contains("a filmstrip needs at least one time") }
    }
}
