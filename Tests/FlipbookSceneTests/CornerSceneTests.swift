import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// `maskedCorners` and `cornerCurve` in scenes and the probe (G6), and a standalone shape
/// layer's path, which a `set` changes at once (TX1: no path animates implicitly).
@MainActor
@Suite struct CornerSceneTests: SceneTesting {
    @Test func aSceneSetsTheMaskedCornersAndTheCurveAndTheProbeShowsThem_G6() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers:
              - {id: tab, frame: [0, 0, 80, 40], cornerRadius: 12,
                 maskedCorners: [layerMaxXMinYCorner, layerMinXMinYCorner], cornerCurve: continuous}
              - {id: plain, frame: [0, 50, 80, 40]}
            """)

        let probe = try run.probe(at: [0], target: nil)

        #expect(run.layer("tab")?.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        #expect(run.layer("tab")?.cornerCurve == .continuous)
        #expect(probe.value(at: ["frames", 0, "layers", "tab", "maskedCorners"])?.description
            == #"["layerMinXMinYCorner","layerMaxXMinYCorner"]"#)
        #expect(probe.value(at: ["frames", 0, "layers", "tab", "cornerCurve"])?.description == #""continuous""#)
        #expect(probe.value(at: ["frames", 0, "layers", "plain", "maskedCorners"])?.description
            == #"["layerMinXMinYCorner","layerMaxXMinYCorner","layerMinXMaxYCorner","layerMaxXMaxYCorner"]"#)
        #expect(probe.value(at: ["frames", 0, "layers", "plain", "cornerCurve"])?.description == #""circular""#)
    }

    @Test func anUnknownCornerIsAnErrorAtItsPlace_G6() {
        let found = error("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers:
              - {id: tab, maskedCorners: [layerMinXMinYCorner, topLeft]}
            """)

        #expect(found?.description.hasPrefix("test.yaml:4:52: error:") == true, "\(String(describing: found))")
        #expect(found?.description.contains("layerMaxXMaxYCorner") == true)
    }

    @Test func anUnknownCurveIsAnError_G6() {
        let found = error("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers:
              - {id: tab, cornerCurve: continous}
            """)

        #expect(found?.description.contains("(did you mean 'continuous'?)") == true, "\(String(describing: found))")
    }

    @Test func aSetOfAStandaloneShapeLayersPathChangesItAtOnce_TX1() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers:
              - {id: shape, class: CAShapeLayer, frame: [0, 0, 100, 100], path: {rect: [0, 0, 20, 20]}}
            timeline:
              - at: 0.5
                do: [{set: {target: shape, path: {rect: [0, 0, 60, 60]}, strokeEnd: 0.5}}]
            """)

        let shown = try shown("shape", in: run, at: 0.6) as? CAShapeLayer

        #expect(shown?.path?.boundingBox == CGRect(x: 0, y: 0, width: 60, height: 60))
        #expect(run.layer("shape")?.animationKeys() == ["strokeEnd"], "strokeEnd still animates implicitly")
    }
}
