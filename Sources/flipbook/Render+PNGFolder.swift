import FlipbookOutput
import FlipbookScene
import Foundation

/// PNG frames in a folder: its `flipbook-render.json`, `--force` and `--resume`.
extension Render {
    /// For a PNG render (not a still): its folder, made ready for `frames` (see
    /// `PNGRenderFolder.prepare`), and the frames still to render (all of them unless
    /// `--resume` finds some already there, which it says on standard error). For other
    /// outputs: no folder, and `frames`.
    func preparePNGFolder(_ output: OutputSpec, scene: Scene, part: RenderPart, frameCount: Int,
                          frames: [Int]) throws -> (folder: PNGRenderFolder?, frames: [Int]) {
        let canvas = scene.canvas
        let manifest = PNGRenderFolder.Manifest(
            scene: input.scene, sceneHash: scene.inputHash, width: canvas.pixelWidth, height: canvas.pixelHeight,
            fps: canvas.fps, scale: canvas.scale, pngCompression: pngCompression, renderFrameCount: frameCount, frames: frames)
        guard var folder = output.pngFolder(scene: scene.name, part: part, manifest: manifest) else { return (nil, frames) }
        let done = try folder.prepare(frames: frames, force: force, resume: resume)
        if resume {
            StandardError.write("flipbook: \(folder.folder.relativePath): \(done.count) of \(frames.count) frames already rendered; "
                                + "rendering the other \(frames.count - done.count)\n")
        }
        return (folder, frames.filter { !done.contains($0) })
    }
}
