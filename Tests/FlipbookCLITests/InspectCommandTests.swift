import Foundation
import XCTest

/// `flipbook probe` and `flipbook events` print exactly the JSON documented in
/// docs/golden-testing.md "Numbers instead of pixels".
final class InspectCommandTests: CLITestCase {
    /// A view, and a standalone layer fading and sliding for 1 s from t = 0.
    private let fadingBox = """
        flipbook: 1
        canvas: {size: [200, 100]}
        views: [{id: card, frame: [20, 20, 40, 40], backgroundColor: "#FF0000", layer: {cornerRadius: 4, borderWidth: 2}}]
        layers: [{id: box, frame: [0, 0, 10, 10], backgroundColor: [0, 0, 1, 0.5], zPosition: 3}]
        timeline:
          - at: 0
            do:
              - addAnimation:
                  layer: box
                  key: fade
                  animation: {class: CABasicAnimation, keyPath: opacity, fromValue: 1, toValue: 0, duration: 1}
              - addAnimation:
                  layer: box
                  key: slide
                  animation: {class: CABasicAnimation, keyPath: position.x, fromValue: 5, toValue: 105, duration: 1}
        """

    /// The documented keys of a layer in `probe`'s output, in order.
    private let layerKeys = ["position", "bounds", "anchorPoint", "frame", "transform", "opacity",
                             "backgroundColor", "cornerRadius", "borderWidth", "isHidden", "zPosition"]
    private let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    private func json(_ text: some StringProtocol) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// The frames of a probe's output: each frame's time and its layers by id.
    private func frames(_ output: String) throws -> [(t: Double, layers: [String: [String: Any]])] {
        let object = try XCTUnwrap(try json(output) as? [String: Any], output)
        XCTAssertEqual(Array(object.keys), ["frames"])
        let frames = try XCTUnwrap(object["frames"] as? [[String: Any]], output)
        return try frames.map { frame in
            XCTAssertEqual(Set(frame.keys), ["t", "layers"])
            return (try XCTUnwrap(frame["t"] as? Double), try XCTUnwrap(frame["layers"] as? [String: [String: Any]]))
        }
    }

