import FlipbookUIKit
import Testing

/// Repeat counts and durations that count nothing (T2): negative, or NaN. Core Animation
/// documents fractional counts, 0 ignored and infinity repeating forever; Flipbook keeps
/// the value it had and says so once per property, as a layer does for a value that is not
/// finite (G12).
@MainActor
@Suite struct RefusedRepeatCountTests {
    /// One test for the animation's two properties: each warns once in a process.
    @Test func aNegativeOrNaNRepeatCountOrDurationIsIgnoredWithOneWarningEach_T2_G12() throws {
        let counted = CABasicAnimation(keyPath: "opacity")
        counted.repeatCount = 2
        let timed = CABasicAnimation(keyPath: "position")
        timed.repeatDuration = 1.5

        let message = try capturingStandardError {
            OnceWarnings.forget()
            counted.repeatCount = -1
            counted.repeatCount = .nan
            counted.setValue(-3, forKey: "repeatCount")
            timed.repeatDuration = -.nan
            timed.repeatDuration = -2
        }
        let refused = (counted.repeatCount, timed.repeatDuration)
        counted.repeatCount = .infinity
        timed.repeatDuration = 0

        #expect(warnings(in: message) == [
            "flipbook: warning: repeatCount -1 of a CABasicAnimation of 'opacity' is not 0 or more; the animation "
                + "keeps 2, and later negative or NaN repeatCount values are ignored without a warning",
            "flipbook: warning: repeatDuration nan of a CABasicAnimation of 'position' is not 0 or more; the animation "
                + "keeps 1.5, and later negative or NaN repeatDuration values are ignored without a warning",
        ], "\(message)")
        #expect(refused == (2, 1.5))
        #expect(counted.repeatCount == .infinity && timed.repeatDuration == 0, "infinity and 0 are counts")
    }

    /// The timing value itself, which code may build with any count, reads a negative count
    /// or NaN as 0 (one cycle), so the animation still ends; `endTime` was NaN for NaN.
    @Test func mediaTimingReadsANegativeOrNaNCountAsOneCycle_T2() {
        let counts: [Double] = [-2, .nan, -.infinity]

        let ends = counts.map { MediaTiming(beginTime: 10, duration: 1, repeatCount: $0, autoreverses: true).endTime }

        #expect(ends == [12, 12, 12], "one cycle there and back: \(ends)")
    }

    @Test func setAnimationRepeatCountIgnoresANegativeOrNaNCount_T2_V10() throws {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))

        let message = try capturingStandardError {
            OnceWarnings.forget()
            stage.turn {
                UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear, .autoreverse], animations: {
                    UIView.setAnimationRepeatCount(2)
                    UIView.setAnimationRepeatCount(-1)
                    UIView.setAnimationRepeatCount(.nan)
                    view.center.x = 110
                }, completion: stage.completion("block"))
            }
        }
        stage.advance(to: 3)

        #expect(warnings(in: message) == [
            "flipbook: warning: setAnimationRepeatCount count -1 is not 0 or more; the block's repeat settings apply "
                + "instead, and later such counts are ignored without a warning",
        ], "\(message)")
        #expect(stage.log.entries == ["block:true@2.0"], "the count of 2 kept: two cycles there and back")
    }

    @Test func modifyAnimationsWithANegativeOrNaNCountLeavesTheBlocksSettings_T2_V10() throws {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let other = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))

        let message = try capturingStandardError {
            OnceWarnings.forget()
            stage.turn {
                UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: {
                    UIView.modifyAnimations(withRepeatCount: -1, autoreverses: true) { view.center.x = 110 }
                    UIView.modifyAnimations(withRepeatCount: .nan, autoreverses: true) { other.center.x = 110 }
                }, completion: stage.completion("block"))
            }
        }
        stage.advance(to: 0.25)
        let quarter = (stage.position(view).x, stage.position(other).x)
        stage.advance(to: 2)

        #expect(warnings(in: message) == [
            "flipbook: warning: modifyAnimations count -1 is not 0 or more; the block's repeat settings apply "
                + "instead, and later such counts are ignored without a warning",
        ], "\(message)")
        #expect(quarter == (60, 60))
        #expect(stage.log.entries == ["block:true@0.5"], "one run each, without autoreverse")
    }
}
