import FlipbookRecorder
@testable import FlipbookSnapshotTesting
import FlipbookUIKit
import Foundation
import SnapshotTesting
import Testing

/// `.presentationValues(at:)`: the presentation tree as text, a line per layer, diffed
/// line by line.
@MainActor
@Suite(.snapshots(record: recordMode))
struct PresentationValuesSnapshotTests {
    @Test func everyLayerOfTheCardAtAQuarterAndAtTheEnd_V2_CA8() {
        let (recorder, _) = turningCard()

        assertSnapshot(of: recorder, as: .presentationValues(at: 0.25), named: "quarter")
        assertSnapshot(of: recorder, as: .presentationValues(at: 1), named: "end")
    }

    @Test func theCardsSubtreeAtAQuarter_CA8() {
        let (recorder, card) = turningCard()

        assertSnapshot(of: card, as: .presentationValues(in: recorder, at: 0.25), named: "quarter")
    }

    @Test func aLinearCurveChangesOnlyTheCardsLineAtAQuarter_V7() throws {
        let (recorder, _) = turningCard(broken: true)

        let message = verifySnapshot(of: recorder, as: .presentationValues(at: 0.25), named: "quarter", record: .never,
                                     testName: "everyLayerOfTheCardAtAQuarterAndAtTheEnd_V2_CA8")

        let failure = try #require(message)
        let removed = failure.split(separator: "\n").filter { $0.hasPrefix("\u{2212}") && !$0.hasPrefix("\u{2212}\u{2212}") }
        let added = failure.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("++") }
        #expect(removed.count == 1 && added.count == 1, "\(failure)")
        #expect(added.first?.hasPrefix("+UIWindow/card (UIView): position (45, 30),") == true, "linear: a quarter of 30 → 90")
    }

    @Test func aTimeBeforeTheRecordersFailsAndSaysWhyInTheText_T5() throws {
        let (recorder, _) = turningCard()
        _ = try recorder.presentationText(of: recorder.rootView.layer, at: 0.5)
        var message: String?

        withKnownIssue("the recorder is at 0.5 s") {
            message = verifySnapshot(of: recorder, as: .presentationValues(at: 0.25), named: "quarter", record: .never,
                                     testName: "everyLayerOfTheCardAtAQuarterAndAtTheEnd_V2_CA8")
        } matching: { "\($0)".contains("cannot go back to t = 0.25 s") }

        #expect(try #require(message).contains("+no presentation values: cannot snapshot: the recording is at t = 0.5 s"))
    }

    @Test func numbersAreRoundedSoFloatNoiseDoesNotChurn() {
        #expect(PresentationDump.number(37.749999999999) == "37.75")
        #expect(PresentationDump.number(37.750000000001) == "37.75")
        #expect(PresentationDump.number(-0.0000001) == "0")
        #expect(PresentationDump.number(Double(30)) == "30")
        #expect(PresentationDump.number(Double(Float(0.3))) == "0.3")
        #expect(PresentationDump.number(0.12345) == "0.123")
        #expect(PresentationDump.hex(CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.25)) == "#FF800040")
    }

    @Test func aLayersLineListsWhatIsNotTheDefault() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        root.position = CGPoint(x: 50, y: 25)
        let ring = CAShapeLayer()
        ring.name = "ring"
        ring.strokeEnd = 0.5
        ring.anchorPoint = .zero
        ring.isHidden = true
        let plain = [CALayer(), CALayer()]
        plain[1].transform = CATransform3DMakeScale(2, 2, 1)
        plain[1].sublayerTransform.m34 = -1 / 500.0
        for layer in [ring] + plain { root.addSublayer(layer) }

        let lines = PresentationDump.lines(of: root)

        #expect(lines == [
            "CALayer: position (50, 25), bounds (0, 0, 100, 50), opacity 1",
            "CALayer/ring (CAShapeLayer): position (0, 0), bounds (0, 0, 0, 0), opacity 1, anchorPoint (0, 0), hidden, "
                + "fillColor #000000FF, strokeColor none, lineWidth 1, strokeEnd 0.5",
            "CALayer/CALayer[1]: position (0, 0), bounds (0, 0, 0, 0), opacity 1",
            "CALayer/CALayer[2]: position (0, 0), bounds (0, 0, 0, 0), opacity 1, transform (2, 0, 0, 2, 0, 0), "
                + "sublayerTransform [1 0 0 0 0 1 0 0 0 0 1 -0.002 0 0 0 1]",
        ])
    }
}
