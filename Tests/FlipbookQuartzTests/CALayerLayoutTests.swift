import FlipbookQuartz
import Foundation
import Testing

/// Core Animation's layout pass: `setNeedsLayout`, `layoutIfNeeded`, `layoutSublayers`
/// through the delegate, run at the end of each turn inside its transaction (V11 needs it).
@MainActor
@Suite struct CALayerLayoutTests {
    /// A delegate that records which layers were laid out, by name, and runs `body` for each.
    final class LayoutRecorder: CALayerDelegate {
        private(set) var laidOut: [String] = []
        var body: (CALayer) -> Void = { _ in }

        func layoutSublayers(of layer: CALayer) {
            laidOut.append(layer.name ?? "?")
            body(layer)
        }
    }

    /// A committed layer named `name` under the stage's root, reporting to `recorder`.
    private func layer(_ name: String, on stage: Stage, recorder: LayoutRecorder, under parent: CALayer? = nil) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.delegate = recorder
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        (parent ?? stage.root).addSublayer(layer)
        stage.turn {}
        return layer
    }

    @Test func aNewLayerIsLaidOutWhenItsTreeIsFirstCommitted() {
        let stage = Stage()
        let recorder = LayoutRecorder()
        let layer = CALayer()
        layer.name = "new"
        layer.delegate = recorder

        stage.root.addSublayer(layer)
        let beforeTheTurnEnds = recorder.laidOut
        stage.turn {}

        #expect(beforeTheTurnEnds.isEmpty)
        #expect(recorder.laidOut == ["new"])
        #expect(!layer.needsLayout())
    }

    @Test func aSizeChangeLaysOutAtTheEndOfTheTurnButAPositionChangeDoesNot() {
        let stage = Stage()
        let recorder = LayoutRecorder()
        let layer = layer("box", on: stage, recorder: recorder)
        var duringTheTurn: [String] = []

        stage.turn {
            layer.position = CGPoint(x: 80, y: 80)
            layer.bounds.origin = CGPoint(x: 5, y: 5)
        }
        let afterMoving = recorder.laidOut
        stage.turn {
            layer.bounds.size.width = 150
            duringTheTurn = recorder.laidOut
        }

        #expect(afterMoving == ["box"], "only the first commit's layout")
        #expect(duringTheTurn == ["box"], "nothing until the turn ends")
        #expect(recorder.laidOut == ["box", "box"])
    }

    @Test func layoutIfNeededLaysOutAtOnceAndOnlyOnce() {
        let stage = Stage()
        let recorder = LayoutRecorder()
        let layer = layer("box", on: stage, recorder: recorder)
        var inTheTurn: [String] = []

        stage.turn {
            layer.setNeedsLayout()
            let marked = layer.needsLayout()
            layer.layoutIfNeeded()
            inTheTurn = recorder.laidOut
            #expect(marked)
            #expect(!layer.needsLayout())
        }

        #expect(inTheTurn == ["box", "box"])
        #expect(recorder.laidOut == ["box", "box"], "the end of the turn has nothing left to lay out")
    }

    @Test func layoutGoesTopDownAndSizesSetByAParentLayOutTheChildInTheSamePass() {
        let stage = Stage()
        let recorder = LayoutRecorder()
        let parent = layer("parent", on: stage, recorder: recorder)
        let child = layer("child", on: stage, recorder: recorder, under: parent)
        let grandchild = layer("grandchild", on: stage, recorder: recorder, under: child)
        recorder.body = { layer in
            guard layer === parent else { return }
            child.bounds.size.width = parent.bounds.width / 2
        }
        let before = recorder.laidOut.count

        stage.turn {
            grandchild.setNeedsLayout()
            parent.bounds.size.width = 300
        }

        #expect(Array(recorder.laidOut.dropFirst(before)) == ["parent", "child", "grandchild"])
        #expect(child.bounds.width == 150)
    }

    @Test func layoutIfNeededStartsAtTheTopmostAncestorThatNeedsLayout() {
        let stage = Stage()
        let recorder = LayoutRecorder()
        let parent = layer("parent", on: stage, recorder: recorder)
        let child = layer("child", on: stage, recorder: recorder, under: parent)
        let sibling = layer("sibling", on: stage, recorder: recorder)
        let before = recorder.laidOut.count

        stage.turn {
            parent.setNeedsLayout()
            child.setNeedsLayout()
            sibling.setNeedsLayout()
            child.layoutIfNeeded()
            #expect(Array(recorder.laidOut.dropFirst(before)) == ["parent", "child"])
        }

        #expect(Array(recorder.laidOut.dropFirst(before)) == ["parent", "child", "sibling"])
    }

    @Test func addingOrRemovingASublayerMarksTheSuperlayer() {
        let stage = Stage()
        let recorder = LayoutRecorder()
        let parent = layer("parent", on: stage, recorder: recorder)
        let added = CALayer()
        let before = recorder.laidOut.count

        stage.turn { parent.addSublayer(added) }
        let afterAdding = recorder.laidOut.count
        stage.turn { added.removeFromSuperlayer() }

        #expect(afterAdding == before + 1)
        #expect(recorder.laidOut.count == before + 2)
    }

    @Test func layoutChangesArePartOfTheTurnsTransaction() {
        // Layout runs before the outermost transaction commits, so what it changes on a
        // standalone layer animates with that transaction's settings (V11 relies on it).
        let stage = Stage()
        let recorder = LayoutRecorder()
        let parent = layer("parent", on: stage, recorder: recorder)
        let child = layer("child", on: stage, recorder: recorder, under: parent)
        recorder.body = { layer in
            guard layer === parent else { return }
            child.bounds.size.width = parent.bounds.width / 2
        }

        stage.turn {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            parent.bounds.size.width = 300
        }
        stage.advance(to: 0.5)

        #expect(child.bounds.width == 150)
        #expect(child.animation(forKey: "bounds")?.duration == 1)
        #expect(abs(stage.number(child, "bounds.size.width") - 125) < 1e-9, "halfway from 100 to 150")
    }

    @Test func removedLayersAreNotLaidOutAndLayersAddedBackAre() {
        let stage = Stage()
        let recorder = LayoutRecorder()
        let parent = layer("parent", on: stage, recorder: recorder)
        let child = layer("child", on: stage, recorder: recorder, under: parent)

        stage.turn {
            child.removeFromSuperlayer()
            child.setNeedsLayout()
        }
        let whileRemoved = recorder.laidOut.filter { $0 == "child" }.count
        stage.turn { parent.addSublayer(child) }

        #expect(whileRemoved == 1, "only the first commit's layout")
        #expect(recorder.laidOut.filter { $0 == "child" }.count == 2)
    }
}
