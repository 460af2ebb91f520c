import FlipbookUIKit
import Testing

/// Durations, speeds, begin times, offsets and delays that time nothing (T6): NaN,
/// infinity, and a negative duration where one is a length of time. An animation and a
/// transaction keep the value they had, as a layer does (G12); a block or an animator,
/// which has nothing to keep, takes 0. Each says so once per process; nothing draws NaN.
@MainActor
@Suite struct RefusedTimingValueTests {
    /// One test for the animation's four properties: each warns once in a process.
    @Test func aNonFiniteTimingValueOrANegativeDurationIsIgnoredWithOneWarningEach_T6_G12() throws {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0
        slide.toValue = 100
        (slide.duration, slide.speed, slide.timeOffset) = (2, 2, 0.5)
        let group = CAAnimationGroup()

        let message = try capturingStandardError {
            OnceWarnings.forget()
            slide.duration = .nan
            slide.duration = -1
            slide.speed = .infinity
            slide.setValue(1e300, forKey: "speed")
            slide.timeOffset = -.nan
            group.beginTime = .infinity
        }
        let kept = [slide.duration, Double(slide.speed), slide.timeOffset, group.beginTime]
        group.beginTime = 3
        stage.turn { view.layer.add(slide, forKey: "slide") }
        let xs = stage.centerXs(view, at: [0.25, 0.5])

        #expect(warnings(in: message) == [
            "flipbook: warning: duration nan of a CABasicAnimation of 'position.x' is not a finite number of 0 or more; "
                + "the animation keeps 2, and later negative or non-finite duration values are ignored without a warning",
            "flipbook: warning: speed inf of a CABasicAnimation of 'position.x' is not finite; the animation keeps 2, "
                + "and later non-finite speed values are ignored without a warning",
            "flipbook: warning: timeOffset nan of a CABasicAnimation of 'position.x' is not finite; the animation keeps 0.5, "
                + "and later non-finite timeOffset values are ignored without a warning",
            "flipbook: warning: beginTime inf of a CAAnimationGroup is not finite; the animation keeps 0, "
                + "and later non-finite beginTime values are ignored without a warning",
        ], "\(message)")
        #expect(kept == [2, 2, 0.5, 0], "1e300 is infinity as a Float speed: refused, silently")
        #expect(group.beginTime == 3, "a finite value after a refusal is taken")
        expectClose(xs, [50, 75], "local time (t × 2 + 0.5) of a 2 s cycle, drawn as the kept values time it")
    }

    @Test func aTransactionKeepsItsDurationForANegativeOrNonFiniteOne_T6_TX2() throws {
        let stage = ViewStage()
        let view = stage.view()
        var durations: [Double] = []

        let message = try capturingStandardError {
            OnceWarnings.forget()
            stage.turn {
                CATransaction.begin()
                CATransaction.setAnimationDuration(1.5)
                CATransaction.begin()
                CATransaction.setAnimationDuration(-.infinity)
                CATransaction.setValue(Double.nan, forKey: kCATransactionAnimationDuration)
                CATransaction.setAnimationDuration(-1)
                durations.append(CATransaction.animationDuration())
                CATransaction.setCompletionBlock { stage.log.entries.append("fade@\(CACurrentMediaTime())") }
                let fade = CABasicAnimation(keyPath: "opacity")
                (fade.fromValue, fade.toValue) = (1, 0)
                view.layer.add(fade, forKey: "fade")
                CATransaction.commit()
                CATransaction.commit()
            }
        }
        stage.advance(to: 2)

        #expect(warnings(in: message) == [
            "flipbook: warning: CATransaction.setAnimationDuration -inf is not a finite number of 0 or more; the "
                + "transaction keeps 1.5, and later negative or non-finite durations are ignored without a warning",
        ], "\(message)")
        #expect(durations == [1.5], "the outer transaction's duration, which the inner one did not replace")
        #expect(stage.log.entries == ["fade@1.5"])
    }

    /// Apple: "If you specify a negative value or 0, the changes are made without animating
    /// them"; a duration that is not finite is taken as 0 too, and a delay as 0, with a warning.
    @Test func aBlockTakesANonFiniteDurationOrDelayAs0WithAWarning_T6_V2_V16() throws {
        let stage = ViewStage()
        let (instant, delayed, legacy) = (stage.view(), stage.view(), stage.view())

        let message = try capturingStandardError {
            OnceWarnings.forget()
            stage.turn {
                UIView.animate(withDuration: .infinity, animations: { instant.alpha = 0 },
                               completion: stage.completion("instant"))
                UIView.animate(withDuration: 1, delay: .nan, options: [.curveLinear], animations: { delayed.alpha = 0 },
                               completion: stage.completion("delayed"))
                UIView.beginAnimations("legacy")
                UIView.setAnimationDuration(1)
                UIView.setAnimationDelay(-.infinity)
                UIView.setAnimationCurve(.linear)
                legacy.alpha = 0
                UIView.commitAnimations()
            }
        }
        stage.advance(to: 0.5)
        let halfway = [stage.alpha(instant), stage.alpha(delayed), stage.alpha(legacy)]
        stage.advance(to: 2)

        #expect(warnings(in: message) == [
            "flipbook: warning: UIView.animate duration inf is not finite; it is taken as 0, and later non-finite "
                + "durations are taken as 0 without a warning",
            "flipbook: warning: UIView.animate delay nan is not finite; it is taken as 0, and later non-finite "
                + "delays are taken as 0 without a warning",
            "flipbook: warning: UIView.setAnimationDelay -inf is not finite; it is taken as 0, and later non-finite "
                + "delays are taken as 0 without a warning",
        ], "\(message)")
        expectClose(halfway, [0, 0.5, 0.5], "no animation; the others from the start, without a delay")
        #expect(stage.log.entries == ["instant:true@0.0", "delayed:true@1.0"])
    }

    /// A legacy block's transition is added when `setAnimationTransition` is called and
    /// takes the block's duration when it commits: a negative one is Apple's "without
    /// animating", not a duration the transition refuses.
    @Test func aNegativeLegacyDurationEndsItsTransitionAtOnceWithoutAWarning_T6_V16() throws {
        let stage = ViewStage()
        let view = stage.view()

        let message = try capturingStandardError {
            OnceWarnings.forget()
            stage.turn {
                UIView.beginAnimations("flip")
                UIView.setAnimationTransition(.flipFromLeft, for: view, cache: false)
                UIView.setAnimationDuration(-1)
                view.backgroundColor = .red
                UIView.commitAnimations()
            }
        }
        stage.advance(to: 0.1)

        #expect(warnings(in: message) == [], "\(message)")
        #expect(view.layer.animationKeys() == nil)
    }

    @Test func anAnimatorTakesANonFiniteDurationDelayOrFactorAs0WithAWarning_T6_PA1_PA6() throws {
        let stage = ViewStage()
        let (instant, delayed, resumed) = (stage.view(), stage.view(), stage.view())
        var animators: [UIViewPropertyAnimator] = []

        let message = try capturingStandardError {
            OnceWarnings.forget()
            stage.turn {
                animators = [
                    UIViewPropertyAnimator(duration: .nan, curve: .linear) { instant.alpha = 0 },
                    UIViewPropertyAnimator(duration: 1, curve: .linear) { delayed.alpha = 0 },
                    UIViewPropertyAnimator(duration: 1, curve: .linear) { resumed.alpha = 0 },
                ]
                for (name, animator) in zip(["instant", "delayed", "resumed"], animators) {
                    animator.addCompletion { stage.log.entries.append("\(name):\($0)@\(CACurrentMediaTime())") }
                }
                animators[0].startAnimation()
                animators[1].startAnimation(afterDelay: .infinity)
                animators[2].pauseAnimation()
                animators[2].fractionComplete = 0.25
                animators[2].continueAnimation(withTimingParameters: nil, durationFactor: .infinity)
            }
        }
        stage.advance(to: 0.375)
        let partway = [stage.alpha(delayed), stage.alpha(resumed)]
        stage.advance(to: 2)

        #expect(warnings(in: message) == [
            "flipbook: warning: UIViewPropertyAnimator duration nan is not finite; it is taken as 0, and later "
                + "non-finite durations are taken as 0 without a warning",
            "flipbook: warning: UIViewPropertyAnimator.startAnimation delay inf is not finite; it is taken as 0, and "
                + "later non-finite delays are taken as 0 without a warning",
            "flipbook: warning: UIViewPropertyAnimator.continueAnimation durationFactor inf is not finite; it is taken "
                + "as 0, and later non-finite factors are taken as 0 without a warning",
        ], "\(message)")
        #expect(animators[0].duration == 0)
        expectClose(partway, [0.625, 0.375], "started at once; resumed from 0.25 at the pace it had")
        #expect(stage.log.entries == ["instant:end@1e-06", "resumed:end@0.75", "delayed:end@1.0"])
    }

    @Test func anAnimatorTakesANonFiniteDelayFactorAs0WithAWarning_T6_PA5() throws {
        let stage = ViewStage()
        let box = stage.view()
        var animator: UIViewPropertyAnimator?

        let message = try capturingStandardError {
            OnceWarnings.forget()
            stage.turn {
                animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.center.x = 100 }
                animator?.startAnimation()
                animator?.addAnimations({ box.alpha = 0 }, delayFactor: .nan)
            }
        }
        stage.advance(to: 0.5)

        #expect(warnings(in: message) == [
            "flipbook: warning: UIViewPropertyAnimator.addAnimations delayFactor nan is not finite; it is taken as 0, "
                + "and later non-finite delay factors are taken as 0 without a warning",
        ], "\(message)")
        expectClose([stage.alpha(box)], [0.5], "from now to the end, as with a factor of 0")
        withExtendedLifetime(animator) {}
    }

    /// Apple documents no meaning for a spring parameter that is not finite, and 0 is no
    /// spring for most of them (a mass, stiffness or duration of 0 does not move; a damping
    /// of 0 never settles): each takes its default, with a warning (T6, PA7).
    @Test func aSpringParameterThatIsNotFiniteTakesItsDefaultWithAWarning_T6_PA7() throws {
        let stage = ViewStage()
        let bad = (0..<3).map { _ in stage.view() }
        let good = (0..<3).map { _ in stage.view() }
        var animators: [UIViewPropertyAnimator] = []

        let message = try capturingStandardError {
            OnceWarnings.forget()
            let parameters = [
                UISpringTimingParameters(dampingRatio: .nan, initialVelocity: CGVector(dx: .infinity, dy: 0)),
                UISpringTimingParameters(mass: .nan, stiffness: .infinity, damping: -.infinity,
                                         initialVelocity: CGVector(dx: 0, dy: .nan)),
                UISpringTimingParameters(duration: .infinity, bounce: .nan),
                UISpringTimingParameters(dampingRatio: 1),
                UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: CGVector(dx: 0, dy: 0)),
                UISpringTimingParameters(duration: 0.5, bounce: 0),
            ]
            stage.turn {
                for (view, timing) in zip(bad + good, parameters) {
                    let animator = UIViewPropertyAnimator(duration: 1, timingParameters: timing)
                    animator.addAnimations { view.alpha = 0 }
                    animator.startAnimation()
                    animators.append(animator)
                }
            }
        }
        let alphas = stage.alphas(bad + good, at: [0.1, 0.3, 0.6])

        #expect(warnings(in: message) == [
            "flipbook: warning: UISpringTimingParameters dampingRatio nan is not finite; it is taken as 1, and later "
                + "non-finite dampingRatio values are taken as 1 without a warning",
            "flipbook: warning: UISpringTimingParameters initialVelocity.dx inf is not finite; it is taken as 0, and "
                + "later non-finite initialVelocity.dx values are taken as 0 without a warning",
            "flipbook: warning: UISpringTimingParameters initialVelocity.dy nan is not finite; it is taken as 0, and "
                + "later non-finite initialVelocity.dy values are taken as 0 without a warning",
            "flipbook: warning: UISpringTimingParameters mass nan is not finite; it is taken as 1, and later "
                + "non-finite mass values are taken as 1 without a warning",
            "flipbook: warning: UISpringTimingParameters stiffness inf is not finite; it is taken as 100, and later "
                + "non-finite stiffness values are taken as 100 without a warning",
            "flipbook: warning: UISpringTimingParameters damping -inf is not finite; it is taken as 10, and later "
                + "non-finite damping values are taken as 10 without a warning",
            "flipbook: warning: UISpringTimingParameters duration inf is not finite; it is taken as 0.5, and later "
                + "non-finite duration values are taken as 0.5 without a warning",
            "flipbook: warning: UISpringTimingParameters bounce nan is not above -1 and at most 1; it is taken as 0, "
                + "and later out-of-range bounce values are taken as 0 without a warning",
        ], "\(message)")
        for (t, row) in zip([0.1, 0.3, 0.6], alphas) {
            expectClose(Array(row[..<3]), Array(row[3...]), "at \(t) s, as the default parameters move (not NaN)")
        }
        #expect(animators[1].duration == animators[4].duration, "the default spring's settling duration")
    }

    /// Apple: a perceptual spring's bounce goes from −1 (overdamped; −1 itself an infinite
    /// damping ratio) to 1 (undamped); one outside that, which would give an infinite or a
    /// negative damping, is taken as 0, the default, with a warning, in the timing parameters
    /// and in the spring block alike; 1 is taken as it is (T6, PA7, T4).
    @Test func aBounceOutsideApplesRangeIsTakenAs0WithAWarning_T6_PA7_T4() throws {
        let stage = ViewStage()
        let (outside, below, block, zero) = (stage.view(), stage.view(), stage.view(), stage.view())
        let (undamped, one) = (stage.view(), stage.view())
        var animators: [UIViewPropertyAnimator] = []

        let message = try capturingStandardError {
            OnceWarnings.forget()
            stage.turn {
                for (view, bounce) in [(outside, 1.5), (below, -1), (zero, 0), (undamped, 1)] {
                    let animator = UIViewPropertyAnimator(duration: 1, timingParameters:
                        UISpringTimingParameters(duration: 0.5, bounce: bounce))
                    animator.addAnimations { view.alpha = 0 }
                    animator.startAnimation()
                    animators.append(animator)
                }
                UIView.animate(springDuration: 0.5, bounce: -2) { block.alpha = 0 }
                UIView.animate(springDuration: 0.5, bounce: 0) { one.alpha = 0 }
            }
        }
        let alphas = stage.alphas([outside, below, zero, undamped, block, one], at: [0.1, 0.3])

        #expect(warnings(in: message) == [
            "flipbook: warning: UISpringTimingParameters bounce 1.5 is not above -1 and at most 1; it is taken as 0, "
                + "and later out-of-range bounce values are taken as 0 without a warning",
            "flipbook: warning: UIView.animate bounce -2 is not above -1 and at most 1; it is taken as 0, and later "
                + "out-of-range bounce values are taken as 0 without a warning",
        ], "\(message)")
        for (t, row) in zip([0.1, 0.3], alphas) {
            expectClose([row[0], row[1]], [row[2], row[2]], "at \(t) s, both out of range as bounce 0 (not NaN)")
            expectClose([row[4]], [row[5]], "at \(t) s, the block as bounce 0")
        }
        #expect(abs(alphas[1][3] - alphas[1][2]) > 0.01, "a bounce of 1 is taken, and moves unlike 0: \(alphas[1])")
    }

    /// The perceptual spring value type takes a bounce outside Apple's range (SwiftUI's
    /// `Spring(duration:bounce:)`: "a minimum value of -1.0", "up to a maximum of 1.0") as 0,
    /// with one warning, as `UISpringTimingParameters(duration:bounce:)` does: −1 was an
    /// infinite damping ratio, whose values were NaN, and 2 a negative one, a spring that
    /// grows (T6, T4).
    @Test func aPerceptualSpringTakesABounceOutsideApplesRangeAs0WithOneWarning_T6_T4() throws {
        var springs: [Spring] = []

        let message = try capturingStandardError {
            OnceWarnings.forget()
            springs = [-1, 2, 1].map { Spring(perceptualDuration: 1, bounce: $0) }
        }

        #expect(warnings(in: message) == [
            "flipbook: warning: Spring(perceptualDuration:bounce:) bounce -1 is not above -1 and at most 1; it is taken as "
                + "0, and later out-of-range bounce values are taken as 0 without a warning",
        ], "\(message)")
        #expect(springs[0] == Spring(perceptualDuration: 1, bounce: 0) && springs[1] == springs[0])
        #expect(springs[0].value(at: 0.5).isFinite)
        #expect(springs[2].damping == 0, "1 is in the range: an undamped spring")
    }

    /// Apple: a keyframe's start and duration are fractions in 0…1, and "if you specify a value
    /// of 0, any properties you set in the animations block update immediately at the specified
    /// start time"; one that is not finite is taken as 0, with a warning (T6, K1).
    @Test func aKeyframeTakesANonFiniteStartOrDurationAs0WithAWarning_T6_K1() throws {
        let stage = ViewStage()
        let (fromStart, atOnce) = (stage.view(), stage.view())

        let message = try capturingStandardError {
            OnceWarnings.forget()
            stage.turn {
                UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.calculationModeLinear]) {
                    UIView.addKeyframe(withRelativeStartTime: .nan, relativeDuration: 0.5) { fromStart.alpha = 0 }
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: .infinity) { atOnce.alpha = 0 }
                }
            }
        }
        let alphas = stage.alphas([fromStart, atOnce], at: [0.25, 0.49, 0.75]).flatMap { $0 }

        #expect(warnings(in: message) == [
            "flipbook: warning: UIView.addKeyframe relativeStartTime nan is not finite; it is taken as 0, and later "
                + "non-finite relative start times are taken as 0 without a warning",
            "flipbook: warning: UIView.addKeyframe relativeDuration inf is not finite; it is taken as 0, and later "
                + "non-finite relative durations are taken as 0 without a warning",
        ], "\(message)")
        expectClose(alphas, [0.5, 1, 0.02, 1, 0, 0], "the first from the start over half; the second at once at 0.5 s")
    }

    /// The spring blocks' parameters follow `UISpringTimingParameters`': one that is not
    /// finite takes its default — damping ratio 1, duration 0.5, bounce and velocity 0 —
    /// with a warning, as a ratio of 0 rings to the end and a duration of 0 does not move (T6, T4).
    @Test func aSpringBlockParameterThatIsNotFiniteTakesItsDefaultWithAWarning_T6_T4() throws {
        let stage = ViewStage()
        let bad = (0..<2).map { _ in stage.view() }
        let good = (0..<2).map { _ in stage.view() }

        let message = try capturingStandardError {
            OnceWarnings.forget()
            stage.turn {
                UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: .nan, initialSpringVelocity: .infinity,
                               animations: { bad[0].alpha = 0 })
                UIView.animate(springDuration: -.infinity, bounce: .nan, initialSpringVelocity: .nan) { bad[1].alpha = 0 }
                UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                               animations: { good[0].alpha = 0 })
                UIView.animate { good[1].alpha = 0 }
            }
        }
        let alphas = stage.alphas(bad + good, at: [0.1, 0.3, 0.45])

        #expect(warnings(in: message) == [
            "flipbook: warning: UIView.animate usingSpringWithDamping nan is not finite; it is taken as 1, and later "
                + "non-finite usingSpringWithDamping values are taken as 1 without a warning",
            "flipbook: warning: UIView.animate initialSpringVelocity inf is not finite; it is taken as 0, and later "
                + "non-finite initialSpringVelocity values are taken as 0 without a warning",
            "flipbook: warning: UIView.animate springDuration -inf is not finite; it is taken as 0.5, and later "
                + "non-finite springDuration values are taken as 0.5 without a warning",
            "flipbook: warning: UIView.animate bounce nan is not above -1 and at most 1; it is taken as 0, and later "
                + "out-of-range bounce values are taken as 0 without a warning",
        ], "\(message)")
        for (t, row) in zip([0.1, 0.3, 0.45], alphas) {
            expectClose(Array(row[..<2]), Array(row[2...]), "at \(t) s, as the default parameters move (not NaN)")
        }
        #expect(alphas[0].allSatisfy { $0 > 0 && $0 < 1 }, "\(alphas[0]): every view on its way")
    }

    /// Apple: a spring's mass and stiffness "Must be greater than 0", its damping "greater
    /// than or equal to 0"; a CASpringAnimation refuses the others, and NaN or infinity in any
    /// coefficient or the perceptual parameters, keeping what it had, as every CAAnimation
    /// timing value does (T6, T3).
    @Test func aSpringAnimationKeepsItsCoefficientsForOnesThatAreNotFiniteOrInRange_T6_T3() throws {
        let stage = ViewStage()
        let (refused, plain) = (stage.view(), stage.view())
        let slide = CASpringAnimation(keyPath: "position.x")
        (slide.fromValue, slide.toValue, slide.duration) = (0, 100, 2)
        var unbounded: CASpringAnimation?

        let message = try capturingStandardError {
            OnceWarnings.forget()
            slide.mass = .nan
            slide.mass = 0
            slide.stiffness = .infinity
            slide.damping = -1
            slide.initialVelocity = -.infinity
            _ = CASpringAnimation(perceptualDuration: 0, bounce: .nan)
            unbounded = CASpringAnimation(perceptualDuration: 1, bounce: -1)
        }
        let kept = [slide.mass, slide.stiffness, slide.damping, slide.initialVelocity]
        let plainSlide = CASpringAnimation(keyPath: "position.x")
        (plainSlide.fromValue, plainSlide.toValue, plainSlide.duration) = (0, 100, 2)
        stage.turn {
            refused.layer.add(slide, forKey: "slide")
            plain.layer.add(plainSlide, forKey: "slide")
        }
        let xs = [0.05, 0.1, 0.3].map { t in
            stage.advance(to: t)
            return [refused, plain].map { Double(stage.position($0).x) }
        }

        #expect(warnings(in: message) == [
            "flipbook: warning: mass nan of a CASpringAnimation of 'position.x' is not a finite number above 0; the "
                + "animation keeps 1, and later non-positive or non-finite mass values are ignored without a warning",
            "flipbook: warning: stiffness inf of a CASpringAnimation of 'position.x' is not a finite number above 0; the "
                + "animation keeps 100, and later non-positive or non-finite stiffness values are ignored without a warning",
            "flipbook: warning: damping -1 of a CASpringAnimation of 'position.x' is not a finite number of 0 or more; the "
                + "animation keeps 10, and later negative or non-finite damping values are ignored without a warning",
            "flipbook: warning: initialVelocity -inf of a CASpringAnimation of 'position.x' is not finite; the animation "
                + "keeps 0, and later non-finite initialVelocity values are ignored without a warning",
            "flipbook: warning: perceptualDuration 0 of a CASpringAnimation is not a finite number above 0; the "
                + "animation keeps 0.628319, and later non-positive or non-finite perceptualDuration values are "
                + "ignored without a warning",
            "flipbook: warning: bounce nan of a CASpringAnimation is not above -1 and at most 1; the animation keeps 0.5, "
                + "and later out-of-range bounce values are ignored without a warning",
        ], "\(message)")
        #expect(kept == [1, 100, 10, 0], "the defaults, which nothing replaced")
        #expect(abs((unbounded?.bounce ?? 0) - 0.5) < 1e-12 && abs((unbounded?.perceptualDuration ?? 0) - 1) < 1e-12,
                "a bounce of -1, an infinite damping ratio, is refused (silently, the second time), keeping 0.5")
        expectClose(xs.map { $0[0] }, xs.map { $0[1] }, "drawn as the default spring")
        #expect(xs[0][0] > 0 && xs[0][0] < 100, "\(xs[0]): on its way")
    }
}
