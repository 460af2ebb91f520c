import ArgumentParser
import FlipbookScene
import Foundation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files without rendering them.",
        discussion: "Prints FILE:LINE:COL: error: … for each bad scene and exits non-zero if any is bad.")

    @Argument(help: "Scene files.")
    var scenes: [String]

    func run() throws {
        let bad = MainActor.assumeIsolated {
            scenes.filter { path in
                do {
                    let scene = try SceneLoader.load(path: path)
                    print("\(path): ok (\(scene.frameCount) frames, \(scene.duration) s at \(scene.canvas.fps) fps)")
                    return false
                } catch {
                    _ = fail(error)
                    return true
                }
            }
        }
        if !bad.isEmpty { throw ExitCode.failure }
    }
}
