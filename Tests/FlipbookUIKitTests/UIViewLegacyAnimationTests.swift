import FlipbookUIKit
import Testing

/// `beginAnimations`/`commitAnimations` and their setters (V16, S002).
@MainActor
@Suite struct UIViewLegacyAnimationTests {
    final class Listener: UIViewAnimationDelegate {
        var entries: [String] = []

        func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?) {
            entries.append("willStart(\(animationID ?? "nil"))@\(CACurrentMediaTime())")
        }

        func animationDidStop(_ animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?) {
            entries.append("didStop(\(animationID ?? "nil"), \(finished))@\(CACurrentMediaTime())")
        }
    }

    @Test func aBlockLasts0Point2SecondsUnlessSet_V16() {
        let stage = ViewStage()
        let view = stage.view()
        let listener = Listener()

        stage.turn {
            UIView.beginAnimations("ToggleViews", context: nil)
            UIView.setAnimationDelegate(listener)
            view.alpha = 0
            UIView.commitAnimations()
        }
        stage.advance(to: 1)

        #expect(listener.entries == ["willStart(ToggleViews)@0.0", "didStop(ToggleViews, true)@0.2"])
    }

    @Test func settersApplyToTheWholeBlockWhereverTheyCome_V16() {
        let stage = ViewStage()
        let view = stage.view()
        let listener = Listener()

        stage.turn {
            UIView.beginAnimations("toggle", context: nil)
            view.alpha = 0
            UIView.setAnimationDuration(1)
            UIView.setAnimationDelay(0.5)
            UIView.setAnimationCurve(.linear)
            UIView.setAnimationRepeatCount(1.5)
            UIView.setAnimationRepeatAutoreverses(true)
            UIView.setAnimationDelegate(listener)
            UIView.commitAnimations()
        }
        stage.advance(to: 0.75)
        let quarter = stage.alpha(view)
        stage.advance(to: 2)
        let back = stage.alpha(view)
        stage.advance(to: 4)

        #expect(close(quarter, 0.75))
        #expect(close(back, 0.5), "autoreversing: half-way back at 2 s")
        #expect(listener.entries == ["willStart(toggle)@0.5", "didStop(toggle, true)@3.5"])
    }

    @Test func beginsFromCurrentStateStartsFromTheScreen_V16() {
        let stage = ViewStage()
        let view = stage.view()
        stage.turn {
            UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: { view.alpha = 0 })
        }
        stage.advance(to: 1)

        stage.turn {
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationCurve(.linear)
            UIView.setAnimationDuration(1)
            view.alpha = 1
            UIView.setAnimationBeginsFromCurrentState(true)
            UIView.commitAnimations()
        }
        stage.advance(to: 1.5)

        #expect(close(stage.alpha(view), 0.75), "from 0.5 on screen to 1")
    }

    @Test func nestedBlocksStartWithTheOuterSettings_V16() {
        let stage = ViewStage()
        let (outer, inner) = (stage.view(), stage.view())
        let listener = Listener()

        stage.turn {
            UIView.beginAnimations("outer", context: nil)
            UIView.setAnimationDuration(2)
            outer.alpha = 0
            UIView.beginAnimations("inner", context: nil)
            UIView.setAnimationDelegate(listener)
            inner.alpha = 0
            UIView.commitAnimations()
            UIView.commitAnimations()
        }
        stage.advance(to: 3)

        #expect(listener.entries == ["willStart(inner)@0.0", "didStop(inner, true)@2.0"])
    }

    @Test func aBlockWithNoChangesStopsAtOnce_V16() {
        let stage = ViewStage()
        let listener = Listener()

        stage.turn {
            UIView.beginAnimations("empty", context: nil)
            UIView.setAnimationDelegate(listener)
            UIView.commitAnimations()
        }
        stage.advance(to: 0)

        #expect(listener.entries == ["willStart(empty)@0.0", "didStop(empty, true)@0.0"])
    }
}

extension UIViewLegacyAnimationTests {
    @Test func aNestedBlocksDelayCountsFromTheOuterStart_V16_V6() {
        let stage = ViewStage()
        let view = stage.view()
        let listener = Listener()

        stage.turn {
            UIView.animate(withDuration: 1, delay: 1, options: [], animations: {
                UIView.beginAnimations("nested", context: nil)
                UIView.setAnimationDelegate(listener)
                UIView.setAnimationDelay(0.5)
                view.alpha = 0
                UIView.commitAnimations()
            })
        }
        stage.advance(to: 3)

        #expect(listener.entries == ["willStart(nested)@1.5", "didStop(nested, true)@2.5"])
    }
}
