import Foundation

/// The report as one self-contained HTML page: a headline, then each failed frame with
/// its counts and threshold, its expected, actual and diff images side by side and a
/// slider laying expected over actual; then frames recorded or missing, scenes that
/// could not be checked, unused goldens and a table of every scene checked.
extension GoldenReport {
    /// A frame narrower than this is shown magnified by the largest whole factor that
    /// keeps it within this width, its pixels kept sharp.
    static let smallFrameWidth = 256

    /// The page, with image links relative to `directory` (where index.html is written),
    /// so the folder can be moved or kept as a CI artifact.
    func html(linkingFrom directory: URL) -> String {
        var html = Self.head(passed: passed) + "<h1>Golden report</h1>\n"
            + "<p class=\"headline\">\(escape(headline))</p>\n"
        html += errorsSection()
        for scene in scenes {
            html += failuresSection(scene, linkingFrom: directory)
        }
        html += notComparedSection()
        html += unusedSection()
        html += scenesSection()
        return html + Self.script + "</body>\n</html>\n"
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
        for frame in scene.frames {
            guard case .failed(let result, let expected, let actual, let diff) = frame.outcome else { continue }
            let title = "\(scene.scene) frame \(frame.index)"
            let width = max(result.expectedSize.width, result.actualSize.width)
            let scale = max(1, Self.smallFrameWidth / max(1, width))
            func image(_ url: URL, _ caption: String, _ size: ComparisonResult.Size, _ role: String) -> String {
                "<img class=\"\(role)\" src=\"\(link(url, from: directory))\" alt=\"\(caption) of \(escape(title))\" "
                    + "width=\"\(size.width * scale)\" height=\"\(size.height * scale)\">"
            }
            let diffSize = ComparisonResult.Size(width: width,
                                                 height: max(result.expectedSize.height, result.actualSize.height))
            html += "<section class=\"failure\">\n<h2>\(escape(title))</h2>\n"
            if let note = scene.environmentMismatch {
                html += "<p class=\"note\">\(escape(note))</p>\n"
            }
            html += countsTable(result, tolerance: scene.tolerance)
            html += "<div class=\"side-by-side\">\n"
            for (url, caption, size) in [(expected, "expected", result.expectedSize),
                                         (actual, "actual", result.actualSize), (diff, "diff", diffSize)] {
                html += "<figure><a href=\"\(link(url, from: directory))\">\(image(url, caption, size, caption))</a>"
                    + "<figcaption>\(caption)</figcaption></figure>\n"
            }
            html += "</div>\n<figure class=\"slider\">\n<div class=\"overlay\">"
                + image(actual, "actual", result.actualSize, "under")
                + image(expected, "expected", result.expectedSize, "over") + "</div>\n"
                + "<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" "
                + "aria-label=\"reveal expected or actual of \(escape(title))\">\n"
                + "<figcaption>expected left of the line, actual right of it: drag to reveal one or the other"
                + "</figcaption>\n</figure>\n</section>\n"
        }
        return html
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
        let lines = scenes.flatMap { scene in
            scene.frames.compactMap { frame -> String? in
                switch frame.outcome {
                case .recorded, .missing: scene.summaryLine(frame)
                case .matched, .matchedWithinTolerance, .failed: nil
                }
            }
        }
        guard !lines.isEmpty else { return "" }
        return "<h2>Recorded or missing</h2>\n<ul>\n"
            + lines.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
    }

    private func unusedSection() -> String {
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

    private func scenesSection() -> String {
        guard !scenes.isEmpty else { return "" }
        var html = "<h2>Scenes</h2>\n<table class=\"scenes\">\n"
            + "<tr><th>scene</th><th>frames</th><th>threshold</th><th>result</th></tr>\n"
        for scene in scenes {
            let frames = scene.frames.map { String($0.index) }.joined(separator: ", ")
            let threshold = "\(scene.tolerance.perChannel) per channel, \(scene.tolerance.allowedPixels) pixels"
            html += "<tr class=\"\(scene.passed ? "passed" : "failed")\"><td>\(escape(scene.scene))</td>"
                + "<td>\(frames)</td><td>\(threshold)</td><td>\(escape(Self.result(of: scene)))</td></tr>\n"
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

    private static func head(passed: Bool) -> String {
        """
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
        table { border-collapse: collapse; margin: 1em 0; }
        th, td { text-align: left; padding: 0.2em 1em 0.2em 0; vertical-align: top; }
        .scenes tr.failed td { color: #a4262c; font-weight: bold; }
        .side-by-side { display: grid; grid-template-columns: repeat(3, minmax(0, max-content)); gap: 1em; }
        figure { margin: 0 0 1em; }
        figcaption { font-size: 0.9em; color: #555; }
        img { max-width: 100%; height: auto; image-rendering: pixelated; display: block; outline: 1px solid #ccc;
              background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .overlay { display: grid; justify-items: start; }
        .overlay img { grid-area: 1 / 1; }
        .overlay .over { clip-path: inset(0 calc(100% - var(--reveal, 50%)) 0 0); }
        .slider input { width: 20em; }
        </style>
        </head>
        <body>

        """
    }

    /// Drives the sliders, and marks each image `data-visible="yes"` once it has loaded
    /// and has a size on the page (`"no"` when it failed): for the reader, a broken image
    /// is plain to see; for the headless-browser test, plain to find.
    private static let script = """
        <script>
        for (const img of document.images) {
          const mark = () => {
            const box = img.getBoundingClientRect();
            const shown = img.naturalWidth > 0 && box.width > 0 && box.height > 0 && img.checkVisibility();
            img.dataset.visible = shown ? "yes" : "no";
          };
          if (img.complete) mark(); else { img.addEventListener("load", mark); img.addEventListener("error", mark); }
        }
        for (const slider of document.querySelectorAll(".slider")) {
          const input = slider.querySelector("input");
          const reveal = () => slider.style.setProperty("--reveal", input.value + "%");
          input.addEventListener("input", reveal);
          reveal();
        }
        </script>

        """
}

private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
        .replacingOccurrences(of: "\"", with: "&quot;")
}

/// `url` as an attribute value: relative to `directory` when inside it (so the folder can
/// be moved whole), else an absolute `file:` URL.
private func link(_ url: URL, from directory: URL) -> String {
    guard let relative = relativePath(of: url, inside: directory) else {
        return escape(url.standardizedFileURL.absoluteString)
    }
    return escape(relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative)
}
