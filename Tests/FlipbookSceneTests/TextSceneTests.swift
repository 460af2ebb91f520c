import FlipbookScene
import FlipbookUIKit
import Testing

/// Scene keys of text (G7): a UILabel's font, alignment and line breaking, and
/// `class: CATextLayer` with its keys and animatable `fontSize` and `foregroundColor`.
@MainActor
@Suite struct TextSceneTests: SceneTesting {
    @Test func testLabelKeysSetTheLabelsTextProperties_G7() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [200, 100]}
            views:
              - {id: title, class: UILabel, frame: [0, 0, 200, 40], text: Hi, textColor: red, numberOfLines: 0,
                 font: {size: 20, weight: semibold, family: DejaVu Serif}, textAlignment: center,
                 lineBreakMode: byTruncatingMiddle}
            """)

        let label = try #require(run.view("title") as? UILabel)
        #expect(label.font == UIFont(familyName: "DejaVu Serif", pointSize: 20, weight: .semibold))
        #expect(label.textAlignment == .center)
        #expect(label.lineBreakMode == .byTruncatingMiddle)
        #expect(label.numberOfLines == 0)
    }

    @Test func testLabelFontDefaultsToTheSystemFontAt17Points_G7() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [200, 100]}
            views: [{id: title, class: UILabel, text: Hi, font: {weight: bold}}]
            """)

        let label = try #require(run.view("title") as? UILabel)
        #expect(label.font == .boldSystemFont(ofSize: 17))
    }

    @Test func testFontOnAPlainViewAsksForClassUILabel_G7() {
        let found = error("""
            flipbook: 1
            canvas: {size: [200, 100]}
            views: [{id: box, font: {size: 12}}]
            """)

        #expect(found?.message == "'font' is a property of UILabel; this view is a UIView (add class: UILabel)")
    }

    @Test func testTextLayerKeysSetTheLayersProperties_G7() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [200, 100]}
            layers:
              - {id: caption, class: CATextLayer, frame: [0, 0, 200, 40], string: Hello, fontSize: 18,
                 font: {weight: bold}, foregroundColor: blue, alignmentMode: right, isWrapped: true,
                 truncationMode: middle}
            """)

        let layer = try #require(run.layer("caption") as? CATextLayer)
        #expect(layer.string == "Hello")
        #expect(layer.fontSize == 18)
        #expect(layer.font?.weight == .bold)
        #expect(layer.alignmentMode == .right)
        #expect(layer.isWrapped)
        #expect(layer.truncationMode == .middle)
    }

    @Test func testTextLayerKeysOnAPlainLayerAskForTheClass_G7() {
        let found = error("""
            flipbook: 1
            canvas: {size: [200, 100]}
            layers: [{id: plain, string: Hello}]
            """)

        #expect(found?.message == "'string' is a property of CATextLayer; this layer is a CALayer (add class: CATextLayer)")
    }

    @Test func testATextLayersFontHasNoSize_G7() {
        let found = error("""
            flipbook: 1
            canvas: {size: [200, 100]}
            layers: [{id: caption, class: CATextLayer, font: {size: 12}}]
            """)

        #expect(found?.message == "a CATextLayer's font has no 'size'; set the layer's 'fontSize'")
    }

    @Test func testFontSizeAnimatesOnATextLayerOnly_G7() throws {
        let animation = "{class: CABasicAnimation, keyPath: fontSize, toValue: 30, duration: 1}"
        let scene = """
            flipbook: 1
            canvas: {size: [200, 100]}
            layers: [{id: caption, class: CATextLayer, string: Hi}, {id: plain}]
            timeline: [{at: 0, do: [{addAnimation: {layer: LAYER, animation: \(animation)}}]}]
            """

        let run = try run(scene.replacingOccurrences(of: "LAYER", with: "caption"))
        let found = error(scene.replacingOccurrences(of: "LAYER", with: "plain"))

        run.advance(to: 0.5)
        let fontSize = (run.layer("caption")?.presentation() as? CATextLayer)?.fontSize ?? 0
        #expect(fontSize > 36 * 0.5 && fontSize < 36)
        #expect(found?.message.hasPrefix("'fontSize' is not an animatable key path of CALayer") == true)
    }
}
