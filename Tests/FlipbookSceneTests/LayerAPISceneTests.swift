import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// What issue 21 let a scene say: a view's `layerClass`, `set` through key paths, a
/// layer's `actions`, `style`, `defaultActions` and `delegate` (the action search, TX4),
/// and their errors.
@MainActor
@Suite struct LayerAPISceneTests: SceneTesting {
    nonisolated static func scene(_ rest: String) -> String {
        "flipbook: 1\ncanvas: {size: [200, 100], duration: 2}\n" + rest
    }

    @Test func aViewsLayerClassGivesItThatLayerWithItsKeys_G1() throws {
        let run = try run(Self.scene("""
            views: [{id: ring, layerClass: CAShapeLayer, frame: [0, 0, 40, 40], layer: {strokeEnd: 0.25, lineWidth: 4}}]
            """))

        let layer = try #require(run.view("ring")?.layer as? CAShapeLayer)

        #expect(layer.strokeEnd == 0.25)
        #expect(layer.lineWidth == 4)
        #expect(layer.delegate === run.view("ring"))
    }

    @Test func shapeKeysOfAViewsOwnLayerChangeAtOnceInABlockWhileAStandaloneLayerAnimates_V1_TX5_TX1() throws {
        let run = try run(Self.scene("""
            views: [{id: ring, layerClass: CAShapeLayer, frame: [0, 0, 40, 40], layer: {strokeEnd: 0}}]
            layers: [{id: dot, class: CAShapeLayer, frame: [50, 0, 40, 40], strokeEnd: 0}]
            timeline:
              - at: 0
                do:
                  - animate: {duration: 1, do: [{set: {target: ring.layer, strokeEnd: 1}}, {set: {target: dot, strokeEnd: 1}},
                                                {set: {target: ring, center: [120, 20]}}]}
            """))

        let ring = try #require(try shown("ring", in: run, at: 0.125) as? CAShapeLayer)
        let dot = try #require(try shown("dot", in: run, at: 0.125) as? CAShapeLayer)

        #expect(ring.strokeEnd == 1, "the view answers null for strokeEnd")
        #expect(run.view("ring")?.layer.animationKeys() == ["position"])
        #expect(isClose(Double(dot.strokeEnd), 0.802403, 1e-5), "TX1: implicit, the default curve over 0.25 s")
    }

    @Test func aKeyPathSetAnimatesAsTheWholePropertyInABlockAndImplicitly_G6_V3_TX1() throws {
        let run = try run(Self.scene("""
            views: [{id: card, frame: [0, 0, 40, 20]}]
            layers: [{id: tile, frame: [0, 50, 20, 20]}]
            timeline:
              - at: 0
                do:
                  - set: {target: tile, position.x: 110}
                  - animate: {duration: 1, options: [curveLinear], do: [{set: {target: card.layer, bounds.size.height: 60, transform.rotation.z: 90deg}}]}
            """))

        let tile = try shown("tile", in: run, at: 0.125)
        let card = try shown("card", in: run, at: 0.5)
        let animations = run.view("card")?.layer.animationKeys()

        #expect(card.bounds.height == 40, "half way from 20 to 60")
        #expect(isClose(atan2(Double(card.transform.m12), Double(card.transform.m11)), .pi / 4))
        #expect(animations == ["bounds.size", "transform"])
        #expect(isClose(Double(tile.position.x), 10 + 100 * 0.802403, 1e-3), "the position action, over 0.25 s")
    }

