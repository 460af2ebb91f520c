import ArgumentParser
import FlipbookScene
import Foundation

struct Validate: FlipbookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files without rendering them.",
        discussion: "Prints FILE:LINE:COL: error: … for each bad scene and exits non-zero if any is bad.")

    @Argument(help: "Scene files.")
    var scenes: [String]

    @OptionGroup var loading: LoadOptions

    func perform() throws {
        var bad = 0
        for path in scenes {
            do {
                let scene = try SceneLoader.load(path: path, options: loading.options)
                warnAbout(scene)
                let duration = try scene.duration()
                if let warning = scene.durationWarning(duration: duration) { warn(warning) }
                let frames = scene.frameCount(duration: duration)
                print("\(path): ok (\(frames) frame\(frames == 1 ? "" : "s"), \(duration) s at \(scene.canvas.fps) fps)")
            } catch {
                report(error)
                bad += 1
            }
        }
        if bad > 0 { throw ExitCode.failure }
    }
}
