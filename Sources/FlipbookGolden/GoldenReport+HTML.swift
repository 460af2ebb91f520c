import Foundation

/// The report as one self-contained HTML page: a headline, the command that accepts the
/// changes and a filter; then each failed frame with its time, scene file, counts and
/// threshold, its expected, actual and diff images as tabs and under a slider laying
/// expected over actual (both zoomable to the pixel), and a filmstrip of the actual frames
/// around it; then frames recorded or missing, scenes that could not be checked, unused
/// goldens and a table of every scene checked.
extension GoldenReport {
    /// A frame narrower than this is shown magnified by the largest whole factor that
    /// keeps it within this width, its pixels kept sharp.
    static let smallFrameWidth = 256
    /// The zoom buttons of a failed frame, beside the magnification it starts at.
    static let zoomLevels = [1, 2, 4, 8]
    /// What the filter tells apart: each frame is one of these.
    static let statuses = ["failed", "passed", "recorded", "missing"]

    /// The page, with image links relative to `directory` (where index.html is written),
    /// so the folder can be moved or kept as a CI artifact.
    func html(linkingFrom directory: URL) -> String {
        var html = Self.head(passed: passed) + "<h1>Golden report</h1>\n"
            + "<p class=\"headline\">\(escape(headline))</p>\n"
        html += acceptAllSection()
        html += filterSection()
        html += errorsSection()
        for scene in scenes {
            html += failuresSection(scene, linkingFrom: directory)
        }
        html += notComparedSection()
        html += unusedSection()
        html += scenesSection(linkingFrom: directory)
        return html + Self.script + "</body>\n</html>\n"
    }

