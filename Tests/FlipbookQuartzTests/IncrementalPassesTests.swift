import FlipbookQuartz
import Foundation
import Testing

/// The work done before every frame visits only what changed: the display pass and the
/// commit skip subtrees with nothing to do, the event queue sets aside layers whose
/// animations have all started and never end, and animated plain sublayers share one
/// presentation copy while a frame is built. These tests check that a change made anywhere
/// still reaches the delegates and the frames, as when every layer was visited.
@MainActor
@Suite struct IncrementalPassesTests {
    /// Counts the drawings of each layer it draws, by name; may mark another layer while drawing.
    private final class Painter: CALayerDelegate {
        var drawings: [String: Int] = [:]
        /// Marked as needing display the next time the layer named by the key draws.
        var marksWhileDrawing: [String: CALayer] = [:]

        func draw(_ layer: CALayer, in ctx: CGContext) {
            let name = layer.name ?? ""
            drawings[name, default: 0] += 1
            marksWhileDrawing.removeValue(forKey: name)?.setNeedsDisplay()
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
    }

    /// A plain layer named `name`, drawn by `painter`, under `parent`.
    @discardableResult
    private func layer(_ name: String, under parent: CALayer, painter: Painter) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.delegate = painter
        parent.addSublayer(layer)
        return layer
    }

    // MARK: Display (G8)

    @Test func aLayerMarkedDeepInATreeThatIsDrawnIsDrawnAgainAtTheEndOfTheTurn_G8() {
        let stage = Stage()
        let painter = Painter()
        let a = layer("a", under: stage.root, painter: painter)
        let b = layer("b", under: a, painter: painter)
        let c = layer("c", under: b, painter: painter)
        layer("d", under: stage.root, painter: painter)
        stage.turn {}
        let first = painter.drawings

        stage.turn { c.setNeedsDisplay() }
        stage.turn {}

        #expect(first == ["a": 1, "b": 1, "c": 1, "d": 1])
        #expect(painter.drawings == ["a": 1, "b": 1, "c": 2, "d": 1])
    }

    @Test func aLayerMarkedUnderAHiddenLayerIsDrawnWhenShown_G8() {
        let stage = Stage()
        let painter = Painter()
        let a = layer("a", under: stage.root, painter: painter)
        let b = layer("b", under: a, painter: painter)
        let c = layer("c", under: b, painter: painter)
        stage.turn {}

        stage.turn {
            CATransaction.setDisableActions(true)
            b.isHidden = true
            c.setNeedsDisplay()
        }
        stage.turn {}
        let whileHidden = painter.drawings["c"]
        stage.turn {
            CATransaction.setDisableActions(true)
            b.isHidden = false
        }

        #expect(whileHidden == 1)
        #expect(painter.drawings["c"] == 2)
        #expect(c.needsDisplay() == false)
    }

    @Test func aLayerMarkedByALaterLayersDrawingIsDrawnInTheNextPass_G8() {
        let stage = Stage()
        let painter = Painter()
        let first = layer("first", under: stage.root, painter: painter)
        let inner = layer("inner", under: first, painter: painter)
        let second = layer("second", under: stage.root, painter: painter)
        stage.turn {}
        painter.marksWhileDrawing["second"] = inner

        stage.turn { second.setNeedsDisplay() }
        let afterMarking = painter.drawings["inner"]
        stage.turn {}

        #expect(afterMarking == 1, "drawn already in this pass: waits for the next")
        #expect(painter.drawings["inner"] == 2)
    }

    @Test func aSubtreeAddedToATreeThatIsDrawnIsDrawnOnce_G8() {
        let stage = Stage()
        let painter = Painter()
        let a = layer("a", under: stage.root, painter: painter)
        stage.turn {}
        let subtree = CALayer()
        layer("new", under: subtree, painter: painter)

        stage.turn { a.addSublayer(subtree) }
        stage.turn {}

        #expect(painter.drawings == ["a": 1, "new": 1])
    }