    private func numbers(_ value: Any?) -> [Double]? {
        (value as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
    }

    func testProbePrintsTheDocumentedValuesOfTheTargetAtEachTime() throws {
        let scene = try writeScene("box.yaml", fadingBox)

        let result = try flipbook("probe", scene, "--at", "0.5,1", "--target", "box")

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out.filter { $0 == "\n" }.count, 1, "one line of JSON")
        XCTAssertTrue(result.out.hasPrefix(#"{"frames":[{"t":0.5,"layers":{"box":{"position":"#), result.out)
        let frames = try frames(result.out)
        XCTAssertEqual(frames.map(\.t), [0.5, 1])
        XCTAssertEqual(frames.map { Array($0.layers.keys) }, [["box"], ["box"]])
        let half = try XCTUnwrap(frames.first?.layers["box"])
        XCTAssertEqual(Array(half.keys.filter(layerKeys.contains)).count, layerKeys.count)
        let keyOffsets = (layerKeys + ["sublayerTransform", "animations"]).map { result.out.range(of: "\"\($0)\":")?.lowerBound }
        XCTAssertEqual(keyOffsets, keyOffsets.sorted { $0! < $1! }, "the first keys in the documented order, the added ones after")
        XCTAssertEqual(numbers(half["position"]), [55, 5])
        XCTAssertEqual(numbers(half["bounds"]), [0, 0, 10, 10])
        XCTAssertEqual(numbers(half["anchorPoint"]), [0.5, 0.5])
        XCTAssertEqual(numbers(half["frame"]), [50, 0, 10, 10])
        XCTAssertEqual(numbers(half["transform"]), identity)
        XCTAssertEqual(half["opacity"] as? Double, 0.5)
        XCTAssertEqual(numbers(half["backgroundColor"]), [0, 0, 1, 0.5])
        XCTAssertEqual(half["cornerRadius"] as? Double, 0)
        XCTAssertEqual(half["borderWidth"] as? Double, 0)
        XCTAssertEqual(half["isHidden"] as? Bool, false)
        XCTAssertEqual(half["zPosition"] as? Double, 3)
        let end = try XCTUnwrap(frames.last?.layers["box"])
        XCTAssertEqual(numbers(end["position"]), [5, 5], "the animation has ended: the model shows again")
        XCTAssertEqual(end["opacity"] as? Double, 1)
    }

    func testProbeListsEveryPropertyOfTheLayerClassAndTheAnimationsOnTheLayer_CA1_CA8() throws {
        let scene = try writeScene("ring.yaml", """
            flipbook: 1
            canvas: {size: [200, 100]}
            views:
              - id: ring
                layerClass: CAShapeLayer
                frame: [0, 0, 40, 40]
                layer: {path: "M0 0 L10 0 L10 10 Z", strokeColor: red, lineWidth: 3, strokeEnd: 0.5, borderColor: blue,
                        shadowOffset: [0, 4], shadowRadius: 2, contentsRect: [0, 0, 0.5, 1]}
            timeline:
              - at: 0
                do:
                  - addAnimation:
                      layer: ring.layer
                      key: grow
                      animation: {class: CABasicAnimation, keyPath: strokeEnd, fromValue: 0, toValue: 1, duration: 2,
                                  isAdditive: true, timingFunction: easeIn}
                  - animate: {duration: 1, do: [{set: {target: ring, center: [100, 20]}}]}
            """)

        let result = try flipbook("probe", scene, "--at", "0.5", "--target", "ring")

        XCTAssertEqual(result.status, 0, result.err)
        let ring = try XCTUnwrap(try frames(result.out).first?.layers["ring.layer"])
        XCTAssertEqual(ring["path"] as? String, "M0 0 L10 0 L10 10 Z")
        XCTAssertEqual(numbers(ring["strokeColor"]), [1, 0, 0, 1])
        XCTAssertEqual(ring["lineWidth"] as? Double, 3)
        XCTAssertEqual(ring["strokeStart"] as? Double, 0)
        let strokeEnd = try XCTUnwrap(ring["strokeEnd"] as? Double)
        XCTAssertEqual(strokeEnd, 0.5 + 0.0935, accuracy: 1e-3, "the model's 0.5 plus the additive ease-in at 1/4 (FACTS §1)")
        XCTAssertEqual(numbers(ring["borderColor"]), [0, 0, 1, 1])
        XCTAssertEqual(numbers(ring["shadowOffset"]), [0, 4])
        XCTAssertEqual(ring["shadowRadius"] as? Double, 2)
        XCTAssertEqual(numbers(ring["contentsRect"]), [0, 0, 0.5, 1])
        let animations = try XCTUnwrap(ring["animations"] as? [[String: Any]])
        XCTAssertEqual(animations.map { $0["key"] as? String }, ["grow", "position"])
        let grow = animations[0], slide = animations[1]
        XCTAssertEqual(grow["class"] as? String, "CABasicAnimation")
        XCTAssertEqual(grow["keyPath"] as? String, "strokeEnd")
        XCTAssertEqual(grow["isAdditive"] as? Bool, true)
        XCTAssertEqual(grow["fromValue"] as? Double, 0)
        XCTAssertEqual(grow["toValue"] as? Double, 1)
        XCTAssertEqual(grow["duration"] as? Double, 2)
        XCTAssertEqual(grow["beginTime"] as? Double, 0)
        XCTAssertEqual(numbers(grow["timingFunction"]), [0.42, 0, 1, 1])
        XCTAssertEqual(slide["keyPath"] as? String, "position")
        XCTAssertEqual(slide["isAdditive"] as? Bool, true, "V3: a block animates position additively")
        XCTAssertEqual(numbers(slide["fromValue"]), [-80, 0], "from the old value relative to the new")
        XCTAssertEqual(numbers(slide["toValue"]), [0, 0])
    }

    func testTheActionLookupSceneLogsTheActionEachPlaceGives_TX4_TX5_TX6() throws {
        let scene = root.appendingPathComponent("scenes/behaviours/action-lookup.yaml").path

        let result = try flipbook("events", scene)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, """
            {"t":0.5,"event":"log","message":"opacity: delegate"}
            {"t":0.5,"event":"log","message":"position: actions"}
            {"t":0.5,"event":"log","message":"cornerRadius: style"}
            {"t":1.0,"event":"log","message":"fresh opacity: delegate"}

            """)
    }

    func testProbeWithoutTargetListsViewsByTheirLayerAndThenLayers() throws {
        let scene = try writeScene("box.yaml", fadingBox)

        let result = try flipbook("probe", scene, "--at", "0.25")

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains(#""layers":{"card.layer":{"#), result.out)
        let layers = try XCTUnwrap(try frames(result.out).first?.layers)
        XCTAssertEqual(Set(layers.keys), ["card.layer", "box"])
        let card = try XCTUnwrap(layers["card.layer"])
        XCTAssertEqual(numbers(card["position"]), [40, 40])
        XCTAssertEqual(numbers(card["frame"]), [20, 20, 40, 40])
        XCTAssertEqual(numbers(card["backgroundColor"]), [1, 0, 0, 1])
        XCTAssertEqual(card["cornerRadius"] as? Double, 4)
        XCTAssertEqual(card["borderWidth"] as? Double, 2)
        XCTAssertEqual(layers["box"]?["opacity"] as? Double, 0.75)
    }

    func testProbeWithModelShowsTheModelWhileAnAnimationRuns_CA3() throws {
        let scene = try writeScene("box.yaml", fadingBox)

        let result = try flipbook("probe", scene, "--at", "0.5", "--target", "box", "--model")

        XCTAssertEqual(result.status, 0, result.err)
        let box = try XCTUnwrap(try frames(result.out).first?.layers["box"])
        XCTAssertEqual(numbers(box["position"]), [5, 5])
        XCTAssertEqual(box["opacity"] as? Double, 1)
    }

    func testProbeOfAnUnknownTargetFailsNamingTheNearestId() throws {
        let scene = try writeScene("box.yaml", fadingBox)

        let result = try flipbook("probe", scene, "--at", "0.5", "--target", "bxo")

        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err, "flipbook: error: unknown target 'bxo' (did you mean 'box'?)\n")
    }

    func testProbeOfAnUnknownTargetNamesTheNearestViewIdWithoutItsLayerSuffix() throws {
        let scene = try writeScene("ball.yaml", """
            flipbook: 1
            canvas: {size: [100, 100], duration: 1}
            views: [{id: ball, frame: [0, 0, 10, 10]}]
            """)

        let result = try flipbook("probe", scene, "--at", "0", "--target", "bal")

        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(result.err, "flipbook: error: unknown target 'bal' (did you mean 'ball'?)\n")
    }

    func testEventsPrintsTheLogAsJSONLinesInTimeOrder() throws {
        let scene = try writeScene("events.yaml", """
            flipbook: 1
            canvas: {size: [100, 100]}
            layers: [{id: box, frame: [0, 0, 10, 10]}]
            timeline:
              - at: 1.5
                do: [{log: "late \\"note\\""}]
              - at: 0.5
                do:
                  - addAnimation:
                      layer: box
                      key: fade
                      animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 0.5}
                  - transaction:
                      name: color
                      duration: 1
                      do: [{set: {target: box, backgroundColor: red}}]
                      completion: [{log: a1 done}]
              - at: 0.75
                do: [{removeAnimation: {layer: box, key: fade}}]
            """)

        let result = try flipbook("events", scene)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, """
            {"t":0.5,"event":"animationDidStart","layer":"box","key":"fade"}
            {"t":0.75,"event":"animationDidStop","layer":"box","key":"fade","finished":false}
            {"t":1.5,"event":"log","message":"late \\"note\\""}
            {"t":1.5,"event":"transactionCompletion","name":"color"}
            {"t":1.5,"event":"log","message":"a1 done"}

            """)
        let lines = try result.out.split(separator: "\n").map { try XCTUnwrap(try json($0) as? [String: Any]) }
        XCTAssertEqual(lines.compactMap { $0["t"] as? Double }, [0.5, 0.75, 1.5, 1.5, 1.5])
        XCTAssertEqual(lines[1]["finished"] as? Bool, false)
        XCTAssertEqual(lines[2]["message"] as? String, #"late "note""#)
    }

    func testEventsOfAFinishedAnimationMatchTheDocumentedObjects_CA7() throws {
        let scene = try writeScene("fade.yaml", """
            flipbook: 1
            canvas: {size: [100, 100]}
            layers: [{id: box, frame: [0, 0, 10, 10]}]
            timeline:
              - at: 0.5
                do: [{addAnimation: {layer: box, key: fade, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 0.5}}}]
            """)

        let result = try flipbook("events", scene)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out.split(separator: "\n"), [
            #"{"t":0.5,"event":"animationDidStart","layer":"box","key":"fade"}"#,
            #"{"t":1.0,"event":"animationDidStop","layer":"box","key":"fade","finished":true}"#,
        ])
    }