    @Test func theActionSearchGoesDelegateActionsStyleDefault_TX4_TX5() throws {
        let run = try run(Self.scene("""
            views: [{id: card, frame: [100, 0, 40, 40], layer: {actions: {opacity: {log: never}}}}]
            layers:
              - id: tile
                frame: [0, 0, 40, 40]
                delegate: {actions: {opacity: {log: delegate}}}
                actions: {opacity: {log: actions}, position: {log: actions}, backgroundColor: null}
                style: {actions: {opacity: {log: style}, position: {log: style}, backgroundColor: {log: style}, cornerRadius: {log: style}}}
                defaultActions: {opacity: {log: default}, cornerRadius: {log: default}, borderWidth: {class: CABasicAnimation, duration: 1}}
            timeline:
              - at: 0
                do:
                  - set: {target: tile, opacity: 0.5, position: [30, 30], cornerRadius: 8, borderWidth: 10, backgroundColor: red, zPosition: 1}
                  - set: {target: card, alpha: 0.5}
            """))

        let log = events(run, until: 0.5)
        let tile = try shown("tile", in: run, at: 0.5)
        let keys = run.layer("tile")?.animationKeys()

        #expect(log == [#"{"t":0.0,"event":"log","message":"delegate"}"#, #"{"t":0.0,"event":"log","message":"actions"}"#,
                        #"{"t":0.0,"event":"log","message":"style"}"#])
        #expect(tile.borderWidth == 5, "the default action: linear over 1 s")
        #expect(keys == ["borderWidth"], "null ended backgroundColor's search; zPosition's 0.25 s is over")
        #expect(tile.opacity == 0.5, "a custom action that does not animate")
        #expect(run.view("card")?.layer.animationKeys() == nil)
    }

    @Test func aNullActionInStyleStillEndsTheSearchBeforeTheDefault_TX4() throws {
        let run = try run(Self.scene("""
            layers: [{id: tile, frame: [0, 0, 40, 40], style: {actions: {opacity: null}}}]
            timeline: [{at: 0, do: [{set: {target: tile, opacity: 0}}]}]
            """))

        run.advance(to: 0.1)

        #expect(run.layer("tile")?.animationKeys() == nil)
    }

