import FlipbookUIKit
import Testing

/// `UIView.animate`: what animates, when, from where, and when completions run
/// (V1–V5, V9, V17; FACTS §6).
@MainActor
@Suite struct UIViewAnimateTests {
    @Test func theSixViewPropertiesAnimateAndOtherLayerChangesAreImmediate_V1() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 100, height: 100))

        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
                view.frame = CGRect(x: 100, y: 0, width: 200, height: 100)
                view.transform = CGAffineTransform(rotationAngle: .pi / 2)
                view.alpha = 0
                view.backgroundColor = .red
                view.contentStretch = CGRect(x: 0.5, y: 0.5, width: 0, height: 0)
                view.layer.borderWidth = 4
                view.isHidden = true
            })
        }
        stage.advance(to: 0.5)

        let keys = Set(view.layer.animationKeys() ?? [])
        #expect(keys == ["position", "bounds.size", "transform", "opacity", "backgroundColor"])
        #expect(stage.position(view) == CGPoint(x: 125, y: 50))
        #expect(stage.size(view) == CGSize(width: 150, height: 100))
        #expect(close(stage.alpha(view), 0.5))
        #expect(view.layer.presentation()?.borderWidth == 4, "a layer key UIKit does not animate changes at once")
        #expect(view.layer.presentation()?.isHidden == true)
    }

    @Test func theBlockRunsAtOnceAndTheOldValueShowsUntilTheDelayPasses_V2() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animate(withDuration: 1, delay: 1, options: [.curveLinear], animations: { view.alpha = 0 },
                           completion: stage.completion("a"))
            #expect(view.alpha == 0, "the model changes while the block runs")
        }
        stage.advance(to: 0.9)
        let beforeDelay = stage.alpha(view)
        stage.advance(to: 1.5)
        let halfway = stage.alpha(view)
        stage.advance(to: 3)

        #expect(beforeDelay == 1)
        #expect(close(halfway, 0.5))
        #expect(stage.log.entries == ["a:true@2.0"])
    }

    @Test func overlappingCenterAnimationsAddUpAndBothFinish_V3() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.turn {
            UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: {
                view.center = CGPoint(x: 150, y: 50)
            }, completion: stage.completion("first"))
        }
        stage.advance(to: 1)
        stage.turn {
            UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: {
                view.center = CGPoint(x: 150, y: 150)
            }, completion: stage.completion("second"))
        }

        var positions: [CGPoint] = []
        for t in [1.0, 1.5, 2.5, 3.5] {
            stage.advance(to: t)
            positions.append(stage.position(view))
        }

        // Model (150, 150) plus the first animation's −100·(1 − t/2) in x and the
        // second's −100·(1 − (t − 1)/2) in y.
        #expect(positions == [CGPoint(x: 100, y: 50), CGPoint(x: 125, y: 75),
                              CGPoint(x: 150, y: 125), CGPoint(x: 150, y: 150)])
        #expect(stage.log.entries == ["first:true@2.0", "second:true@3.0"])
    }

    @Test func aNewAlphaAnimationEndsTheOneInFlightWithFinishedFalse_V3() {
        let stage = ViewStage()
        let view = stage.view()
        stage.turn {
            UIView.animate(withDuration: 4, delay: 0, options: [.curveLinear], animations: { view.alpha = 0.5 },
                           completion: stage.completion("animation1"))
        }
        stage.advance(to: 1)

        stage.turn {
            UIView.animate(withDuration: 5, delay: 0, options: [.curveLinear], animations: { view.alpha = 1 },
                           completion: stage.completion("animation2"))
        }
        stage.advance(to: 7)

        #expect(stage.log.entries == ["animation1:false@1.0", "animation2:true@6.0"])
    }

    /// S000's experiment: alpha set to 0.1 just before a 5 s block that animates it to 1.
    private func startingAlpha(inFlight: Bool, options: UIView.AnimationOptions) -> (at: Double, log: [String]) {
        let stage = ViewStage()
        let view = stage.view()
        stage.turn { view.alpha = 0.6 }
        if inFlight {
            stage.turn {
                UIView.animate(withDuration: 4, delay: 0, options: [.curveLinear], animations: { view.alpha = 0.2 },
                               completion: stage.completion("animation1"))
            }
            stage.advance(to: 2)
        }
        let start = CACurrentMediaTime()
        stage.turn {
            view.alpha = 0.1
            UIView.animate(withDuration: 5, delay: 0, options: options.union(.curveLinear), animations: { view.alpha = 1 })
        }
        stage.advance(to: start + 2.5)
        // Half-way, the value is the mean of where it started and 1.
        return (2 * stage.alpha(view) - 1, stage.log.entries)
    }

    @Test func beginFromCurrentStateStartsReplacingAnimationsFromTheScreen_V4() {
        let idle = startingAlpha(inFlight: false, options: [])
        let idleCurrent = startingAlpha(inFlight: false, options: .beginFromCurrentState)
        let flight = startingAlpha(inFlight: true, options: [])
        let flightCurrent = startingAlpha(inFlight: true, options: .beginFromCurrentState)

        #expect(close(idle.at, 0.1), "without the option: from the value assigned before the block")
        #expect(close(idleCurrent.at, 0.6), "with it: from the value on screen")
        #expect(close(flight.at, 0.1))
        #expect(close(flightCurrent.at, 0.4), "with it: from the in-flight value, half-way from 0.6 to 0.2")
        #expect(flight.log == ["animation1:false@2.0"], "the replaced animation ends either way")
        #expect(flightCurrent.log == ["animation1:false@2.0"])
    }

    @Test func beginFromCurrentStateDoesNotChangeAdditiveProperties_V4() {
        func centerHalfway(_ options: UIView.AnimationOptions) -> CGPoint {
            let stage = ViewStage()
            let view = stage.view(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            stage.turn {
                UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: {
                    view.center = CGPoint(x: 250, y: 50)
                })
            }
            stage.advance(to: 1)
            stage.turn {
                UIView.animate(withDuration: 2, delay: 0, options: options.union(.curveLinear), animations: {
                    view.center = CGPoint(x: 250, y: 250)
                })
            }
            stage.advance(to: 2)
            return stage.position(view)
        }

        #expect(centerHalfway([]) == centerHalfway(.beginFromCurrentState))
        #expect(centerHalfway([]) == CGPoint(x: 250, y: 150))
    }

    @Test func aBlockThatChangesNothingCompletesAtOnce_V5() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animate(withDuration: 1, animations: { view.alpha = 0.5 }, completion: stage.completion("animation1"))
            UIView.animate(withDuration: 1, animations: { view.alpha = 0.5 }, completion: stage.completion("animation2"))
            UIView.animate(withDuration: 1, delay: 2, animations: {}, completion: stage.completion("empty"))
        }
        stage.advance(to: 0)
        let atOnce = stage.log.entries
        stage.advance(to: 2)

        #expect(atOnce == ["animation2:true@0.0", "empty:true@0.0"])
        #expect(stage.log.entries.last == "animation1:true@1.0")
        #expect(view.layer.animationKeys() == nil)
    }

    @Test func siblingBlocksStartTogetherAndKeepTheirOwnSettings_V9() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
                view.center = CGPoint(x: 150, y: 50)
            }, completion: stage.completion("first"))
            UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: { view.alpha = 0 },
                           completion: stage.completion("second"))
        }
        stage.advance(to: 0.5)
        let (center, alpha) = (stage.position(view), stage.alpha(view))
        stage.advance(to: 3)

        #expect(center == CGPoint(x: 100, y: 50))
        #expect(close(alpha, 0.75))
        #expect(stage.log.entries == ["first:true@1.0", "second:true@2.0"])
    }

    @Test func aCompletionStartsTheNextAnimationAtTheExactTime_V17() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: [.curveEaseIn], animations: { view.alpha = 0 },
                           completion: { _ in
                UIView.animate(withDuration: 1, delay: 1, options: [.curveLinear], animations: { view.alpha = 1 },
                               completion: stage.completion("second"))
            })
        }
        stage.advance(to: 1.5)
        let waiting = stage.alpha(view)
        stage.advance(to: 2.25)
        let quarter = stage.alpha(view)
        stage.advance(to: 4)

        #expect(waiting == 0)
        #expect(close(quarter, 0.25))
        #expect(stage.log.entries == ["second:true@3.0"])
    }

    @Test func aZeroDurationBlockAppliesAtOnceAndCompletes() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animate(withDuration: 0, animations: { view.alpha = 0.3 }, completion: stage.completion("zero"))
        }
        stage.advance(to: 0)

        #expect(view.layer.animationKeys() == nil)
        #expect(close(stage.alpha(view), 0.3, 1e-6))
        #expect(stage.log.entries == ["zero:true@0.0"])
    }

    @Test func aViewAddedInTheSameTurnStillAnimatesInsideABlock() {
        let stage = ViewStage()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))

        stage.turn {
            stage.window.addSubview(view)
            view.alpha = 0
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.alpha = 1 })
        }
        stage.advance(to: 0.5)

        #expect(close(stage.alpha(view), 0.5))
    }
}