    /// `flipbook record --changed scenes/a.yaml scenes/b.yaml`, with `--golden-directory`
    /// when the goldens are not `golden` in the current directory; paths relative to it
    /// when inside it, quoted for a POSIX shell when they need to be.
    public func acceptCommand(files: [String]) -> String {
        var words = ["flipbook", "record", "--changed"]
        if let goldenDirectory,
           goldenDirectory.standardizedFileURL.path != URL(fileURLWithPath: "golden").standardizedFileURL.path {
            words += ["--golden-directory", displayPath(goldenDirectory)]
        }
        words += files.map { displayPath(URL(fileURLWithPath: $0)) }
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// The command for every scene with a failed or missing frame, when there is one.
    private func acceptAllSection() -> String {
        let files = scenes.filter { scene in
            scene.frames.contains {
                switch $0.outcome {
                case .failed, .unreadable, .missing: true
                case .matched, .matchedWithinTolerance, .recorded: false
                }
            }
        }.compactMap(\.file)
        guard !files.isEmpty else { return "" }
        return "<p class=\"accept\" data-status=\"failed missing\">To accept every change, after looking at it: "
            + commandWithCopyButton(acceptCommand(files: files), id: "accept-all") + "</p>\n"
    }

    private func commandWithCopyButton(_ command: String, id: String) -> String {
        "<code class=\"command\" id=\"\(id)-command\">\(escape(command))</code> "
            + "<button type=\"button\" class=\"copy\" aria-controls=\"\(id)-command\">Copy</button>"
    }

    /// Radio buttons that show only the frames, sections and scenes of one status.
    private func filterSection() -> String {
        guard !scenes.isEmpty else { return "" }
        let statuses = scenes.flatMap { $0.frames.map { Self.status(of: $0.outcome) } }
        var html = "<fieldset class=\"filter\">\n<legend>Show frames</legend>\n"
            + "<label><input type=\"radio\" name=\"filter\" value=\"all\" checked> all "
            + "<span class=\"count\">(\(statuses.count))</span></label>\n"
        for status in Self.statuses {
            let count = statuses.filter { $0 == status }.count
            html += "<label><input type=\"radio\" name=\"filter\" value=\"\(status)\"> \(status) "
                + "<span class=\"count\">(\(count))</span></label>\n"
        }
        return html + "</fieldset>\n"
    }

    private func errorsSection() -> String {
        guard !errors.isEmpty else { return "" }
        let items = errors.map { error in
            let message = error.message.hasPrefix(error.file) ? error.message : error.file + ": " + error.message
            return "<li><code>\(escape(message))</code></li>\n"
        }
        return "<h2>Could not be checked</h2>\n<ul>\n" + items.joined() + "</ul>\n"
    }

    private func failuresSection(_ scene: GoldenSceneReport, linkingFrom directory: URL) -> String {
        var html = ""
        for frame in scene.frames where frame.outcome.isFailure {
            let title = "\(scene.scene) frame \(frame.index)"
            let id = anchor(scene.scene, frame.index)
            let time = scene.timeLabel(ofFrame: frame.index).map { ", <span class=\"time\">\(escape($0))</span>" } ?? ""
            html += "<section class=\"failure\" id=\"\(id)\" data-status=\"failed\">\n"
                + "<h2>\(escape(title))\(time)</h2>\n"
            if let file = scene.file {
                let fps = scene.fps.map { " at \(shortDecimal($0)) fps" } ?? ""
                let url = URL(fileURLWithPath: file)
                html += "<p class=\"where\">From <a class=\"scene-file\" href=\"\(relativeLink(url, from: directory))\">"
                    + "\(escape(displayPath(url)))</a>\(fps).</p>\n"
            }
            if let note = scene.environmentMismatch {
                html += "<p class=\"note\">\(escape(note))</p>\n"
            }
            if case .failed(let result, _, _, _) = frame.outcome {
                html += countsTable(result, tolerance: scene.tolerance)
            }
            if case .unreadable(let golden, let reason, _) = frame.outcome {
                html += "<p class=\"unreadable\">The golden file <code>\(escape(displayPath(golden)))</code> "
                    + "cannot be read: \(escape(reason)).</p>\n"
            }
            if let file = scene.file {
                html += "<p class=\"accept\">To accept this change, after looking at it: "
                    + commandWithCopyButton(acceptCommand(files: [file]), id: id) + "</p>\n"
            }
            html += viewer(frame, title: title, id: id, linkingFrom: directory)
            html += actualImage(frame, title: title, linkingFrom: directory)
            html += filmstrip(frame, of: scene, linkingFrom: directory)
            html += "</section>\n"
        }
        return html
    }

    /// Expected, actual and diff as tabs, and the slider, with zoom buttons for both.
    private func viewer(_ frame: GoldenFrameReport, title: String, id: String, linkingFrom directory: URL) -> String {
        guard case .failed(let result, let expected, let actual, let diff) = frame.outcome else { return "" }
        let width = max(result.expectedSize.width, result.actualSize.width)
        let diffSize = ComparisonResult.Size(width: width,
                                             height: max(result.expectedSize.height, result.actualSize.height))
        let scale = max(1, Self.smallFrameWidth / max(1, width))
        func image(_ url: URL, _ caption: String, _ size: ComparisonResult.Size, _ role: String) -> String {
            "<img class=\"\(role)\" src=\"\(link(url, from: directory))\" alt=\"\(caption) of \(escape(title))\" "
                + "width=\"\(size.width * scale)\" height=\"\(size.height * scale)\" "
                + "data-width=\"\(size.width)\" data-height=\"\(size.height)\">"
        }
        let images = [("expected", expected, result.expectedSize), ("actual", actual, result.actualSize),
                      ("diff", diff, diffSize)]

        var html = "<div class=\"viewer\" data-tab=\"expected\" data-zoom=\"\(scale)\">\n<div class=\"controls\">\n"
            + "<div class=\"tabs\" role=\"tablist\" aria-label=\"image of \(escape(title))\">"
        for (n, (role, _, _)) in images.enumerated() {
            html += "<button type=\"button\" role=\"tab\" id=\"\(id)-\(role)-tab\" aria-controls=\"\(id)-\(role)\" "
                + "aria-selected=\"\(n == 0)\" tabindex=\"\(n == 0 ? 0 : -1)\" data-tab=\"\(role)\">\(role)</button>"
        }
        html += "</div>\n<div class=\"zoom\" role=\"group\" aria-label=\"zoom\">zoom "
        for zoom in Set(Self.zoomLevels + [scale]).sorted() {
            html += "<button type=\"button\" data-zoom=\"\(zoom)\" aria-pressed=\"\(zoom == scale)\">\(zoom)×</button>"
        }
        html += "</div>\n</div>\n<div class=\"views\">\n<div class=\"stage\">\n"
        for (n, (role, url, size)) in images.enumerated() {
            html += "<div class=\"panel\" role=\"tabpanel\" id=\"\(id)-\(role)\" aria-labelledby=\"\(id)-\(role)-tab\""
                + (n == 0 ? "" : " hidden") + "><a href=\"\(link(url, from: directory))\">"
                + image(url, role, size, role) + "</a></div>\n"
        }
        html += "</div>\n<figure class=\"slider\">\n<div class=\"stage\"><div class=\"overlay\">"
            + image(actual, "actual", result.actualSize, "under")
            + image(expected, "expected", result.expectedSize, "over") + "</div></div>\n"
            + "<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" "
            + "aria-label=\"reveal expected or actual of \(escape(title))\">\n"
            + "<figcaption>expected left of the line, actual right of it: drag to reveal one or the other"
            + "</figcaption>\n</figure>\n</div>\n</div>\n"
        return html
    }

    /// The frame rendered now, when its golden cannot be read: there is nothing to compare it with.
    private func actualImage(_ frame: GoldenFrameReport, title: String, linkingFrom directory: URL) -> String {
        guard case .unreadable(_, _, let actual) = frame.outcome else { return "" }
        return "<figure class=\"actual-only\"><a href=\"\(link(actual, from: directory))\">"
            + "<img class=\"actual\" src=\"\(link(actual, from: directory))\" alt=\"actual of \(escape(title))\"></a>"
            + "<figcaption>actual: the frame rendered now</figcaption></figure>\n"
    }

    /// The thumbnails of the actual frames around a failed one, itself marked.
    private func filmstrip(_ frame: GoldenFrameReport, of scene: GoldenSceneReport, linkingFrom directory: URL) -> String {
        guard let first = frame.filmstrip.first, let last = frame.filmstrip.last else { return "" }
        var html = "<figure class=\"filmstrip\">\n<ol>\n"
        for thumbnail in frame.filmstrip {
            let current = thumbnail.index == frame.index ? " aria-current=\"true\"" : ""
            let time = scene.timeLabel(ofFrame: thumbnail.index).map { "<br>" + escape($0) } ?? ""
            html += "<li data-frame=\"\(thumbnail.index)\"\(current)><a href=\"\(link(thumbnail.url, from: directory))\">"
                + "<img class=\"thumb\" src=\"\(link(thumbnail.url, from: directory))\" "
                + "alt=\"actual frame \(thumbnail.index) of \(escape(scene.scene))\"></a>"
                + "<span>frame \(thumbnail.index)\(time)</span></li>\n"
        }
        return html + "</ol>\n<figcaption>the actual frames \(first.index)–\(last.index) around frame \(frame.index)"
            + "</figcaption>\n</figure>\n"
    }

    private func countsTable(_ result: ComparisonResult, tolerance: GoldenTolerance) -> String {
        let rows: [(String, String)]
        if result.sizeMismatch {
            rows = [("size", "expected \(result.expectedSize), actual \(result.actualSize): no pixel compared")]
        } else {
            rows = [
                ("differing pixels", "\(result.pixelsDiffering(byMoreThan: tolerance.perChannel)) "
                    + "of \(result.expectedSize.width * result.expectedSize.height)"),
                ("allowed pixels", "\(tolerance.allowedPixels)"),
                ("per-channel tolerance", "\(tolerance.perChannel) (a pixel differs when a channel differs by more)"),
                ("largest channel difference", "\(result.maxChannelDifference)"),
                ("size", "\(result.expectedSize)"),
            ]
        }
        return "<table class=\"counts\">\n"
            + rows.map { "<tr><th>\($0.0)</th><td>\(escape($0.1))</td></tr>\n" }.joined() + "</table>\n"
    }

    /// Frames recorded as new baselines or missing their golden, as the terminal lists them.
    private func notComparedSection() -> String {
        let items = scenes.flatMap { scene in
            scene.frames.compactMap { frame -> (status: String, line: String)? in
                switch frame.outcome {
                case .recorded, .missing: (Self.status(of: frame.outcome), scene.summaryLine(frame))
                case .matched, .matchedWithinTolerance, .failed, .unreadable: nil
                }
            }
        }
        guard !items.isEmpty else { return "" }
        let statuses = Self.statuses.filter { status in items.contains { $0.status == status } }
        return "<section class=\"not-compared\" data-status=\"\(statuses.joined(separator: " "))\">\n"
            + "<h2>Recorded or missing</h2>\n<ul>\n"
            + items.map { "<li data-status=\"\($0.status)\">\(escape($0.line))</li>\n" }.joined() + "</ul>\n</section>\n"
    }

    private func unusedSection() -> String {
        guard subject == .scenes else { return "" }
        var html = "<h2>Unused goldens</h2>\n"
        guard unused.lookedFor else {
            return html + "<p class=\"note\">Not looked for: no scene with golden frames was found, "
                + "so every golden would look unused.</p>\n"
        }
        if unused.isEmpty {
            html += "<p>None.</p>\n"
        } else {
            html += "<p>No scene compares against these: delete them, or list their frames under a scene's "
                + "<code>golden: frames</code>.</p>\n<ul class=\"unused\">\n"
            for folder in unused.folders {
                html += "<li><code>\(escape(displayPath(folder)))/</code>: no scene lists golden frames for it</li>\n"
            }
            for file in unused.files {
                html += "<li><code>\(escape(displayPath(file)))</code></li>\n"
            }
            html += "</ul>\n"
        }
        if !unused.foldersLookedFor {
            html += "<p class=\"note\">Only the folders of the scenes checked were looked at; "
                + "<code>flipbook check</code> without arguments also finds folders that belong to no scene.</p>\n"
        }
        return html
    }

    private func scenesSection(linkingFrom directory: URL) -> String {
        guard !scenes.isEmpty else { return "" }
        let noun = subject.noun
        var html = "<h2>\(noun.prefix(1).uppercased() + noun.dropFirst())s</h2>\n<table class=\"scenes\">\n"
            + "<tr><th>\(noun)</th><th>frames</th><th>threshold</th><th>result</th>"
            + (subject == .scenes ? "<th>file</th>" : "") + "</tr>\n"
        for scene in scenes {
            let frames = scene.frames.map { String($0.index) }.joined(separator: ", ")
            let threshold = "\(scene.tolerance.perChannel) per channel, \(scene.tolerance.allowedPixels) pixels"
            var result = escape(Self.result(of: scene))
            if let failed = scene.frames.first(where: { Self.status(of: $0.outcome) == "failed" }) {
                result = "<a href=\"#\(anchor(scene.scene, failed.index))\">\(result)</a>"
            }
            let file = scene.file.map { URL(fileURLWithPath: $0) }.map {
                "<a href=\"\(relativeLink($0, from: directory))\">\(escape(displayPath($0)))</a>"
            } ?? ""
            html += "<tr class=\"\(scene.passed ? "passed" : "failed")\" data-status=\"\(Self.statuses(of: scene))\">"
                + "<td>\(escape(scene.scene))</td><td>\(frames)</td><td>\(threshold)</td><td>\(result)</td>"
                + (subject == .scenes ? "<td>\(file)</td>" : "") + "</tr>\n"
        }
        return html + "</table>\n"
    }

    /// `passed`, or `2 failed, 1 recorded`.
    private static func result(of scene: GoldenSceneReport) -> String {
        let counts = OutcomeCounts(scene.frames.map(\.outcome))
        let parts = [(counts.failed, "failed"), (counts.missing, "missing"), (counts.recorded, "recorded")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "passed" : parts.joined(separator: ", ")
    }

    /// `failed`, `passed`, `recorded` or `missing`: what the filter calls a frame.
    static func status(of outcome: GoldenFrameOutcome) -> String {
        switch outcome {
        case .matched, .matchedWithinTolerance: "passed"
        case .failed, .unreadable: "failed"
        case .recorded: "recorded"
        case .missing: "missing"
        }
    }

    /// The statuses of a scene's frames, space-separated for `data-status`: a scene shows
    /// under each status one of its frames has.
    private static func statuses(of scene: GoldenSceneReport) -> String {
        let present = Set(scene.frames.map { status(of: $0.outcome) })
        return statuses.filter(present.contains).joined(separator: " ")
    }

    private static func head(passed: Bool) -> String {
        let filterRules = statuses.map {
            "body[data-filter=\"\($0)\"] [data-status]:not([data-status~=\"\($0)\"]) { display: none; }"
        }.joined(separator: "\n")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Golden report: \(passed ? "passed" : "FAILED")</title>
            <style>
            body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 110em; }
            .headline { font-size: 1.2em; padding: 0.5em 1em; background: \(passed ? "#e3f4e1" : "#fbe3e4"); }
            .note { background: #fff4d6; padding: 0.5em 1em; }
            .failure { border-top: 1px solid #ccc; margin-top: 2em; }
            .time { color: #0a4f9e; }
            table { border-collapse: collapse; margin: 1em 0; }
            th, td { text-align: left; padding: 0.2em 1em 0.2em 0; vertical-align: top; }
            .scenes tr.failed td { color: #a4262c; font-weight: bold; }
            .command { background: #f0f0f0; padding: 0.2em 0.5em; border-radius: 3px; user-select: all; }
            button { font: inherit; cursor: pointer; }
            :focus-visible { outline: 2px solid #0a66d8; outline-offset: 1px; }
            .filter { display: flex; flex-wrap: wrap; gap: 0.3em 1.5em; border: 1px solid #ccc; margin: 1em 0; }
            .filter .count { color: #666; }
            .controls { display: flex; flex-wrap: wrap; gap: 0.5em 2em; align-items: end; margin: 1em 0 0.5em; }
            [role="tab"] { padding: 0.3em 1em; border: 1px solid #bbb; background: #f3f3f3; border-radius: 4px 4px 0 0; }
            [role="tab"][aria-selected="true"] { background: #fff; border-color: #444; font-weight: bold; }
            .zoom button { padding: 0.2em 0.6em; border: 1px solid #bbb; background: #f3f3f3; }
            .zoom button[aria-pressed="true"] { background: #333; color: #fff; border-color: #333; }
            .views { display: flex; flex-wrap: wrap; gap: 1em 2em; align-items: start; }
            .stage { overflow: auto; max-width: min(100%, 48vw); max-height: 75vh; padding: 1px; }
            figure { margin: 0 0 1em; }
            figcaption { font-size: 0.9em; color: #555; }
            img { max-width: 100%; height: auto; image-rendering: pixelated; display: block; outline: 1px solid #ccc;
                  background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
            .stage img { max-width: none; }
            .overlay { display: grid; justify-items: start; }
            .overlay img { grid-area: 1 / 1; }
            .overlay .over { clip-path: inset(0 calc(100% - var(--reveal, 50%)) 0 0); }
            .slider input { width: 20em; }
            .filmstrip ol { display: flex; flex-wrap: wrap; gap: 0.8em; list-style: none; padding: 0; margin: 0.5em 0; }
            .filmstrip li { font-size: 0.85em; color: #555; padding: 4px; border: 2px solid transparent; }
            .filmstrip li[aria-current="true"] { border-color: #a4262c; color: #a4262c; font-weight: bold; }
            .filmstrip img { height: 96px; width: auto; max-width: none; }
            \(filterRules)
            </style>
            </head>
            <body>

            """
    }

    /// Drives the tabs (click, arrow keys, Home and End), the zoom buttons, the sliders,
    /// the copy buttons and the filter, keeping their state in the DOM (`data-tab`,
    /// `data-zoom`, `aria-selected`, `aria-pressed`, `data-copied`, `body[data-filter]`).
    /// It marks each image `data-visible="yes"` while it has loaded and is shown with a
    /// size (`"no"` otherwise), again after each change: for the reader, a broken image is
    /// plain to see; for the headless-browser test, plain to find.
    private static let script = """
        <script>
        const mark = img => {
          const box = img.getBoundingClientRect();
          const shown = img.naturalWidth > 0 && box.width > 0 && box.height > 0 && img.checkVisibility();
          img.dataset.visible = shown ? "yes" : "no";
        };
        const markAll = () => { for (const img of document.images) if (img.complete) mark(img); };
        for (const img of document.images) {
          if (img.complete) mark(img);
          else { img.addEventListener("load", () => mark(img)); img.addEventListener("error", () => mark(img)); }
        }
        for (const viewer of document.querySelectorAll(".viewer")) {
          const tabs = [...viewer.querySelectorAll('[role="tab"]')];
          const select = (tab, focus) => {
            for (const other of tabs) {
              const selected = other === tab;
              other.setAttribute("aria-selected", selected);
              other.tabIndex = selected ? 0 : -1;
              document.getElementById(other.getAttribute("aria-controls")).hidden = !selected;
            }
            viewer.dataset.tab = tab.dataset.tab;
            if (focus) tab.focus();
            markAll();
          };
          for (const tab of tabs) {
            tab.addEventListener("click", () => select(tab, false));
            tab.addEventListener("keydown", event => {
              const i = tabs.indexOf(tab);
              const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
              if (next === undefined) return;
              event.preventDefault();
              select(tabs[(next + tabs.length) % tabs.length], true);
            });
          }
          const zooms = [...viewer.querySelectorAll(".zoom button")];
          for (const button of zooms) {
            button.addEventListener("click", () => {
              const zoom = Number(button.dataset.zoom);
              for (const other of zooms) other.setAttribute("aria-pressed", other === button);
              for (const img of viewer.querySelectorAll("img")) {
                img.width = img.dataset.width * zoom;
                img.height = img.dataset.height * zoom;
              }
              viewer.dataset.zoom = zoom;
              markAll();
            });
          }
        }
        for (const slider of document.querySelectorAll(".slider")) {
          const input = slider.querySelector("input");
          const reveal = () => slider.style.setProperty("--reveal", input.value + "%");
          input.addEventListener("input", reveal);
          reveal();
        }
        for (const button of document.querySelectorAll("button.copy")) {
          button.addEventListener("click", async () => {
            const command = document.getElementById(button.getAttribute("aria-controls"));
            const range = document.createRange();
            range.selectNodeContents(command);
            getSelection().removeAllRanges();
            getSelection().addRange(range);
            let copied = false;
            try { await navigator.clipboard.writeText(command.textContent); copied = true; }
            catch { try { copied = document.execCommand("copy"); } catch {} }
            button.dataset.copied = copied ? "yes" : "no";
            button.textContent = copied ? "Copied" : "Selected: press Ctrl+C";
          });
        }
        const filter = document.querySelector(".filter");
        if (filter) {
          const apply = () => {
            document.body.dataset.filter = filter.querySelector("input:checked").value;
            markAll();
          };
          filter.addEventListener("change", apply);
          apply();
        }
        </script>

        """
}

/// The `id` of a failed frame's section: `fade-frame-30`, the scene name with anything
/// but letters, digits, `_` and `-` as `-`.
func anchor(_ scene: String, _ index: Int) -> String {
    let name = String(scene.unicodeScalars.map { scalar -> Character in
        let safe = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_" || scalar == "-"
        return safe ? Character(scalar) : "-"
    })
    return "\(name)-frame-\(index)"
}

/// `word` as a POSIX shell word: as it is when it holds only safe characters, else in
/// single quotes (a quote inside as `'\''`).
func shellQuoted(_ word: String) -> String {
    let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
    if !word.isEmpty, word.unicodeScalars.allSatisfy(safe.contains) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// `text` as HTML text or attribute value: the XML escaping of the JUnit file, which
/// HTML reads the same.
private func escape(_ text: String) -> String {
    xml(text, inAttribute: false)
}

/// `url` as an attribute value: relative to `directory` when inside it (so the folder can
/// be moved whole), else an absolute `file:` URL.
private func link(_ url: URL, from directory: URL) -> String {
    guard let relative = relativePath(of: url, inside: directory) else {
        return escape(url.standardizedFileURL.absoluteString)
    }
    return escape(relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative)
}

/// `url` as an attribute value relative to `directory` even when outside it, with `..`
/// steps, so that a report beside its project links the project's files wherever both
/// are; an absolute `file:` URL when the two share no folder but the root.
private func relativeLink(_ url: URL, from directory: URL) -> String {
    let target = url.standardizedFileURL.pathComponents, base = directory.standardizedFileURL.pathComponents
    var shared = 0
    while shared < min(target.count, base.count), target[shared] == base[shared] { shared += 1 }
    guard shared > 1 else { return escape(url.standardizedFileURL.absoluteString) }
    let relative = (Array(repeating: "..", count: base.count - shared) + target[shared...]).joined(separator: "/")
    return escape(relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative)
}
