import FlipbookRender
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
    /// `render SCENE` with the loading options: the words after `flipbook` of this scene's
    /// render command, less `--still N`.
    private let renderArguments: [String]
    /// Curves the user asked to plot beside the scene's own (`preview --curves`).
    private let extraCurves: [String]
    /// The renders started from the page.
    private let renders: PreviewRenders
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
    /// - Parameters:
    ///   - renderArguments: `render`, the scene and the loading options, as the user would
    ///     type them after `flipbook`: the page shows them (adding `--still N` or `--frames
    ///     A-B`) and its renders run them (adding `--format F`).
    ///   - executable: the `flipbook` program that renders in the background.
    ///   - curves: `CurveSpec` texts to plot beside the scene's own curves.
    /// - Throws: the scene's `SceneError`, from loading or running: a preview starts from a
    ///   good scene; a curve's `CurveSpec.ParseError`.
    public init(path: String, options: SceneLoader.Options = SceneLoader.Options(), renderArguments: [String],
                executable: String, curves: [String] = []) throws {
        self.path = path
        self.options = options
        self.renderArguments = renderArguments
        extraCurves = try curves.map { try CurveSpec($0).text }
        renders = PreviewRenders(executable: executable, renderArguments: renderArguments)
        renderProcessIDs = renders.runningIDs
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

    /// The process ids of the renders the page started that may still run, readable from
    /// any thread (a signal thread stops them when the preview is stopped).
    public nonisolated let renderProcessIDs: ProcessIDs

    /// Stops the renders the page started, each removing its unfinished output.
    public func stopRenders() {
        renders.stopAll()
    }

    /// `flipbook render …` as a shell reads it.
    private var renderCommand: String {
        (["flipbook"] + renderArguments).map(Self.shellQuoted).joined(separator: " ")
    }

    /// `word` as one word for a POSIX shell: as it is when plain, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=,:@+".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    // MARK: Answers

    /// The answer to `POST path`: `/api/render/FORMAT` starts a render of the scene's file
    /// as saved (docs/preview.md); 404 for anything else.
    public func response(toPOST path: String) -> PreviewResponse {
        guard path.hasPrefix("/api/render/") else { return .error("no such action: \(path)", status: 404) }
        return renders.start(String(path.dropFirst("/api/render/".count)))
    }

    /// The answer to `GET path?query`: the page, its script and style, or the API
    /// (docs/preview.md lists it); 404 for anything else.
    public func response(toGET path: String, query: [String: String] = [:]) -> PreviewResponse {
        switch path {
        case "/", "/index.html": return .text(PreviewPage.html, type: "text/html")
        case "/preview.js": return .text(PreviewPage.script, type: "text/javascript")
        case "/preview.css": return .text(PreviewPage.style, type: "text/css")
        case "/api/state": return .json(state)
        case "/api/info": return .json(info)
        case "/api/curves": return curvePlot(query["curves"] ?? "", size: query["size"] ?? "640x400")
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

    /// `{"version": V, "error": …, "renders": […]}`: what the page polls to learn of a
    /// reload and of its renders' progress.
    private var state: JSONValue {
        .object([("version", .integer(version)), ("error", failure.map(JSONValue.string) ?? .null),
                 ("renders", renders.json)])
    }

    /// The scene as the page shows it: its canvas, frames, timeline, event log, its loading
    /// warnings (`FILE:LINE:COL: warning: …`, as `flipbook validate` prints them) and its
    /// layer tree at frame 0, with `version` and `error` as in `state`.
    private var info: JSONValue {
        let canvas = scene.canvas
        return .object([
            ("version", .integer(version)),
            ("error", failure.map(JSONValue.string) ?? .null),
            ("warnings", .array(scene.warnings.map(JSONValue.string))),
            ("file", .string(path)),
            ("name", .string(scene.name)),
            ("fps", .number(canvas.fps)),
            ("duration", .number(shown.duration)),
            ("frameCount", .integer(shown.frameCount)),
            ("size", .array([.number(Double(canvas.size.width)), .number(Double(canvas.size.height))])),
            ("scale", .number(Double(canvas.scale))),
            ("command", .string(renderCommand)),
            ("timeline", scene.timelineOutline),
            ("events", .array(shown.events.map(\.json))),
            ("intervals", .array(shown.intervals.map(\.json))),
            ("curves", .array(shown.curves.map(JSONValue.string))),
            ("extraCurves", .array(extraCurves.map(JSONValue.string))),
            ("formats", .array(PreviewRenders.formats.map(JSONValue.string))),
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
            ("frame", .integer(index)),
            ("t", .number(scene.time(ofFrame: index))),
            ("presentation", run.probeValues(of: id) ?? .null),
            ("model", run.probeValues(of: id, model: true) ?? .null),
            ("box", layer.map { SceneRun.json(run.canvasBox(of: $0)) } ?? .null),
        ]))
    }

    /// A PNG plot (`CurvePlot`, as `flipbook curves` draws it) of the curves in `list`,
    /// `CurveSpec` texts separated by `;`, `size` (WxH) pixels; 400 with the reason for a
    /// curve that does not parse or a size out of bounds.
    private func curvePlot(_ list: String, size: String) -> PreviewResponse {
        let texts = list.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let minimum = CurvePlot.minimumSize
        let sides = size.split(separator: "x").compactMap { Int($0) }
        guard sides.count == 2, (minimum.width...4096).contains(sides[0]), (minimum.height...4096).contains(sides[1]) else {
            return .error("size is WIDTHxHEIGHT, from \(minimum.width)x\(minimum.height) to 4096x4096; got '\(size)'", status: 400)
        }
        do {
            let plot = CurveSpec.plot(try texts.map(CurveSpec.init), width: sides[0], height: sides[1])
            return PreviewResponse(contentType: "image/png", body: try PNGCodec.encode(plot.render(), compressionLevel: 1))
        } catch {
            return .error("\(error)", status: 400)
        }
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