    @Test func transactionValuesByKeyAreSeenInsideAndCallsDoNotRaise_TX2() throws {
        let run = try run(Self.scene("""
            layers: [{id: tile, frame: [0, 0, 40, 40]}]
            timeline:
              - at: 0
                do:
                  - transaction:
                      values: {animationDuration: 2, animationTimingFunction: linear, tag: outer}
                      do:
                        - logTransactionValue: animationDuration
                        - transaction: {do: [{logTransactionValue: tag}, {logTransactionValue: animationTimingFunction}]}
                        - set: {target: tile, opacity: 0}
                  - logTransactionValue: tag
                  - transactionCall: lock
                  - transactionCall: unlock
                  - transactionCall: flush
                  - transactionCall: commit
                  - transactionCall: commit
                  - logTransactionValue: disableActions
            """))

        let log = events(run, until: 1)
        let tile = try shown("tile", in: run, at: 1)

        #expect(log.map { $0.replacingOccurrences(of: #"{"t":0.0,"event":"log","message":"#, with: "") } == [
            #""animationDuration: 2.0"}"#, #""tag: outer"}"#, #""animationTimingFunction: [0.0, 0.0, 1.0, 1.0]"}"#,
            #""tag: nil"}"#, #""disableActions: false"}"#,
        ])
        #expect(tile.opacity == 0.5, "linear over the 2 s set by key")
    }

    @Test func transformValuesConcatInvertAndTakeTheAffinePart() throws {
        let run = try run(Self.scene("""
            layers:
              - {id: a, transform: [{translate: [10, 0]}, {concat: [{scale: 2}]}]}
              - {id: b, transform: [{rotate: 30deg}, {translate: [5, 7]}, {invert: true}, {concat: [{rotate: 30deg}, {translate: [5, 7]}]}]}
              - {id: c, transform: [{perspective: 500}, {rotateY: 45deg}, {affine: true}]}
            """))

        let a = try #require(run.layer("a")?.transform), b = try #require(run.layer("b")?.transform)
        let c = try #require(run.layer("c")?.transform)

        #expect(a == CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), CATransform3DMakeScale(2, 2, 1)))
        #expect(zip(b.rowMajor, CATransform3DIdentity.rowMajor).allSatisfy { abs($0 - $1) < 1e-12 }, "t⁻¹ · t")
        #expect(CATransform3DIsAffine(c))
        #expect(c.m34 == 0)
    }

    nonisolated static let errorCases: [SceneErrorCase] = [
        SceneErrorCase("aKeyPathThatNamesNoMemberIsAnError", "G6",
                       yaml: scene("layers: [{id: tile}]\ntimeline: [{at: 0, do: [{set: {target: tile, position.q: 1}}]}]\n"),
                       line: 4, column: 46, message: .startingWith("'position.q' is not a key path of CALayer (did you mean 'position.x'?)")),
        SceneErrorCase("aKeyPathOnAViewIsAnErrorNamingItsLayer", "G6",
                       yaml: scene("views: [{id: card}]\ntimeline: [{at: 0, do: [{set: {target: card, center.x: 1}}]}]\n"),
                       line: 4, column: 46, message: .startingWith("'center.x' is a key path, which layers take")),
        SceneErrorCase("aKeyPathValueOfTheWrongKindIsAnError", "G6",
                       yaml: scene("layers: [{id: tile}]\ntimeline: [{at: 0, do: [{set: {target: tile, position.x: [1, 2]}}]}]\n"),
                       line: 4, column: 58, message: .startingWith("'position.x' must be a number")),
        SceneErrorCase("aShapeKeyOnAPlainViewLayerSuggestsLayerClass", "G1",
                       yaml: scene("views: [{id: v, layer: {strokeEnd: 0.5}}]\n"), line: 3, column: 25,
                       message: .exactly("'strokeEnd' is a property of CAShapeLayer; this layer is a CALayer (add layerClass to the view: CAShapeLayer)")),
        SceneErrorCase("aLabelCannotChooseItsLayerClass", "G1",
                       yaml: scene("views: [{class: UILabel, layerClass: CAShapeLayer}]\n"), line: 3, column: 38,
                       message: .exactly("a UILabel keeps the layer UIKit gives it; 'layerClass' is for a UIView")),
        SceneErrorCase("aDrawingViewCannotChooseALayerClass", "G1",
                       yaml: scene("views: [{layerClass: CAGradientLayer, draw: []}]\n"), line: 3, column: 22,
                       message: .startingWith("a view with a 'draw' list draws into a CALayer")),
        SceneErrorCase("aViewsLayerHasNoSceneDelegate", "TX5",
                       yaml: scene("views: [{layer: {delegate: {actions: {}}}}]\n"), line: 3, column: 18,
                       message: .exactly("a view is its layer's delegate (TX5); 'delegate' is for standalone layers")),
        SceneErrorCase("aLayerHasOneDelegateToDrawOrToAnswerActions", "TX4",
                       yaml: scene("layers: [{id: a, draw: [], delegate: {actions: {}}}]\n"), line: 3, column: 28,
                       message: .startingWith("a layer has one delegate")),
        SceneErrorCase("anActionIsNullALogOrAnAnimation", "TX4",
                       yaml: scene("layers: [{id: tile, actions: {opacity: 3}}]\n"), line: 3, column: 40,
                       message: .startingWith("the action for 'opacity' must be null (no action), {log: message} or an animation")),
        SceneErrorCase("anActionsAnimationIsCheckedAgainstItsKey", "TX4",
                       yaml: scene("layers: [{id: tile, actions: {opacity: {class: CABasicAnimation, toValue: [1, 2]}}}]\n"),
                       line: 3, column: 75, message: .startingWith("'toValue' must be a number")),
        SceneErrorCase("aTransactionsCompletionBlockIsItsCompletionList", "TX2",
                       yaml: scene("timeline: [{at: 0, do: [{transaction: {values: {completionBlock: 1}, do: []}}]}]\n"),
                       line: 3, column: 66, message: .exactly("a transaction's completion block is its 'completion' list")),
        SceneErrorCase("invertTakesTrue", yaml: scene("layers: [{id: a, transform: [{invert: false}]}]\n"), line: 3, column: 39,
                       message: .exactly("'invert' takes true; leave it out for no change")),
    ]

    @Test(arguments: errorCases)
    func badLayerAPIInputIsAnErrorAtItsValue(_ expected: SceneErrorCase) {
        expect(error(expected.yaml), toBe: expected)
    }
}
