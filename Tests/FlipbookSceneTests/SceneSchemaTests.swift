import FlipbookScene
import Foundation
import Testing

/// `scenes/schema.json`: generated from the loader's shapes, committed as generated, and
/// agreeing with the loader on the scenes in the repository and on misspelt keys. The
/// schema is checked by Debian's python3-jsonschema (scripts/install-deps.sh --tests).
@Suite @MainActor
struct SceneSchemaTests: SceneTesting {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func theCommittedSchemaIsTheGeneratedOne() throws {
        let committed = try String(contentsOf: Self.root.appendingPathComponent("scenes/schema.json"), encoding: .utf8)

        let generated = SceneSchema.text

        let difference = Self.firstDifference(committed, generated)
        #expect(difference == nil, """
            scenes/schema.json is not the generated schema (\(difference ?? "")); \
            write it with: swift run flipbook schema > scenes/schema.json
            """)
    }

    @Test func everySceneInTheRepositoryIsValidAgainstTheSchema() throws {
        let scenes = try Self.sceneFiles()
        let documents = try scenes.map { path in
            (name: path, json: try SceneSchema.instance(yaml: String(contentsOfFile: path, encoding: .utf8), file: path))
        }

        let result = try check(documents)

        #expect(scenes.count >= 50, "the scenes under scenes/ were not found")
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
    }

    @Test(arguments: [
        // A misspelt key at each depth the loader reads maps: the top level, the canvas, a
        // view, a view's layer, a standalone layer, an action, a verb's map, an animation, a
        // nested block, a drawing operation and a transform operation.
        ("flipbok: 1\ncanvas: {size: [10, 10]}\n", "flipbok"),
        ("flipbook: 1\ncanvas: {size: [10, 10], fsp: 30}\n", "fsp"),
        ("flipbook: 1\ncanvas: {size: [10, 10]}\nviews: [{id: a, backgroudColor: red}]\n", "backgroudColor"),
        ("flipbook: 1\ncanvas: {size: [10, 10]}\nviews: [{id: a, layer: {cornerRadus: 4}}]\n", "cornerRadus"),
        ("flipbook: 1\ncanvas: {size: [10, 10]}\nlayers: [{id: l, class: CAShapeLayer, filColor: red}]\n", "filColor"),
        ("flipbook: 1\ncanvas: {size: [10, 10]}\nviews: [{id: a}]\ntimeline: [{at: 0, do: [{sett: {target: a}}]}]\n", "sett"),
        ("flipbook: 1\ncanvas: {size: [10, 10]}\nviews: [{id: a}]\ntimeline: [{at: 0, do: [{set: {target: a, alpah: 1}}]}]\n",
         "alpah"),
        ("flipbook: 1\ncanvas: {size: [10, 10]}\nviews: [{id: a}]\ntimeline: [{at: 0, do: [{addAnimation: {layer: a.layer, "
            + "animation: {class: CABasicAnimation, keyPath: opacity, toValu: 0}}}]}]\n", "toValu"),
        ("flipbook: 1\ncanvas: {size: [10, 10]}\nviews: [{id: a}]\ntimeline: [{at: 0, do: [{animate: {duration: 1, "
            + "do: [{set: {target: a, alpha: 0}}], completion: [{animate: {duration: 1, delya: 1, do: []}}]}}]}]\n", "delya"),
        ("flipbook: 1\ncanvas: {size: [10, 10]}\nviews: [{id: a, draw: [{fill: {path: {rect: [0, 0, 5, 5]}, colr: red}}]}]\n",
         "colr"),
        ("flipbook: 1\ncanvas: {size: [10, 10]}\nviews: [{id: a, transform: [{rotat: 90deg}]}]\n", "rotat"),
    ])
    func aMisspeltKeyFailsTheSchemaAsItFailsTheLoader(yaml: String, key: String) throws {
        let loaderError = error(yaml)

        let result = try check([(name: "misspelt.json", json: try SceneSchema.instance(yaml: yaml, file: "test.yaml"))])

        #expect(loaderError?.message.contains("'\(key)'") == true, "the loader takes '\(key)': \(String(describing: loaderError))")
        #expect(result.status == 1)
        #expect(result.output.contains("'\(key)' was unexpected") || result.output.contains("'\(key)' does not match"),
                "\(result.output)")
    }

    /// A scene's timeline of one view `a` doing `action`.
    nonisolated private static func doing(_ action: String) -> String {
        "canvas: {size: [10, 10]}\nviews: [{id: a}]\ntimeline: [{at: 0, do: [\(action)]}]\n"
    }

    nonisolated private static let below0 = "must be 0", notAbove0 = "must be greater than 0"

    @Test(arguments: [
        // A count or a length of time the loader refuses below 0, at each kind of place:
        // the canvas, an animation, a block, an animator, a layer's property.
        ("canvas: {size: [10, 10], duration: -1}\n", "canvas/duration", below0),
        (doing("{addAnimation: {layer: a.layer, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, repeatCount: -2}}}"),
         "timeline/0/do/0/addAnimation/animation/repeatCount", below0),
        (doing("{addAnimation: {layer: a.layer, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, "
            + "repeatDuration: \"-250ms\"}}}"), "timeline/0/do/0/addAnimation/animation/repeatDuration", below0),
        (doing("{animate: {duration: 1, delay: -1, do: [{set: {target: a, alpha: 0}}]}}"), "timeline/0/do/0/animate/delay", below0),
        (doing("{animate: {duration: 1, repeatCount: -1, do: [{set: {target: a, alpha: 0}}]}}"),
         "timeline/0/do/0/animate/repeatCount", below0),
        (doing("{animator: {id: p, duration: -0.5s, do: [{set: {target: a, alpha: 0}}]}}"), "timeline/0/do/0/animator/duration", below0),
        ("canvas: {size: [10, 10]}\nlayers: [{id: r, class: CAReplicatorLayer, instanceCount: -1}]\n", "layers/0/instanceCount", below0),
        ("canvas: {size: [10, 10]}\nlayers: [{id: s, class: CAShapeLayer, lineWidth: -1}]\n", "layers/0/lineWidth", below0),
        (doing("{addAnimation: {layer: a.layer, animation: {class: CASpringAnimation, keyPath: opacity, toValue: 0, damping: -1}}}"),
         "timeline/0/do/0/addAnimation/animation/damping", below0),
        // A rate, a scale, a size or a spring coefficient the loader refuses at 0.
        ("canvas: {size: [10, 10], fps: 0}\n", "canvas/fps", notAbove0),
        ("canvas: {size: [10, 10], scale: 0}\n", "canvas/scale", notAbove0),
        (doing("{addAnimation: {layer: a.layer, animation: {class: CASpringAnimation, keyPath: opacity, toValue: 0, mass: 0}}}"),
         "timeline/0/do/0/addAnimation/animation/mass", notAbove0),
        (doing("{addAnimation: {layer: a.layer, animation: {class: CASpringAnimation, keyPath: opacity, toValue: 0, stiffness: 0}}}"),
         "timeline/0/do/0/addAnimation/animation/stiffness", notAbove0),
        (doing("{animate: {duration: 1, spring: {damping: 0}, do: [{set: {target: a, alpha: 0}}]}}"),
         "timeline/0/do/0/animate/spring/damping", notAbove0),
        (doing("{animator: {id: p, duration: 1, timingParameters: {spring: {mass: 0, stiffness: 1, damping: 1}}, "
            + "do: [{set: {target: a, alpha: 0}}]}}"), "timeline/0/do/0/animator/timingParameters/spring/mass", notAbove0),
        ("canvas: {size: [10, 10]}\nlayers: [{id: t, class: CATextLayer, fontSize: 0}]\n", "layers/0/fontSize", notAbove0),
        ("canvas: {size: [10, 10]}\nlayers: [{id: l, contentsScale: 0}]\n", "layers/0/contentsScale", notAbove0),
        // A fraction the loader refuses outside 0…1, a bounce outside −1 (excluded) to 1.
        (doing("{animateKeyframes: {duration: 1, keyframes: [{start: 0, duration: 1.5, do: [{set: {target: a, alpha: 0}}]}]}}"),
         "timeline/0/do/0/animateKeyframes/keyframes/0/duration", "between 0 and 1"),
        (doing("{addAnimation: {layer: a.layer, animation: {class: CAKeyframeAnimation, keyPath: opacity, values: [0, 1], "
            + "keyTimes: [0, 1.5]}}}"), "timeline/0/do/0/addAnimation/animation/keyTimes/1", "between 0 and 1"),
        (doing("{addAnimation: {layer: a.layer, animation: {class: CATransition, endProgress: -0.5}}}"),
         "timeline/0/do/0/addAnimation/animation/endProgress", "between 0 and 1"),
        (doing("{animator: {id: p, duration: 1, timingParameters: {spring: {duration: 1, bounce: 2}}, "
            + "do: [{set: {target: a, alpha: 0}}]}}"), "timeline/0/do/0/animator/timingParameters/spring/bounce",
         "above -1 and at most 1"),
        (doing("{animator: {id: p, duration: 1, timingParameters: {spring: {duration: 1, bounce: -1}}, "
            + "do: [{set: {target: a, alpha: 0}}]}}"), "timeline/0/do/0/animator/timingParameters/spring/bounce",
         "above -1 and at most 1"),
    ])
    func aValueOutOfTheLoadersRangeFailsTheSchemaAsItFailsTheLoader(yaml: String, path: String, message: String) throws {
        let yaml = "flipbook: 1\n" + yaml
        let loaderError = error(yaml)

        let result = try check([(name: "out-of-range.json", json: try SceneSchema.instance(yaml: yaml, file: "test.yaml"))])

        #expect(loaderError?.message.contains(message) == true, "the loader takes it: \(String(describing: loaderError))")
        #expect(result.status == 1)
        #expect(result.output.contains("at \(path)"), "\(result.output)")
    }

    /// A spring's damping of 0, which Apple allows ("greater than or equal to 0": a spring
    /// that never settles), passes the loader and the schema, in an animation and an animator.
    @Test func aSpringDampingOf0PassesTheLoaderAndTheSchema() throws {
        let yaml = "flipbook: 1\n" + Self.doing(
            "{addAnimation: {layer: a.layer, animation: {class: CASpringAnimation, keyPath: opacity, toValue: 0, damping: 0}}}, "
            + "{animator: {id: p, duration: 1, timingParameters: {spring: {mass: 1, stiffness: 100, damping: 0}}, "
            + "do: [{set: {target: a, alpha: 0}}]}}")

        let result = try check([(name: "undamped.json", json: try SceneSchema.instance(yaml: yaml, file: "test.yaml"))])

        #expect(error(yaml) == nil)
        #expect(result.status == 0, "\(result.output)")
    }

    /// A gradient's locations beyond 0…1, which Core Animation draws (a shimmer slides them
    /// across the layer) though Apple's documentation gives 0…1, pass the loader and the
    /// schema, which must not bound them as they bound key times (G7).
    @Test func gradientLocationsBeyond0To1PassTheLoaderAndTheSchema_G7() throws {
        let yaml = "flipbook: 1\ncanvas: {size: [10, 10]}\n"
            + "layers: [{id: g, class: CAGradientLayer, colors: [red, white, red], locations: [-1, -0.5, 1.5]}]\n"

        let result = try check([(name: "shimmer.json", json: try SceneSchema.instance(yaml: yaml, file: "test.yaml"))])

        #expect(error(yaml) == nil)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func valuesInEachOfTheirFormsPassTheSchema() throws {
        let yaml = """
            flipbook: 1
            canvas: {size: [100, 100], duration: 250ms, background: [0.9, 0.9, 1]}
            golden: {frames: [0, last]}
            views:
              - id: a
                frame: [0, 0, 50, 50]
                backgroundColor: "#3478F6"
                transform: [{translate: [10, 0]}, {rotate: 90deg}, {scale: 0.5}]
                layer: {borderColor: systemBlue, shadowColor: null, transform: [1, 0, 0, 1, 0, 0]}
              - {id: label, class: UILabel, text: Hi, font: {size: 12, weight: semibold}, textAlignment: center}
            layers:
              - {id: s, class: CAShapeLayer, path: "M0 0 L10 10", strokeColor: cornflowerblue, lineCap: round}
            timeline:
              - at: 0.1
                do:
                  - addAnimation:
                      layer: a.layer
                      animation: {class: CABasicAnimation, keyPath: transform.rotation.z, toValue: 0.25turn,
                                  duration: 100ms, repeatCount: infinity, timingFunction: [0.2, 0, 0.2, 1]}
                  - animator: {id: p, duration: 0.1, timingParameters: {spring: {dampingRatio: 0.5}}, start: true,
                               do: [{set: {target: label, alpha: 0.5}}]}
            """
        _ = try load(yaml)

        let result = try check([(name: "forms.json", json: try SceneSchema.instance(yaml: yaml, file: "test.yaml"))])

        #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
    }

    @Test func aValueOfTheWrongFormFailsTheSchema() throws {
        let yaml = "flipbook: 1\ncanvas: {size: [10, 10], duration: 2 minutes, background: \"#12345\"}\n"

        let result = try check([(name: "wrong.json", json: try SceneSchema.instance(yaml: yaml, file: "test.yaml"))])

        #expect(result.status == 1)
        #expect(result.output.contains("at canvas/duration:"), "\(result.output)")
        #expect(result.output.contains("at canvas/background:"), "\(result.output)")
    }

    // MARK: Helpers

    /// Where two texts first differ: "line N: 'a' vs 'b'".
    static func firstDifference(_ a: String, _ b: String) -> String? {
        let linesA = a.components(separatedBy: "\n"), linesB = b.components(separatedBy: "\n")
        for index in 0..<max(linesA.count, linesB.count) {
            let lineA = index < linesA.count ? linesA[index] : "(end)", lineB = index < linesB.count ? linesB[index] : "(end)"
            if lineA != lineB { return "line \(index + 1): '\(lineA)' vs generated '\(lineB)'" }
        }
        return nil
    }

    /// Every scene file under scenes/.
    static func sceneFiles() throws -> [String] {
        let scenes = root.appendingPathComponent("scenes")
        let enumerator = FileManager.default.enumerator(at: scenes, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).map(\.path).filter { $0.hasSuffix(".yaml") }.sorted()
    }

    /// Runs scripts/check-schema.py on the generated schema and `documents`, written as
    /// JSON files; its output names each document by its `name`.
    func check(_ documents: [(name: String, json: JSONValue)]) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-schema-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("schema.json")
        try SceneSchema.text.write(to: schema, atomically: true, encoding: .utf8)
        var paths: [String: String] = [:]
        for (index, document) in documents.enumerated() {
            let file = folder.appendingPathComponent(String(format: "%05d.json", index))
            try document.json.formatted().write(to: file, atomically: true, encoding: .utf8)
            paths[file.path] = document.name
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.root.appendingPathComponent("scripts/check-schema.py").path, schema.path]
            + paths.keys.sorted()
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var output = String(decoding: data, as: UTF8.self)
        for (path, name) in paths { output = output.replacingOccurrences(of: path, with: name) }
        if output.contains("No module named 'jsonschema'") {
            Issue.record("python3-jsonschema is missing: run scripts/install-deps.sh --tests")
        }
        return (process.terminationStatus, output)
    }
}
