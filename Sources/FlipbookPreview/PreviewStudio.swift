import FlipbookScene
import Foundation

/// What `flipbook preview` serves: the last good version of a scene file, reloaded when the
/// file or a file it read changes, and the answers to the page's requests.
///
/// A version that fails to load or to run is kept as `failure` (its `FILE:LINE:COL: error: …`)
/// while the last good one goes on being served. Every reload, good or bad, counts up
/// `version`, which the page watches. Nothing here reads a clock: a frame's bytes depend only
/// on the scene's files.
@MainActor
public final class PreviewStudio {
    /// The scene file, as given.
    public let path: String
    private let options: SceneLoader.Options
    /// The render command of this scene as the user would type it, less `--still N`.
    private let renderCommand: String
    /// Counts loads: 1 for the first, one more for each reload, good or bad.
    public private(set) var version = 1
    /// Why the latest version is not shown: its error, located; nil when it is shown.
    public private(set) var failure: String?
    private var shown: PreviewScene
    /// The scene file's and its inputs' stamps at the latest load.
    private var stamps: [String: FileStamp?] = [:]
    /// The stamps of a change seen by the previous look, not loaded yet.
    private var changing: [String: FileStamp?]?

    /// Loads and runs the scene at `path` once.
    /// - Parameter renderCommand: `flipbook render` with the scene and the loading options,
    ///   as the page shows it (it adds `--still N`).
    /// - Throws: the scene's `SceneError`, from loading or running: a preview starts from a
    ///   good scene.
    public init(path: String, options: SceneLoader.Options = SceneLoader.Options(), renderCommand: String) throws {
        self.path = path
        self.options = options
        self.renderCommand = renderCommand
        shown = try PreviewScene(scene: SceneLoader.load(path: path, options: options))
        stamps = stampsNow()
    }

    /// The last good version of the scene.
    public var scene: Scene { shown.scene }

    /// Loads the scene again if its file or a file it read (its `inputFiles`) changed in
    /// modification time or size since the latest load and has not changed since the
    /// previous call (a save in progress, the file cut short but not yet written, waits);
    /// returns whether it did.
    @discardableResult
    public func reloadIfChanged() -> Bool {
        let now = stampsNow()
        guard now != stamps else {
            changing = nil
            return false
        }
        guard now == changing else {
            changing = now
            return false
        }
        changing = nil
        version += 1
        do {
            shown = try PreviewScene(scene: SceneLoader.load(path: path, options: options))
            failure = nil
        } catch {
            let text = "\(error)"
            failure = text.contains(": error: ") ? text : "\(path):1:1: error: \(text)"
        }
        stamps = stampsNow()
        return true
    }

    private func stampsNow() -> [String: FileStamp?] {
        Dictionary(([path] + shown.scene.inputFiles).map { ($0, FileStamp(path: $0)) }, uniquingKeysWith: { a, _ in a })
    }

    // MARK: Answers

    /// The answer to `GET path?query`: the page, its script and style, or the API
    /// (docs/preview.md lists it); 404 for anything else.
    public func response(toGET path: String, query: [String: String] = [:]) -> PreviewResponse {
        switch path {
        case "/", "/index.html": return .text(PreviewPage.html, type: "text/html")
        case "/preview.js": return .text(PreviewPage.script, type: "text/javascript")
        case "/preview.css": return .text(PreviewPage.style, type: "text/css")
        case "/api/state": return .json(state)
        case "/api/info": return .json(info)
        case "/api/tree":
            return frame(query["frame"] ?? "0").map { .json(shown.run(atFrame: $0).layerTree()) } ?? badFrame(query["frame"])
        case "/api/probe":
            guard let id = query["layer"] else { return .error("probe needs ?layer=ID&frame=N", status: 400) }
            return frame(query["frame"] ?? "0").map { probe(id, frame: $0) } ?? badFrame(query["frame"])
        case _ where path.hasPrefix("/api/frame/"):
            let text = String(path.dropFirst("/api/frame/".count))
            guard let index = frame(text) else { return badFrame(text) }
            do {
                return PreviewResponse(contentType: "image/png", body: try shown.png(frame: index))
            } catch {
                return .error("frame \(index): \(error)", status: 500)
            }
        default: return .error("no such page: \(path)", status: 404)
        }
    }

    /// `{"version": V, "error": …}`: what the page polls to learn of a reload.
    private var state: JSONValue {
        .object([("version", .number(Double(version))), ("error", failure.map(JSONValue.string) ?? .null)])
    }

    /// The scene as the page shows it: its canvas, frames, timeline, event log and its layer
    /// tree at frame 0, with `version` and `error` as in `state`.
    private var info: JSONValue {
        let canvas = scene.canvas
        return .object([
            ("version", .number(Double(version))),
            ("error", failure.map(JSONValue.string) ?? .null),
            ("file", .string(path)),
            ("name", .string(scene.name)),
            ("fps", .number(canvas.fps)),
            ("duration", .number(shown.duration)),
            ("frameCount", .number(Double(shown.frameCount))),
            ("size", .array([.number(Double(canvas.size.width)), .number(Double(canvas.size.height))])),
            ("scale", .number(Double(canvas.scale))),
            ("command", .string(renderCommand)),
            ("timeline", scene.timelineOutline),
            ("events", .array(shown.events.map(\.json))),
            ("layers", shown.run(atFrame: 0).layerTree()),
        ])
    }

    /// The probe's values of layer `id` at frame `index`: presentation and model, and its box
    /// on the canvas; nulls when no layer of that name is in the tree then.
    private func probe(_ id: String, frame index: Int) -> PreviewResponse {
        let run = shown.run(atFrame: index)
        let layer = run.layer(id).flatMap { $0.isDescendant(of: run.rootView.layer) ? $0 : nil }
        return .json(.object([
            ("layer", .string(id)),
            ("frame", .number(Double(index))),
            ("t", .number(scene.time(ofFrame: index))),
            ("presentation", run.probeValues(of: id) ?? .null),
            ("model", run.probeValues(of: id, model: true) ?? .null),
            ("box", layer.map { SceneRun.json(run.canvasBox(of: $0)) } ?? .null),
        ]))
    }

    /// The frame number `text` names, if it is one of the scene's frames.
    private func frame(_ text: String) -> Int? {
        guard let index = Int(text), (0..<shown.frameCount).contains(index) else { return nil }
        return index
    }

    private func badFrame(_ text: String?) -> PreviewResponse {
        .error("'\(text ?? "")' is not a frame of the scene: frames are 0 to \(shown.frameCount - 1)", status: 404)
    }
}
