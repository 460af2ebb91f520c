import FlipbookUIKit
import Testing

/// `animateKeyframes` and `addKeyframe` (K1, K2, FACTS §4).
@MainActor
@Suite struct UIViewKeyframeAnimationTests {
    @Test func eachKeyframeRunsOverItsShareAndOtherChangesOverTheWhole_K1() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 100, y: 50, width: 200, height: 100))
        stage.turn {
            UIView.animateKeyframes(withDuration: 5, delay: 0, options: [], animations: {
                view.alpha = 0.1
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                    view.frame = CGRect(x: 10, y: 5, width: 200, height: 100)
                }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.2) {
                    view.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
                }
                UIView.addKeyframe(withRelativeStartTime: 0.7, relativeDuration: 0.3) {
                    view.frame = CGRect(x: 250, y: 100, width: 200, height: 100)
                }
            }, completion: stage.completion("keyframes"))
        }

        var samples: [(alpha: Double, center: CGPoint, size: CGSize)] = []
        for t in [1.25, 2.5, 3.0, 4.25] {
            stage.advance(to: t)
            samples.append((stage.alpha(view), stage.position(view), stage.size(view)))
        }
        stage.advance(to: 6)

        #expect(close(samples[0].alpha, 1 - 0.9 * 0.25), "alpha, outside every keyframe, runs linearly over 5 s")
        #expect(close(samples[1].alpha, 0.55))
        #expect(samples[0].center == CGPoint(x: 155, y: 77.5), "the first frame runs over 0…2.5 s")
        #expect(samples[1].center == CGPoint(x: 110, y: 55))
        #expect(samples[2].center == CGPoint(x: 110, y: 55), "held until the next keyframe of the property")
        #expect(samples[2].size == CGSize(width: 125, height: 75), "bounds run over 2.5…3.5 s")
        #expect(samples[3].center == CGPoint(x: 230, y: 102.5))
        #expect(samples[3].size == CGSize(width: 125, height: 75))
        #expect(stage.log.entries == ["keyframes:true@5.0"])
    }

    /// The alpha at `times` (fractions of 1 s) for keyframes to 0.5 at 0.2…0.5 and to 0 at 0.6…0.8.
    private func alphas(_ options: UIView.KeyframeAnimationOptions, at times: [Double]) -> [Double] {
        let stage = ViewStage()
        let view = stage.view()
        stage.turn {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: options, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.3) { view.alpha = 0.5 }
                UIView.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.2) { view.alpha = 0 }
            })
        }
        return times.map { t in
            stage.advance(to: t)
            return stage.alpha(view)
        }
    }

    private func matches(_ actual: [Double], _ expected: [Double]) -> Bool {
        actual.count == expected.count && zip(actual, expected).allSatisfy { close($0, $1) }
    }

    @Test func linearModeHoldsBeforeTheFirstKeyframeAndBetweenKeyframes_K2() {
        let linear = alphas([], at: [0.1, 0.35, 0.55, 0.7, 0.9])

        #expect(matches(linear, [1, 0.75, 0.5, 0.25, 0]), "\(linear)")
    }

    @Test func discreteModeJumpsWhenEachKeyframeStarts_K2() {
        let discrete = alphas(.calculationModeDiscrete, at: [0.1, 0.3, 0.55, 0.7, 0.9])

        #expect(matches(discrete, [1, 0.5, 0.5, 0, 0]), "\(discrete)")
    }

    @Test func pacedModeSpacesValuesByDistance_K2() {
        let paced = alphas(.calculationModePaced, at: [0.25, 0.5, 0.75])

        #expect(matches(paced, [0.75, 0.5, 0.25]), "1 → 0.5 → 0 at an even pace: \(paced)")
    }

    @Test func cubicModePassesThroughTheKeyframeValues_K2() {
        let cubic = alphas(.calculationModeCubic, at: [0.2, 0.5, 0.6, 0.8, 0.999])
        let between = alphas(.calculationModeCubic, at: [0.35])[0]

        // A Catmull-Rom spline through the points, so it may overshoot between them.
        #expect(matches(cubic.map { ($0 * 1000).rounded() / 1000 }, [1, 0.5, 0.5, 0, 0]), "\(cubic)")
        #expect(between > 0.5 && between < 1)
    }

    @Test func aCurveOptionShapesTheWholeKeyframeAnimation_K2() {
        let curve = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveEaseIn.rawValue)
        let stage = ViewStage()
        let view = stage.view()
        stage.turn {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: curve, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0.5 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 0 }
            })
        }

        stage.advance(to: 0.5)

        let eased = TimingFunction.easeIn.value(at: 0.5)
        #expect(close(stage.alpha(view), 1 - eased), "the keyframe at 0.5 is reached at easeIn⁻¹(0.5), not at 0.5 s")
    }

    @Test func keyframesDelayAndCompleteLikeBlocks_K1() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animateKeyframes(withDuration: 2, delay: 1, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0 }
            }, completion: stage.completion("k"))
        }
        stage.advance(to: 0.5)
        let waiting = stage.alpha(view)
        stage.advance(to: 2)
        let halfway = stage.alpha(view)
        stage.advance(to: 4)

        #expect(waiting == 1)
        #expect(close(halfway, 0.5))
        #expect(stage.log.entries == ["k:true@3.0"])
    }

    @Test func keyframesAddedOutOfOrderStillStartFromTheValueBeforeTheBlock_K2() {
        let stage = ViewStage()
        let view = stage.view()
        stage.turn {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 0 }
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0.5 }
            })
        }

        let samples = [0.0, 0.25, 0.75].map { t -> Double in
            stage.advance(to: t)
            return stage.alpha(view)
        }

        #expect(matches(samples, [1, 0.75, 0.25]), "\(samples)")
    }

    @Test func keyframesLeaveAnAdditiveAnimationInFlightRunning_K1_V3() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.turn {
            UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: {
                view.center = CGPoint(x: 250, y: 50)
            }, completion: stage.completion("slide"))
        }
        stage.advance(to: 1)

        stage.turn {
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center = CGPoint(x: 250, y: 250) }
            }, completion: stage.completion("keyframes"))
        }
        stage.advance(to: 1.5)
        let centre = stage.position(view)
        stage.advance(to: 4)

        // The keyframes run from the model's (250, 50) to (250, 250), a quarter done at
        // 1.5 s; the slide's offset, −200·(1 − t/2) in x, still adds on top: −50.
        #expect(centre == CGPoint(x: 200, y: 100))
        #expect(stage.log.entries == ["slide:true@2.0", "keyframes:true@3.0"])
    }
}
