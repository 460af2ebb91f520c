import FlipbookUIKit
import Testing

/// `UIView.modifyAnimations(withRepeatCount:autoreverses:animations:)` (iOS 13): the repeat
/// count and autoreverse of the changes made in its block, inside an enclosing animation
/// block (V10, T2, FACTS §3).
@MainActor
@Suite struct UIViewModifyAnimationsTests {
    /// A 20-point view centred at x = 10 moved to x = 110 in a linear 0.5 s block whose
    /// move is modified with `count` and `autoreverses`; its centre's x at `times`.
    private func xs(count: CGFloat, autoreverses: Bool, at times: [Double]) -> [Double] {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        stage.turn {
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: {
                UIView.modifyAnimations(withRepeatCount: count, autoreverses: autoreverses) {
                    view.center.x = 110
                }
            })
        }
        return stage.centerXs(view, at: times)
    }

    @Test func countTwoWithAutoreverseRunsThereAndBackTwiceThenJumpsToTheModel_V10() {
        let x = xs(count: 2, autoreverses: true, at: [0.25, 0.5, 0.75, 0.95, 1.25, 1.5, 1.75, 1.95, 2.05])

        expectClose(x, [60, 110, 60, 20, 60, 110, 60, 20, 110], "two cycles of 1 s, each there and back")
    }

    @Test func countTwoWithoutAutoreverseRunsForwardTwice_T2() {
        let x = xs(count: 2, autoreverses: false, at: [0.25, 0.45, 0.55, 0.75, 0.95, 1.05, 2])

        expectClose(x, [60, 100, 20, 60, 100, 110, 110], "two forward runs, then the model")
    }

    @Test func aFractionalCountEndsPartWayThroughACycle_T2() {
        let reversing = xs(count: 1.5, autoreverses: true, at: [0.25, 0.75, 1.25, 1.45, 1.55])
        let forward = xs(count: 2.5, autoreverses: false, at: [0.55, 1.05, 1.2, 1.3])

        expectClose(reversing, [60, 60, 60, 100, 110], "1.5 cycles end at the new value, at 1.5 s")
        expectClose(forward, [20, 20, 50, 110], "the half run ends at 1.25 s, then the model")
    }

    @Test func changesOutsideTheModifyBlockKeepTheBlocksTiming_V10() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))

        stage.turn {
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: {
                view.alpha = 0
                UIView.modifyAnimations(withRepeatCount: 2, autoreverses: true) {
                    view.center.x = 110
                }
                view.bounds.size.width = 40
            }, completion: stage.completion("block"))
        }
        stage.advance(to: 0.25)
        let quarter = (stage.alpha(view), stage.size(view).width, stage.position(view).x)
        stage.advance(to: 0.75)
        let later = (stage.alpha(view), stage.size(view).width, stage.position(view).x)
        stage.advance(to: 3)

        #expect(close(quarter.0, 0.5) && quarter.1 == 30 && quarter.2 == 60)
        #expect(close(later.0, 0) && later.1 == 40, "alpha and width ran once")
        #expect(later.2 == 60, "the move, modified, is on its way back")
        #expect(stage.log.entries == ["block:true@2.0"], "the completion waits for the repeats")
    }

    @Test func theModifiedSettingsOverrideTheBlocksRepeatAndAutoreverseOptions_V10() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))

        stage.turn {
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear, .repeat, .autoreverse], animations: {
                UIView.modifyAnimations(withRepeatCount: 1, autoreverses: false) {
                    view.center.x = 110
                }
            }, completion: stage.completion("block"))
        }
        stage.advance(to: 0.25)
        let quarter = stage.position(view).x
        stage.advance(to: 1)

        #expect(quarter == 60)
        #expect(stage.log.entries == ["block:true@0.5"], "one forward run, not forever")
    }

    @Test func aKeyframeAnimationRepeatsWhole_K1() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))

        stage.turn {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
                UIView.modifyAnimations(withRepeatCount: 2, autoreverses: false) {
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 110 }
                }
            }, completion: stage.completion("keyframes"))
        }
        let x = stage.centerXs(view, at: [0.25, 0.75, 1.25, 1.75, 2.05])

        #expect(x == [10, 60, 10, 60, 110], "held, then half-way, in each of the two runs")
        #expect(stage.log.entries == ["keyframes:true@2.0"])
    }

    @Test func outsideAnAnimationBlockTheChangesApplyAtOnce_V10() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))

        stage.turn {
            UIView.modifyAnimations(withRepeatCount: 2, autoreverses: true) {
                view.center.x = 110
            }
        }

        #expect(view.layer.animationKeys() == nil)
        #expect(stage.position(view).x == 110)
    }

    @Test func anAnimateBlockInsideTheModifyBlockIsNotModified_V10() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))

        stage.turn {
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: {
                UIView.modifyAnimations(withRepeatCount: 2, autoreverses: true) {
                    UIView.animate(withDuration: 0.5, animations: { view.center.x = 110 },
                                   completion: stage.completion("inner"))
                }
            })
        }
        stage.advance(to: 1)

        #expect(stage.log.entries == ["inner:true@0.5"], "Apple: the inverse nesting doesn't work")
    }
}
