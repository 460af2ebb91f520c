import FlipbookUIKit
import Testing

/// `UIView.transition(with:…)`, `transition(from:to:…)` and the legacy
/// `setAnimationTransition` (TR1–TR3, V13, V16): what runs, when, and what the
/// hierarchy is afterwards. How transitions look is tested in FlipbookRenderTests.
@MainActor
@Suite struct UIViewTransitionTests {
    /// A container with two children, `current` shown and `swap` hidden.
    private func container(_ stage: ViewStage) -> (container: UIView, current: UIView, swap: UIView) {
        let container = stage.view(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let current = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        let swap = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        current.backgroundColor = .red
        swap.backgroundColor = .blue
        swap.isHidden = true
        stage.turn {
            container.addSubview(current)
            container.addSubview(swap)
        }
        return (container, current, swap)
    }

    @Test func aTransitionShowsTheOldContentChangingIntoTheNew_TR1() throws {
        let stage = ViewStage()
        let (container, current, swap) = container(stage)

        stage.turn {
            UIView.transition(with: container, duration: 1, options: [.transitionFlipFromLeft, .curveLinear],
                              animations: {
                                  current.isHidden = true
                                  swap.isHidden = false
                              }, completion: stage.completion("flip"))
        }
        stage.advance(to: 0.25)
        let transition = try #require(container.layer.renderLayer()?.transition)
        let oldChildren = transition.old.sublayers.count
        let newChildren = container.layer.renderLayer()?.withoutTransition.sublayers.count
        stage.advance(to: 2)

        #expect(transition.type == .oglFlip && transition.subtype == .fromLeft)
        #expect(close(transition.progress, 0.25))
        #expect(oldChildren == 1 && newChildren == 1, "one child shows on each side")
        #expect(transition.old.sublayers.first?.backgroundColor == current.backgroundColor?.cgColor)
        #expect(container.layer.renderLayer()?.withoutTransition.sublayers.first?.backgroundColor
                == swap.backgroundColor?.cgColor)
        #expect(container.layer.renderLayer()?.transition == nil)
        #expect(stage.log.entries == ["flip:true@1.0"])
    }

    @Test func eachOptionRunsItsTransition_TR1_TR4() {
        let cases: [(UIView.AnimationOptions, CATransitionType, CATransitionSubtype)] = [
            (.transitionFlipFromLeft, .oglFlip, .fromLeft), (.transitionFlipFromRight, .oglFlip, .fromRight),
            (.transitionFlipFromTop, .oglFlip, .fromTop), (.transitionFlipFromBottom, .oglFlip, .fromBottom),
            (.transitionCurlUp, .pageCurl, .fromLeft), (.transitionCurlDown, .pageUnCurl, .fromLeft),
            (.transitionCrossDissolve, .fade, .fromLeft),
        ]
        for (option, type, subtype) in cases {
            let stage = ViewStage()
            let view = stage.view()
            stage.turn { UIView.transition(with: view, duration: 1, options: option, animations: nil) }
            stage.advance(to: 0.5)

            let transition = view.layer.renderLayer()?.transition
            #expect(transition?.type == type && transition?.subtype == subtype, "\(option)")
        }
    }

    @Test func withoutATransitionOptionTheChangeIsImmediate_TR1() {
        let stage = ViewStage()
        let (container, current, swap) = container(stage)

        stage.turn {
            UIView.transition(with: container, duration: 1, options: [], animations: {
                current.isHidden = true
                swap.isHidden = false
            }, completion: stage.completion("none"))
        }
        stage.advance(to: 0.5)

        #expect(container.layer.renderLayer()?.transition == nil)
        #expect(container.layer.renderLayer()?.sublayers.count == 1)
        #expect(stage.log.entries == ["none:true@0.0"])
    }

    @Test func propertyChangesInsideTheBlockAnimateWithTheTransition_TR2() {
        let stage = ViewStage()
        let (container, current, _) = container(stage)

        stage.turn {
            UIView.transition(with: container, duration: 2, options: [.transitionCurlUp, .curveLinear], animations: {
                current.frame = CGRect(x: 110, y: 10, width: 50, height: 50)
            }, completion: stage.completion("curl"))
        }
        stage.advance(to: 1)
        let center = stage.position(current)
        stage.advance(to: 3)

        #expect(center == CGPoint(x: 85, y: 35), "half-way from x 35 to 135 with the transition's linear curve")
        #expect(stage.log.entries == ["curl:true@2.0"])
    }

