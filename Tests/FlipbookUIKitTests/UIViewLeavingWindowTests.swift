import FlipbookUIKit
import Testing

/// A view that leaves its window mid-animation loses the animations of its layer tree,
/// except those kept on completion, and its blocks complete with `finished` false (CA9).
@MainActor
@Suite struct UIViewLeavingWindowTests {
    /// The stops heard, as "name:finished".
    final class StopLog {
        var entries: [String] = []
    }

    /// Tells `log` of its animation's stop under `name`.
    final class Stop: CAAnimationDelegate {
        let name: String
        let log: StopLog
        init(_ name: String, _ log: StopLog) { (self.name, self.log) = (name, log) }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.entries.append("\(name):\(flag)") }
    }

    /// A 2 s `position.x` animation from 0 to 200 on `layer`, stopping into `log` as `name`.
    func slide(_ layer: CALayer, _ name: String, _ log: StopLog, keptOnCompletion: Bool = false) {
        let animation = CABasicAnimation(keyPath: "position.x")
        (animation.fromValue, animation.toValue, animation.duration) = (0, 200, 2)
        animation.isRemovedOnCompletion = !keptOnCompletion
        animation.delegate = Stop(name, log)
        layer.add(animation, forKey: name)
    }

    @Test func aViewRemovedMidBlockCompletesWithFinishedFalseAndShowsItsModelWhenBack_CA9() {
        let stage = ViewStage()
        let box = stage.view()
        stage.turn { UIView.animate(withDuration: 2, animations: { box.alpha = 0 }, completion: stage.completion("fade")) }
        stage.advance(to: 1)

        stage.turn { box.removeFromSuperview() }
        let keysWhileOut = box.layer.animationKeys()
        stage.advance(to: 1.5)
        stage.turn { stage.window.addSubview(box) }
        stage.advance(to: 1.6)

        #expect(keysWhileOut == nil, "the block's opacity animation went with the window")
        #expect(stage.log.entries == ["fade:false@1.0"])
        #expect(close(stage.alpha(box), 0), "back in the window it shows the model, the block's end value")
        #expect(box.alpha == 0)
    }

    @Test func theWholeLayerTreeLosesItsAnimationsButThoseKeptOnCompletion_CA9() {
        let stage = ViewStage(), log = StopLog()
        let card = stage.view(), child = UIView(), spot = CALayer(), pin = CALayer()
        stage.turn {
            card.addSubview(child)
            card.layer.addSublayer(spot)
            child.layer.addSublayer(pin)
            slide(child.layer, "child", log)
            slide(spot, "spot", log)
            slide(pin, "pin", log, keptOnCompletion: true)
        }
        stage.advance(to: 0.5)

        stage.turn { card.removeFromSuperview() }
        stage.advance(to: 1)
        stage.turn { stage.window.addSubview(card) }

        #expect(log.entries.sorted() == ["child:false", "spot:false"])
        #expect(child.layer.animationKeys() == nil && spot.animationKeys() == nil)
        #expect(pin.animationKeys() == ["pin"], "kept on completion: it stays")
        #expect(close(Double(pin.presentation()?.position.x ?? .nan), 100), "and runs on in the layer's time: half-way at 1 s")
    }

    @Test func movingWithinTheWindowKeepsTheAnimations_CA9() {
        let stage = ViewStage(), log = StopLog()
        let box = stage.view(), other = stage.view()
        stage.turn { slide(box.layer, "box", log) }
        stage.advance(to: 0.5)

        stage.turn {
            other.addSubview(box)
            other.bringSubviewToFront(box)
            stage.window.sendSubviewToBack(other)
        }
        stage.advance(to: 3)

        #expect(log.entries == ["box:true"])
    }

    @Test func aViewMovedIntoASuperviewOutsideTheWindowLosesThemToo_CA9() {
        let stage = ViewStage(), log = StopLog()
        let box = stage.view(), offscreen = UIView()
        stage.turn { slide(box.layer, "box", log) }
        stage.advance(to: 0.5)

        stage.turn { offscreen.addSubview(box) }
        stage.advance(to: 1)

        #expect(log.entries == ["box:false"])
    }

    @Test func aViewMovedStraightIntoAnotherWindowLosesThemToo_CA9() {
        let stage = ViewStage(), log = StopLog()
        let box = stage.view(), otherWindow = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.turn { slide(box.layer, "box", log) }
        stage.advance(to: 0.5)

        stage.turn { otherWindow.addSubview(box) }
        stage.advance(to: 1)

        #expect(box.window === otherWindow)
        #expect(log.entries == ["box:false"])
    }

    @Test func anActivityIndicatorKeepsTurningAfterLeavingAndComingBack_CA9() {
        let stage = ViewStage()
        let spinner = UIActivityIndicatorView(style: .medium)
        stage.turn {
            stage.window.addSubview(spinner)
            spinner.startAnimating()
        }

        stage.turn { spinner.removeFromSuperview() }
        stage.turn { stage.window.addSubview(spinner) }

        #expect(spinner.isAnimating)
        #expect(spinner.spokeContainer.animationKeys() == [UIActivityIndicatorView.animationKey])
    }

    @Test func anImageViewsFramesStopWhenItLeavesAndStayStoppedWhenItComesBack_CA9() {
        let stage = ViewStage()
        let flashing = UIImageView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        flashing.animationImages = [UIColor.red, .green].map { UIImage(cgImage: CGImage(width: 1, height: 1, colors: [$0.cgColor])) }
        stage.turn {
            stage.window.addSubview(flashing)
            flashing.startAnimating()
        }

        stage.turn { flashing.removeFromSuperview() }
        stage.turn { stage.window.addSubview(flashing) }

        #expect(!flashing.isAnimating)
        #expect(flashing.layer.animationKeys() == nil)
    }

    @Test func aPropertyAnimatorsAnimationsStayAndItEndsAsItWould_CA9_PA1() {
        let stage = ViewStage(), log = CompletionLog()
        let box = stage.view()
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { box.center.x = 250 }
        animator.addCompletion { position in log.entries.append("\(position == .end ? "end" : "other")@\(CACurrentMediaTime())") }
        stage.turn { animator.startAnimation() }
        stage.advance(to: 1)

        stage.turn { box.removeFromSuperview() }
        stage.turn { stage.window.addSubview(box) }
        let halfway = stage.position(box).x
        stage.advance(to: 2.5)

        #expect(close(halfway, 150), "still driven: half-way from 50 to 250")
        #expect(log.entries == ["end@2.0"])
    }
}
