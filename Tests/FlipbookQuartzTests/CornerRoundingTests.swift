import FlipbookQuartz
import Foundation
import Testing

/// `maskedCorners` (iOS 11) and `cornerCurve` (iOS 13): their defaults, that neither is
/// animatable (CALayer.h marks neither "Animatable"), and what a snapshot carries (G6).
@MainActor
@Suite struct CornerRoundingTests {
    @Test func defaultsAreAllFourCornersAndTheCircularCurve_G6() {
        let layer = CALayer()

        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(layer.maskedCorners.rawValue == 15)
        #expect(layer.cornerCurve == .circular)
        #expect(CALayerCornerCurve.continuous.rawValue == "continuous")
    }

    @Test func neitherIsAnimatableSoAStandaloneLayerChangesThemAtOnce_G6_TX1() {
        let stage = Stage()
        let layer = stage.committedLayer()

        stage.turn {
            layer.maskedCorners = [.layerMaxXMaxYCorner]
            layer.cornerCurve = .continuous
        }

        #expect(CALayer.animatableKind(forKeyPath: "maskedCorners") == nil)
        #expect(CALayer.animatableKind(forKeyPath: "cornerCurve") == nil)
        #expect(layer.animationKeys() == nil)
        let shown = layer.renderLayer()
        #expect(shown?.maskedCorners == [.layerMaxXMaxYCorner])
        #expect(shown?.cornerCurve == .continuous)
    }

    @Test func theContinuousCurveReachesAboutHalfAgainAsFarAlongEachEdge_G6() {
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) == 1.528665)
    }
}