    // MARK: Commit (TX6)

    @Test func layersAddedBelowCommittedLayersAreCommittedAtTheEndOfTheTurn_TX6() {
        let stage = Stage()
        let a = stage.committedLayer()
        let b = CALayer()
        a.addSublayer(b)
        stage.turn {}
        let subtree = CALayer()
        let deep = CALayer()
        subtree.addSublayer(deep)
        let mask = CALayer()

        stage.turn {
            b.addSublayer(subtree)
            b.mask = mask
        }
        let committedAfterTurn = [subtree, deep, mask].map { $0.presentation() != nil }
        stage.turn { deep.opacity = 0.5 }

        #expect(committedAfterTurn == [true, true, true])
        #expect(deep.animationKeys() == ["opacity"], "a committed layer's change animates")
    }

    // MARK: Animation events (CA7)

    /// A turn about z in 1 s, repeating forever.
    private func endlessSpin(delegate: DelegateLog?) -> CABasicAnimation {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0
        spin.toValue = Double.pi * 2
        spin.duration = 1
        spin.repeatCount = .infinity
        spin.delegate = delegate
        return spin
    }

    /// A layer spinning forever, its start delivered: a quiet layer the event queue sets aside.
    private func spinningLayer(on stage: Stage, delegate: DelegateLog? = nil) -> CALayer {
        let layer = stage.committedLayer()
        let spin = endlessSpin(delegate: delegate)
        stage.turn { layer.add(spin, forKey: "spin") }
        for frame in 1...6 { stage.advance(to: Double(frame) / 60) }
        return layer
    }

