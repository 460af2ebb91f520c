import FlipbookQuartz
import Foundation
import Testing

/// CA4: keyframe calculation modes (FACTS §4), paths with rotationMode; CA5: groups.
@MainActor
@Suite struct CAKeyframeAnimationTests {
    private func keyframes(_ values: [Double], keyTimes: [Double]? = nil,
                           mode: CAAnimationCalculationMode = .linear) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "position.x")
        animation.values = values
        animation.keyTimeFractions = keyTimes
        animation.calculationMode = mode
        animation.duration = 1
        return animation
    }

    private func sample(_ animation: CAAnimation, at times: [Double], _ keyPath: String = "position.x") -> [Double] {
        let stage = Stage()
        let layer = stage.committedLayer()
        stage.turn { layer.add(animation, forKey: "k") }
        return times.map { t in
            stage.advance(to: t)
            return stage.number(layer, keyPath)
        }
    }

    @Test func linearModeInterpolatesBetweenKeyTimes_CA4() {
        let values = sample(keyframes([0, 100, 200], keyTimes: [0, 0.8, 1]), at: [0.4, 0.9])

        #expect(abs(values[0] - 50) < 1e-9)
        #expect(abs(values[1] - 150) < 1e-9)
    }

    @Test func discreteModeHoldsEachValueUntilTheNextKeyTime_CA4() {
        let values = sample(keyframes([0, 100, 200], keyTimes: [0, 0.5, 0.9, 1], mode: .discrete), at: [0.45, 0.5, 0.95])

        #expect(values == [0, 100, 200])
    }

    @Test func pacedModeSpacesByDistanceAndIgnoresKeyTimes_CA4() {
        let values = sample(keyframes([0, 25, 100], keyTimes: [0, 0.9, 1], mode: .paced), at: [0.25, 0.5])

        #expect(abs(values[0] - 25) < 1e-9, "a quarter of the way in time is a quarter of the distance")
        #expect(abs(values[1] - 50) < 1e-9)
    }

    @Test func cubicModePassesThroughTheValuesAndCurvesBetween_CA4() {
        let values = sample(keyframes([0, 100, 0, 100], mode: .cubic), at: [1.0 / 6, 1.0 / 3])

        #expect(abs(values[1] - 100) < 1e-9)
        // Catmull-Rom, first segment with the first value doubled (p0 = p1 = 0, p2 = 100, p3 = 0):
        // 0.5·(100·s + 400·s² − 300·s³) at s = 0.5 is 56.25, above the straight line's 50.
        #expect(abs(values[0] - 56.25) < 1e-9)
    }

    @Test func segmentTimingFunctionsEaseEachSegment_CA4() {
        let animation = keyframes([0, 100, 200])
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]

        let values = sample(animation, at: [0.25, 0.75])

        #expect(abs(values[0] - 100 * 0.315357) < 1e-4, "FACTS §1: easeIn(0.5)")
        #expect(abs(values[1] - 150) < 1e-9)
    }

    @Test func pathWithRotationModeAutoFacesAlongThePath_CA4() throws {
        let stage = Stage()
        let layer = stage.committedLayer()
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = try CGPath(svgPathData: "M0 0 L100 0 L100 100")
        animation.rotationMode = .rotateAuto
        animation.duration = 1

        stage.turn { layer.add(animation, forKey: "follow") }
        stage.advance(to: 0.75)

        let shown = layer.presentation()!
        #expect(shown.position == CGPoint(x: 100, y: 50))
        #expect(abs(atan2(Double(shown.transform.m12), Double(shown.transform.m11)) - .pi / 2) < 1e-9,
                "heading down the second segment")
    }

    @Test func validationRejectsKeyTimesThatDoNotFitTheValues_CA4() {
        let animation = keyframes([0, 100, 200], keyTimes: [0, 1])

        #expect(throws: CAAnimationError.self) { try CALayer().addChecked(animation, forKey: "k") }
    }

    /// Apple: each key time is "between 0.0 and 1.0" and "greater than, or equal to, the
    /// previous value"; the first entry that is not is named, in a paced mode too, which
    /// ignores the key times.
    @Test(arguments: [
        (keyTimes: [0, 1.5, 1], mode: CAAnimationCalculationMode.linear, entry: 1, says: "keyTimes entry 2 is 1.5, not between 0 and 1"),
        ([-0.5, 0.5, 1], .discrete, 0, "keyTimes entry 1 is -0.5, not between 0 and 1"),
        ([0, 0.7, 0.3], .linear, 2, "keyTimes entry 3 is 0.3, below entry 2 (0.7): each key time must be at least the one before"),
        ([0, 2, 1], .paced, 1, "keyTimes entry 2 is 2.0, not between 0 and 1"),
    ])
    func validationNamesTheKeyTimeOutOfRangeOrOrder_CA4(keyTimes: [Double], mode: CAAnimationCalculationMode,
                                                         entry: Int, says message: String) {
        let animation = keyframes([0, 100, 200], keyTimes: keyTimes, mode: mode)

        let error = #expect(throws: CAAnimationError.self) { try CALayer().addChecked(animation, forKey: "k") }

        #expect(error == CAAnimationError(message, property: "keyTimes", item: entry))
    }

    @Test func keyTimesThatStayOrRepeatWithin0To1Pass_CA4() throws {
        let animation = keyframes([0, 100, 200], keyTimes: [0.2, 0.2, 1])

        try CALayer().addChecked(animation, forKey: "k")
    }

    @Test func groupChildrenRunInGroupTimeAndAreClippedByIt_CA5() {
        let child = CABasicAnimation(keyPath: "position.x")
        (child.fromValue, child.toValue, child.duration, child.beginTime) = (0.0, 100.0, 2, 0.5)
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 1.5

        let values = sample(group, at: [0.25, 1.5, 1.6])

        #expect(values[0] == 50, "before the child's begin: the model (frame centre)")
        #expect(abs(values[1] - 50) < 1e-9, "the group ends at 1.5 s: not running past it")
        #expect(values[2] == 50)
    }

    @Test func groupSpeedAppliesToItsChildren_CA5() {
        let child = CABasicAnimation(keyPath: "position.x")
        (child.fromValue, child.toValue, child.duration) = (0.0, 100.0, 1)
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 1
        group.speed = 2

        let values = sample(group, at: [0.25])

        #expect(abs(values[0] - 50) < 1e-9)
    }

    @Test func keyTimesNotStartingAtZeroHoldTheFirstValue_CA4() {
        let values = sample(keyframes([0, 100], keyTimes: [0.5, 1]), at: [0.25, 0.75])

        #expect(values == [0, 50], "no extrapolation before the first key time")
    }

    @Test func groupFillingForwardsHoldsItsChildrensEndValues_CA5() {
        let child = CABasicAnimation(keyPath: "position.x")
        (child.fromValue, child.toValue, child.duration) = (30.0, 170.0, 1)
        let group = CAAnimationGroup()
        group.animations = [child]
        (group.duration, group.fillMode, group.isRemovedOnCompletion) = (1, .forwards, false)

        let values = sample(group, at: [2])

        #expect(abs(values[0] - 170) < 1e-6)
    }

    @Test func aChildWithoutADurationTakesTheGroups_CA5() {
        let child = CABasicAnimation(keyPath: "position.x")
        (child.fromValue, child.toValue) = (0.0, 100.0)
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 2

        let values = sample(group, at: [1, 1.5])

        #expect(abs(values[0] - 50) < 1e-9, "half of the group's 2 s, not past the transaction's 0.25 s")
        #expect(abs(values[1] - 75) < 1e-9)
    }

    @Test func aRepeatingGroupShowsItsChildrenAtEveryCycleBoundary_CA5_T2() {
        let child = CABasicAnimation(keyPath: "position.x")
        (child.fromValue, child.toValue, child.duration) = (0.0, 100.0, 1)
        let group = CAAnimationGroup()
        group.animations = [child]
        (group.duration, group.repeatCount) = (1, .infinity)

        let values = sample(group, at: [0.5, 1, 2, 2.25])

        #expect(abs(values[0] - 50) < 1e-9)
        #expect(abs(values[1]) < 1e-6, "where cycles meet, the start of the next (t mod cycle), as a basic animation shows; not the model's 50")
        #expect(abs(values[2]) < 1e-6)
        #expect(abs(values[3] - 25) < 1e-9)
    }

    @Test func nestedGroupChildrenGetTheDefaultDuration_CA5() {
        let leaf = CABasicAnimation(keyPath: "position.x")
        (leaf.fromValue, leaf.toValue) = (0.0, 100.0)
        let inner = CAAnimationGroup()
        inner.animations = [leaf]
        let outer = CAAnimationGroup()
        outer.animations = [inner]

        let values = sample(outer, at: [0.125])

        #expect(abs(values[0] - 50) < 1e-9, "every duration 0 becomes the transaction's 0.25 s")
    }
}