/// A block whose changes leave every value as it was animates nothing (V5).
extension UIViewAnimateTests {
    @Test func blockSettingTheSameValueCompletesAtOnceAndLeavesTheAnimationInFlight_V5() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear,
                           animations: { view.alpha = 0 }, completion: stage.completion("fade"))
            UIView.animate(withDuration: 1, delay: 0, options: [],
                           animations: { view.alpha = 0 }, completion: stage.completion("same"))
            UIView.animate(withDuration: 1, delay: 0, options: [],
                           animations: { view.center.x += 10; view.center.x -= 10 }, completion: stage.completion("there and back"))
        }
        stage.advance(to: 0.5)
        let halfWay = stage.alpha(view)
        stage.advance(to: 1)

        #expect(close(halfWay, 0.5), "the first fade still runs, linear")
        #expect(stage.log.entries == ["same:true@0.0", "there and back:true@0.0", "fade:true@1.0"])
    }

    @Test func keyframeBlockWhoseKeyframesEndWhereTheyStartedCompletesAtOnce_V5() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 1 }
            }, completion: stage.completion("keyframes"))
        }
        stage.advance(to: 0)

        #expect(stage.log.entries == ["keyframes:true@0.0"])
    }

    @Test func aBackgroundColorAnimationReplacesTheOneInFlight_V3() {
        let stage = ViewStage()
        let view = stage.view()
        stage.turn {
            UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: { view.backgroundColor = .red },
                           completion: stage.completion("red"))
        }
        stage.advance(to: 1)

        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.backgroundColor = .blue },
                           completion: stage.completion("blue"))
        }
        stage.advance(to: 1.5)
        let color = view.layer.presentation()?.backgroundColor
        stage.advance(to: 3)

        // From the model's red (no beginFromCurrentState) half-way to blue.
        #expect(color == CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
        #expect(stage.log.entries == ["red:false@1.0", "blue:true@2.0"])
    }

    @Test func aNestedBlockChangingTheSamePropertyReplacesTheOuterAnimation_V3_V6() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: {
                view.alpha = 0.5
                UIView.animate(withDuration: 2, delay: 0, options: [], animations: { view.alpha = 0.1 },
                               completion: stage.completion("inner"))
            }, completion: stage.completion("outer"))
        }
        stage.advance(to: 1)
        let halfway = stage.alpha(view)
        stage.advance(to: 3)

        #expect(close(halfway, 0.3), "the inner animation runs, inheriting the linear curve: 0.5 → 0.1")
        #expect(close(stage.alpha(view), 0.1))
        #expect(stage.log.entries == ["outer:false@0.0", "inner:true@2.0"])
    }
}