    /// A fade from 1 to 0 in 0.5 s.
    private func halfSecondFade(delegate: DelegateLog) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 0.5
        fade.delegate = delegate
        return fade
    }

    @Test func anAnimationAddedToASpinningLayerStartsAndStopsOnTime_CA7() {
        let stage = Stage()
        let layer = spinningLayer(on: stage)
        let log = DelegateLog()
        let fade = halfSecondFade(delegate: log)

        let before = stage.runLoop.nextEventTime
        stage.turn { layer.add(fade, forKey: "fade") }
        for frame in 7...60 { stage.advance(to: Double(frame) / 60) }

        #expect(before == nil, "a layer spinning forever has no event to come")
        #expect(log.entries == ["start@0.1", "stop(true)@0.6"])
        #expect(layer.animationKeys() == ["spin"])
    }

    /// The queue sets spinners aside all at once when every layer with events turns quiet,
    /// and one by one when some were already aside: layers set aside either way still hear
    /// of animations added to them and of their own removal.
    @Test func spinnersSetAsideTogetherOrOneByOneStillHearTheirEvents_CA7() {
        let stage = Stage()
        let layers = (0..<3).map { _ in stage.committedLayer() }
        let firstSpinLog = DelegateLog(), secondSpinLog = DelegateLog(), replacedSpinLog = DelegateLog()
        stage.turn {
            for (layer, log) in zip(layers, [firstSpinLog, secondSpinLog, replacedSpinLog]) {
                layer.add(endlessSpin(delegate: log), forKey: "spin")
            }
        }
        for frame in 1...6 { stage.advance(to: Double(frame) / 60) }
        let afterThreeStarted = stage.runLoop.nextEventTime
        let fadeLog = DelegateLog(), newSpinLog = DelegateLog()

        stage.turn {
            layers[0].add(halfSecondFade(delegate: fadeLog), forKey: "fade")
            layers[2].add(endlessSpin(delegate: newSpinLog), forKey: "spin")
        }
        // A spinner given an end, as `UIViewPropertyAnimator` does to the animations it drives.
        layers[1].animation(forKey: "spin")?.repeatCount = 1
        for frame in 7...70 { stage.advance(to: Double(frame) / 60) }

        #expect(afterThreeStarted == nil, "three spinners have no event to come")
        #expect(firstSpinLog.entries == ["start@0.0"])
        #expect(fadeLog.entries == ["start@0.1", "stop(true)@0.6"])
        #expect(secondSpinLog.entries == ["start@0.0", "stop(true)@1.0"])
        #expect(replacedSpinLog.entries == ["start@0.0", "stop(false)@0.1"])
        #expect(newSpinLog.entries == ["start@0.1"])
        #expect(layers.map { $0.animationKeys() ?? [] } == [["spin"], [], ["spin"]])
        #expect(stage.runLoop.nextEventTime == nil, "two spin forever")
        #expect(stage.runLoop.isAnimatingForever)
    }

    @Test func removingTheAnimationOfASpinningLayerReportsItsStop_CA7() {
        let stage = Stage()
        let log = DelegateLog()
        let layer = spinningLayer(on: stage, delegate: log)

        stage.turn { layer.removeAnimation(forKey: "spin") }
        stage.advance(to: 0.2)

        #expect(log.entries == ["start@0.0", "stop(false)@0.1"])
        #expect(stage.runLoop.isAnimatingForever == false)
    }

    @Test func aDrivenAnimationGivenAnEndAfterItStartedStopsThen_CA7() throws {
        let stage = Stage()
        let layer = stage.committedLayer()
        let log = DelegateLog()
        let driven = CADrivenAnimation(keyPath: "opacity")
        driven.fromValue = 1.0
        driven.toValue = 0.0
        driven.fraction = { $0 }
        driven.delegate = log
        stage.turn { layer.add(driven, forKey: "driven") }
        for frame in 1...6 { stage.advance(to: Double(frame) / 60) }
        let endless = stage.runLoop.nextEventTime

        let running = try #require(layer.animation(forKey: "driven"))
        running.repeatCount = 1
        let next = stage.runLoop.nextEventTime
        stage.advance(to: 1.5)

        #expect(endless == nil)
        #expect(next == 1.0)
        #expect(log.entries == ["start@0.0", "stop(true)@1.0"])
    }

    // MARK: Building frames (CA8, R1)

    @Test func animatedPlainSublayersShowTheirOwnPresentationsInZOrder_CA8_R1() throws {
        let stage = Stage()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        stage.root.addSublayer(shape)
        var layers: [CALayer] = [shape]
        for index in 0..<6 {
            let layer = CALayer()
            layer.frame = CGRect(x: 10 * Double(index + 1), y: 0, width: 10, height: 10)
            layer.zPosition = index == 2 ? 5 : 0
            stage.root.addSublayer(layer)
            layers.append(layer)
        }
        stage.turn {}
        stage.turn {
            for (index, layer) in layers.enumerated() where index % 3 != 1 {
                let move = CABasicAnimation(keyPath: "position.y")
                move.fromValue = 0.0
                move.toValue = 100.0 * Double(index + 1)
                move.duration = 1
                layer.add(move, forKey: "move")
            }
            let rise = CABasicAnimation(keyPath: "zPosition")
            rise.fromValue = -10.0
            rise.toValue = 10.0
            rise.duration = 1
            layers[5].add(rise, forKey: "rise")
        }
        stage.advance(to: 0.6)

        let frame = try #require(stage.root.renderLayer())
        // The full recompute: each layer's own presentation copy, ordered by zPosition (stable).
        let presentations = try layers.map { try #require($0.presentation()) }
        let expected = presentations.indices.sorted {
            (presentations[$0].zPosition, $0) < (presentations[$1].zPosition, $1)
        }.map { presentations[$0].position }

        #expect(frame.sublayers.map(\.position) == expected)
        #expect(Set(expected.map(\.x)).count == expected.count, "every layer in its own place")
        #expect(presentations[5].zPosition > 0 && presentations[5].zPosition < 5,
                "the rising layer has passed those at 0, not the one at 5")
    }
}