    func testBadSceneMakesProbeAndEventsFailWithFileLineColumn() throws {
        let scene = try writeScene("bad.yaml", """
            flipbook: 1
            canvas: {size: [100, 100]}
            layers: [{id: box}]
            timeline:
              - at: 0
                do: [{addAnimation: {layer: box, animation: {class: CABasicAnimation, keyPath: positon.x, toValue: 5}}}]
            """)
        let expected = "\(scene):6:84: error: 'positon.x' is not an animatable key path of CALayer (did you mean 'position.x'?)\n"

        let probe = try flipbook("probe", scene, "--at", "0")
        let events = try flipbook("events", scene)

        XCTAssertEqual(probe.status, 1)
        XCTAssertEqual(probe.out, "")
        XCTAssertEqual(probe.err, expected)
        XCTAssertEqual(events.status, 1)
        XCTAssertEqual(events.out, "")
        XCTAssertEqual(events.err, expected)
    }

    func testGoldenFramesBeyondTheLastFrameFailEveryCommandBeforeItPrints() throws {
        let scene = try writeScene("short.yaml", """
            flipbook: 1
            canvas: {size: [20, 20], fps: 10}
            timeline:
              - {at: 0.2, do: [{log: done}]}
            golden:
              frames: [0, 50]
            """)
        let expected = "\(scene):6:3: error: golden frame 50 is beyond the last frame, 2\n"

        let results = try ["events", "probe", "validate"].map { command in
            try command == "probe" ? flipbook(command, scene, "--at", "0") : flipbook(command, scene)
        }

        for (command, result) in zip(["events", "probe", "validate"], results) {
            XCTAssertEqual(result.status, 1, command)
            XCTAssertEqual(result.out, "", command)
            XCTAssertEqual(result.err, expected, command)
        }
    }
}
