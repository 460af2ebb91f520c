import ArgumentParser
import FlipbookScene
import Foundation

struct Probe: FlipbookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the values of a scene's layers at given times, as JSON.",
        discussion: """
            {"frames":[{"t":0.5,"layers":{"card.layer":{"position":[x,y],…}}}]}: position, bounds, \
            anchorPoint, frame, transform (m11…m44), opacity, backgroundColor ([r,g,b,a]), \
            cornerRadius, borderWidth, isHidden and zPosition of every named layer (views by \
            their layer). A layer not in the tree at that time is absent.
            """)

    @OptionGroup var input: SceneInput

    @Option(help: ArgumentHelp("Virtual times in seconds, comma-separated.", valueName: "t1,t2,…"))
    var at: String

    @Option(help: "Only this view or layer id.")
    var target: String?

    @Flag(help: "Print model values instead of presentation values.")
    var model = false

    func times() throws -> [Double] {
        let limit = try input.loading.limits().duration
        return try at.split(separator: ",", omittingEmptySubsequences: false).map { part in
            guard let t = Double(part.trimmingCharacters(in: .whitespaces)), t.isFinite, t >= 0 else {
                throw ValidationError("--at takes times of 0 or more in seconds, e.g. 0.5,1.25; got '\(part)'")
            }
            guard t <= Double(limit) else {
                throw ValidationError("--at takes times up to \(limit) s, the 'duration' limit "
                                      + "(--limit duration=N raises it); got '\(part)'")
            }
            return t
        }
    }

    func validate() throws {
        guard try !times().isEmpty else { throw ValidationError("--at needs at least one time") }
    }

    func perform() throws {
        let (scene, _) = try input.loadAndMeasure()
        print(try SceneRun(scene: scene).probe(at: try times(), target: target, model: model))
    }
}

struct Events: FlipbookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a scene's event log as JSON lines, in time order.",
        discussion: """
            Completions, log lines, animationDidStart/animationDidStop of added animations, \
            transaction completions and property animators' state changes (animatorState), each \
            with "t" in virtual seconds, over the scene's duration. \
            A run-time error prints no log, only the error: FILE:LINE:COL: error: … on stderr.
            """)

    @OptionGroup var input: SceneInput

    func perform() throws {
        let scene = try input.load()
        let run = SceneRun(scene: scene)
        let end = run.runUntilIdle(limit: scene.canvas.duration ?? Canvas.maximumDuration)
        let duration = scene.canvas.duration ?? end
        try scene.golden?.check(frameCount: scene.frameCount(duration: duration))
        if run.failure == nil { run.advance(to: duration) }
        // The log is printed only once the whole run has succeeded: a bad scene prints no part of it.
        if let failure = run.failure { throw failure }
        for event in run.events { print(event.json) }
    }
}
