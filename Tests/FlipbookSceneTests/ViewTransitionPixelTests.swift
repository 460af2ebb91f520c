import FlipbookRender
import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// How UIKit's view transitions look, rendered from scenes through the compositor (TR4).
@MainActor
@Suite struct ViewTransitionPixelTests: SceneTesting {
    /// A 100×80 card at (50, 20) on a 200×120 white canvas, holding a red view `old` (and
    /// `subviews`), with one timeline entry at 0 doing `actions`.
    private func cardScene(subviews: String = "", actions: String) -> String {
        """
        flipbook: 1
        canvas: {size: [200, 120], background: white}
        views:
          - id: card
            frame: [50, 20, 100, 80]
            subviews:
              - {id: old, frame: [0, 0, 100, 80], backgroundColor: "#FF0000"}
        \(subviews)
        timeline:
          - at: 0
            do:
        \(actions)
        """
    }

    /// A red card turning blue through `option` over 1 s (linear), rendered at `t`.
    private func frame(_ option: String, at t: Double) throws -> Bitmap {
        let run = try run(cardScene(
            subviews: "      - {id: new, frame: [0, 0, 100, 80], backgroundColor: \"#0000FF\", isHidden: true}",
            actions: """
                  - transition:
                      with: card
                      duration: 1
                      options: [\(option), curveLinear]
                      do: [{set: {target: old, isHidden: true}}, {set: {target: new, isHidden: false}}]
            """))
        run.advance(to: t)
        return try Compositor().render(run.renderTree())
    }

    @Test func crossDissolveAtHalfWayIsTheMixOfOldAndNew_TR4() throws {
        let quarter = try frame("transitionCrossDissolve", at: 0.25)[100, 60]
        let half = try frame("transitionCrossDissolve", at: 0.5)[100, 60]
        let end = try frame("transitionCrossDissolve", at: 1)[100, 60]

        #expect(abs(Int(half.r) - 128) <= 1 && half.g == 0 && abs(Int(half.b) - 128) <= 1, "\(half)")
        #expect(abs(Int(quarter.r) - 191) <= 1 && abs(Int(quarter.b) - 64) <= 1, "\(quarter)")
        #expect(end == RGBA8(0, 0, 255))
    }

    /// A view added in the same turn as the transition that brings it in is not part of
    /// the old content: the transition starts from the tree as last committed, as Core
    /// Animation's render server shows it, so the red card still fades into the blue.
    @Test func aViewAddedInTheTurnOfTheTransitionIsNotInItsOldContent_TR3_TR4() throws {
        let run = try run(cardScene(actions: """
                  - addSubview: {to: card, view: {id: fresh, frame: [0, 0, 100, 80], backgroundColor: "#0000FF"}}
                  - transition: {from: old, to: fresh, duration: 1, options: [transitionCrossDissolve, curveLinear]}
            """))
        run.advance(to: 0.5)
        let half = try Compositor().render(run.renderTree())[100, 60]
        run.advance(to: 1)
        let end = try Compositor().render(run.renderTree())[100, 60]

        #expect(abs(Int(half.r) - 128) <= 1 && half.g == 0 && abs(Int(half.b) - 128) <= 1, "\(half)")
        #expect(end == RGBA8(0, 0, 255))
    }

    /// The number of pixels that are not white in column `x`.
    private func coloured(_ bitmap: Bitmap, column x: Int) -> Int {
        (0..<bitmap.height).filter { bitmap[x, $0] != RGBA8(255, 255, 255) }.count
    }

    @Test func aFlipIsEdgeOnHalfWayAndItsNearEdgeIsTaller_TR4() throws {
        let half = try frame("transitionFlipFromLeft", at: 0.5)
        let quarter = try frame("transitionFlipFromLeft", at: 0.25)
        let threeQuarters = try frame("transitionFlipFromLeft", at: 0.75)

        let halfCount = (0..<half.width).map { coloured(half, column: $0) }.reduce(0, +)
        let columns = (0..<quarter.width).filter { coloured(quarter, column: $0) > 0 }
        let (left, right) = (try #require(columns.first), try #require(columns.last))

        #expect(halfCount < 80, "edge-on: \(halfCount) of the card's 8000 pixels")
        #expect(coloured(quarter, column: left + 2) > coloured(quarter, column: right - 2) + 4,
                "flipFromLeft brings the left edge toward the viewer")
        #expect(quarter[100, 60] == RGBA8(255, 0, 0), "the old content until 90°")
        #expect(threeQuarters[100, 60] == RGBA8(0, 0, 255), "the new content after")
    }
}