    @Test func transitionsRunInsidePerformWithoutAnimation_V13() {
        let stage = ViewStage()
        let (container, current, _) = container(stage)

        stage.turn {
            UIView.performWithoutAnimation {
                UIView.transition(with: container, duration: 1, options: .transitionCurlUp, animations: {
                    current.frame = CGRect(x: 110, y: 10, width: 50, height: 50)
                })
            }
        }
        stage.advance(to: 0.5)

        #expect(container.layer.renderLayer()?.transition?.type == .pageCurl, "the curl still runs")
        #expect(stage.position(current) == CGPoint(x: 135, y: 35), "the frame change does not animate")
    }

    @Test func transitionFromToReplacesTheViewInItsSuperview_TR3() {
        let stage = ViewStage()
        let (container, current, _) = container(stage)
        let replacement = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))

        stage.turn {
            UIView.transition(from: current, to: replacement, duration: 1, options: .transitionFlipFromRight,
                              completion: stage.completion("replace"))
        }
        let during = container.layer.renderLayer()?.transition?.type
        stage.advance(to: 2)

        #expect(during == .oglFlip, "the superview flips")
        #expect(current.superview == nil)
        #expect(replacement.superview === container)
        #expect(container.subviews.first === replacement, "in the place of the view it replaces")
        #expect(stage.log.entries == ["replace:true@1.0"])
    }

    @Test func showHideTransitionViewsOnlyHidesAndShows_TR3() {
        let stage = ViewStage()
        let (container, current, swap) = container(stage)
        let outside = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        outside.isHidden = true

        stage.turn {
            UIView.transition(from: current, to: swap, duration: 1, options: .showHideTransitionViews)
            UIView.transition(from: swap, to: outside, duration: 1, options: .showHideTransitionViews)
        }
        stage.advance(to: 2)

        #expect(current.superview === container && current.isHidden)
        #expect(swap.superview === container && swap.isHidden)
        #expect(outside.superview == nil && !outside.isHidden, "a view outside the superview stays outside")
    }

    @Test func theLegacyTransitionRunsWithTheBlocksSettings_V16() {
        let stage = ViewStage()
        let (container, current, swap) = container(stage)

        stage.turn {
            UIView.beginAnimations("toggleView", context: nil)
            UIView.setAnimationTransition(.curlUp, for: container, cache: true)
            UIView.setAnimationDuration(1)
            current.isHidden = true
            swap.isHidden = false
            UIView.commitAnimations()
        }
        stage.advance(to: 0.5)
        let transition = container.layer.renderLayer()?.transition
        stage.advance(to: 1.5)

        #expect(transition?.type == .pageCurl)
        #expect(transition.map { close($0.progress, TimingFunction.easeInEaseOut.value(at: 0.5)) } == true)
        #expect(container.layer.renderLayer()?.transition == nil)
    }

    @Test func theLegacyTransitionTakesTheOldContentWhenItIsSet_V16() {
        let stage = ViewStage()
        let (container, current, _) = container(stage)
        let added = UIView(frame: CGRect(x: 100, y: 10, width: 50, height: 50))

        stage.turn {
            UIView.beginAnimations("swap", context: nil)
            UIView.setAnimationTransition(.flipFromLeft, for: container, cache: false)
            current.removeFromSuperview()
            container.addSubview(added)
            UIView.setAnimationDuration(1)
            UIView.commitAnimations()
        }
        stage.advance(to: 0.25)
        let transition = container.layer.renderLayer()?.transition
        stage.advance(to: 2)

        #expect(transition?.old.sublayers.count == 1, "the old content: `current` (and the hidden `swap`)")
        #expect(transition?.old.sublayers.first?.position == CGPoint(x: 35, y: 35))
        #expect(container.layer.renderLayer()?.withoutTransition.sublayers.first?.position == CGPoint(x: 125, y: 35))
        #expect(transition.map { close($0.progress, TimingFunction.easeInEaseOut.value(at: 0.25)) } == true,
                "timed by the duration set after the transition")
    }
}
