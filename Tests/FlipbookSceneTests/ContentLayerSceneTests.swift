import FlipbookScene
import FlipbookUIKit
import Testing

/// CAShapeLayer and CAGradientLayer in scene files (G7): classes, keys by their Swift
/// names, path forms, and animations of their key paths (CA1).
@MainActor
@Suite struct ContentLayerSceneTests: SceneTesting {
    @Test func shapeLayerKeysAndPathFormsAreRead_G7() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers:
              - {id: rect, class: CAShapeLayer, frame: [0, 0, 100, 100], path: {rect: [10, 10, 20, 20]},
                 fillRule: evenOdd, strokeColor: red, lineWidth: 3, lineCap: round, lineJoin: bevel,
                 miterLimit: 4, lineDashPattern: [4, 2], lineDashPhase: 1, strokeStart: 0.25, strokeEnd: 0.75}
              - {id: oval, class: CAShapeLayer, path: {ellipse: [0, 0, 10, 20]}}
              - {id: card, class: CAShapeLayer, path: {roundedRect: [0, 0, 40, 20], radius: 5}}
              - {id: svg, class: CAShapeLayer, path: "M0 0 L10 10", fillColor: null}
            """)

        let rect = try #require(run.layer("rect") as? CAShapeLayer)
        #expect(rect.path == CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20)))
        #expect(rect.fillRule == .evenOdd && rect.lineCap == .round && rect.lineJoin == .bevel)
        #expect(rect.lineWidth == 3 && rect.miterLimit == 4 && rect.lineDashPhase == 1)
        #expect(rect.lineDashPattern == [4, 2])
        #expect(rect.strokeStart == 0.25 && rect.strokeEnd == 0.75)
        #expect((run.layer("oval") as? CAShapeLayer)?.path == CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 20)))
        #expect((run.layer("card") as? CAShapeLayer)?.path
            == CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 5, cornerHeight: 5))
        #expect((run.layer("svg") as? CAShapeLayer)?.fillColor == nil)
    }

    @Test func gradientLayerKeysAreRead_G7() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers:
              - {id: g, class: CAGradientLayer, colors: [red, blue], locations: [0.2, 0.8],
                 startPoint: [0, 0], endPoint: [1, 1], type: conic}
            """)

        let gradient = try #require(run.layer("g") as? CAGradientLayer)
        #expect(gradient.colors?.count == 2 && gradient.locations == [0.2, 0.8])
        #expect(gradient.startPoint == .zero && gradient.endPoint == CGPoint(x: 1, y: 1))
        #expect(gradient.type == .conic)
    }

    @Test func strokeEndAnimatesThroughAddAnimation_G7_CA1() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers:
              - {id: check, class: CAShapeLayer, path: "M0 0 L10 10", strokeColor: black}
            timeline:
              - at: 0
                do:
                  - addAnimation: {layer: check, animation:
                      {class: CABasicAnimation, keyPath: strokeEnd, fromValue: 0, toValue: 1, duration: 1}}
            """)

        run.advance(to: 0.25)

        let shown = try #require(run.layer("check")?.presentation() as? CAShapeLayer)
        #expect(abs(shown.strokeEnd - 0.25) < 1e-9)
    }

    @Test func keyOfAnotherLayerClassNamesItsClass_G7() {
        let found = error("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers:
              - {id: plain, strokeEnd: 0.5}
            """)

        #expect(found?.description == "test.yaml:4:17: error: 'strokeEnd' is a property of CAShapeLayer; this layer is a CALayer (add class: CAShapeLayer)")
    }

    @Test func animationKeyPathIsCheckedAgainstTheLayersClass_G7_CA1() {
        let found = error("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers:
              - {id: plain}
            timeline:
              - at: 0
                do:
                  - addAnimation: {layer: plain, animation: {class: CABasicAnimation, keyPath: strokeEnd, toValue: 1}}
            """)

        #expect(found?.description.contains("'strokeEnd' is not an animatable key path of CALayer") == true)
    }

    @Test func gradientLocationsAnimateAsAList_G7_CA1() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers:
              - {id: g, class: CAGradientLayer, colors: [red, blue]}
            timeline:
              - at: 0
                do:
                  - addAnimation: {layer: g, animation:
                      {class: CABasicAnimation, keyPath: locations, fromValue: [0, 0.5], toValue: [0.5, 1], duration: 1}}
            """)

        run.advance(to: 0.5)

        let shown = try #require(run.layer("g")?.presentation() as? CAGradientLayer)
        #expect(shown.locations?.map(\.doubleValue) == [0.25, 0.75])
    }
}
