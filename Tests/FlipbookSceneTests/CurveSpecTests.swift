import FlipbookQuartz
import FlipbookScene
import Testing

/// `flipbook curves` arguments: named and cubic timing functions, CASpringAnimation and
/// UIView springs (FACTS §1–2), and errors that say what to write instead.
@Suite struct CurveSpecTests {
    @Test func namesAreTheMediaTimingFunctionNames_T1() throws {
        #expect(try CurveSpec("easeIn").curve == .timingFunction(.easeIn))
        #expect(try CurveSpec(" default ").curve == .timingFunction(.default))
        #expect(try CurveSpec(" default ").text == "default")
        #expect(try CurveSpec("cubic(0.25, 0.1, 0.25, 1)").curve == .timingFunction(.default))
    }

    @Test func aLayerSpringTakesCASpringAnimationsDefaultsForLabelsLeftOut_T3() throws {
        let spec = try CurveSpec("spring(damping:5, velocity:2)")

        #expect(spec.curve == .spring(Spring(mass: 1, stiffness: 100, damping: 5, initialVelocity: 2)))
        #expect(try CurveSpec("spring").curve == .spring(Spring()))
        #expect(spec.duration == Spring(damping: 5, initialVelocity: 2).settlingDuration)
    }

    @Test func aViewSpringIsUIKitsSpringLastingItsDuration_T4() throws {
        let spec = try CurveSpec("spring(dampingRatio:0.5,duration:1)")

        guard case .viewSpring(let spring, let duration) = spec.curve else {
            Issue.record("not a view spring: \(spec.curve)")
            return
        }
        #expect(abs(spring.stiffness - 161.7195) < 1e-3)
        #expect(abs(spring.damping - 12.7169) < 1e-3)
        #expect(duration == 1)
        #expect(abs(spec.value(at: 0.25, span: 3) - 1.14422) < 1e-4, "springs run at their own pace")
        #expect(spec.value(at: 1.5, span: 3) == 1, "over once its duration has passed")
    }

    @Test func aTimingFunctionStretchesOverTheSpan_T1() throws {
        let spec = try CurveSpec("easeIn")

        #expect(spec.duration == nil)
        #expect(abs(spec.value(at: 1, span: 2) - 0.315357) < 1e-6)
        #expect(spec.value(at: 2.5, span: 2) == 1)
    }

    @Test func thePlotSpansTheLongestSpringOrOneSecond() throws {
        let springs = try ["easeOut", "spring(damping:5)", "spring(dampingRatio:0.8,duration:0.5)"].map(CurveSpec.init)

        #expect(CurveSpec.plotDuration(springs) == Spring(damping: 5).settlingDuration)
        #expect(CurveSpec.plotDuration([try CurveSpec("linear")]) == 1)
    }

    @Test func anUndampedSpringSwingsOverTheWholeTimeAxis() throws {
        // Damping 0, as a scene's CASpringAnimation may have: 1 − cos(ω t), ω = √(100 / 1) = 10.
        let spec = try CurveSpec("spring(damping:0)")

        #expect(spec.duration == nil, "it never settles, so the other curves or --duration set the axis")
        #expect(abs(spec.value(at: Double.pi / 10, span: 2) - 2) < 1e-9, "half a swing: twice the distance")
        #expect(abs(spec.value(at: 2 * Double.pi / 10, span: 2)) < 1e-9, "a whole swing: back at the start")
        #expect(abs(spec.value(at: 12 * Double.pi / 10, span: 2)) < 1e-9, "and still swinging past the span")
    }

    @Test func badSpecsSayWhatIsWrong() {
        let cases = [
            ("eseIn", "unknown curve 'eseIn' (did you mean 'easeIn'?)"),
            ("cubik(0,0,1,1)", "unknown curve 'cubik' (did you mean 'cubic'?)"),
            ("cubic(0.2,0.1,0.3)", "cubic takes four numbers"),
            ("cubic(1.5,0,0.5,1)", "x1 and x2 must be between 0 and 1"),
            ("cubic(0,zero,1,1", "missing its closing ')'"),
            ("spring(damping:ten)", "'ten' in 'spring(damping:ten)' is not a number"),
            ("spring(dampng:5)", "unknown spring parameter 'dampng' (did you mean 'damping'?)"),
            ("spring(damping:5,dampingRatio:0.5,duration:1)", "mixes CASpringAnimation's"),
            ("spring(dampingRatio:0.5)", "needs both dampingRatio and duration"),
            ("spring(damping:-1)", "damping must be 0 or more"),
            ("spring(mass:1e-300,stiffness:1e300,damping:0)", "stiffness / mass is too large to plot"),
            ("easeIn(1)", "'easeIn' takes no arguments"),
            // Settling times that are not finite or too long are errors, not crashes.
            ("spring(mass:1e300,stiffness:1e-300)", "never settles within the 600 s a plot shows"),
            ("spring(mass:1e-300,stiffness:1e300,damping:1e-300)", "never settles within the 600 s a plot shows"),
            ("spring(dampingRatio:0.5,duration:1e300)", "duration must be at most 600 s"),
        ]
        for (text, message) in cases {
            let error = #expect(throws: CurveSpec.ParseError.self) { try CurveSpec(text) }

            #expect(error?.description.contains(message) == true, "\(text): \(error.map(String.init(describing:)) ?? "no error")")
        }
    }
}
