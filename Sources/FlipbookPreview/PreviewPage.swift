/// The preview's one page, its style and (in PreviewPage+Script.swift) its script: plain
/// HTML, CSS and JavaScript, served from memory so the server reads no file but the scene's.
///
/// The page keeps its state in attributes a test can read from the DOM: on `<body>`,
/// `data-state` (loading, ready, error), `data-version`, `data-frame` (the playhead) and
/// `data-shown` (`N@V`: frame N of version V is on screen); `?frame=N&layer=ID` in the URL
/// opens it at frame N with layer ID selected.
enum PreviewPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>flipbook preview</title>
        <link rel="stylesheet" href="/preview.css">
        </head>
        <body data-state="loading">
        <header><h1 id="title">flipbook preview</h1><output id="readout" class="readout"></output></header>
        <main>
          <section class="viewer">
            <div class="picture" id="picture">
              <img id="frame" alt="the frame at the playhead">
              <div id="outline" class="outline" hidden></div>
              <pre id="error" class="error" role="alert" hidden></pre>
            </div>
            <div class="controls">
              <button id="play" type="button" title="Play or pause (space)">Play</button>
              <button id="back" type="button" title="Previous frame (←)">◀ 1</button>
              <button id="forward" type="button" title="Next frame (→)">1 ▶</button>
              <input id="scrub" type="range" min="0" max="0" value="0" aria-label="frame">
            </div>
            <div class="marks" id="marks" aria-label="timeline entries (above) and events (below)"></div>
            <div class="command"><code id="command"></code><button id="copy" type="button">Copy</button></div>
          </section>
          <aside>
            <h2>Layers</h2>
            <ul id="tree" class="tree"></ul>
            <h2>Probe <span id="probe-layer"></span></h2>
            <table id="probe"></table>
            <h2>Events</h2>
            <ol id="events" class="events"></ol>
          </aside>
        </main>
        <script src="/preview.js"></script>
        </body>
        </html>

        """

    static let style = """
        :root { color-scheme: light dark; font: 14px system-ui, sans-serif; }
        body { margin: 0; }
        header { display: flex; gap: 1em; align-items: baseline; padding: 0.5em 1em; border-bottom: 1px solid #8884; }
        h1 { font-size: 1.2em; margin: 0; }
        h2 { font-size: 1em; margin: 1em 0 0.3em; }
        main { display: flex; gap: 1.5em; padding: 1em; align-items: flex-start; }
        aside { min-width: 18em; max-width: 26em; }
        .picture { position: relative; display: inline-block; line-height: 0; outline: 1px solid #8888;
          background: repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .picture img { display: block; max-width: 70vw; height: auto; }
        .outline { position: absolute; box-sizing: border-box; border: 2px solid #ff2d92; outline: 1px solid #fff;
          pointer-events: none; }
        .error { position: absolute; left: 0; right: 0; bottom: 0; margin: 0; padding: 0.6em; line-height: 1.3;
          background: #700d; color: #fff; font: 13px ui-monospace, monospace; white-space: pre-wrap; }
        .controls { display: flex; gap: 0.5em; align-items: center; margin-top: 0.5em; }
        .controls input { flex: 1; }
        .marks { position: relative; height: 2.2em; margin: 0.2em 0; border-top: 1px solid #8884; }
        .mark { position: absolute; width: 9px; height: 0.9em; padding: 0; margin-left: -4px; border: 0;
          border-radius: 2px; cursor: pointer; }
        .mark.entry { top: 0.1em; background: #08f; }
        .mark.event { top: 1.1em; background: #e80; }
        .command { display: flex; gap: 0.5em; align-items: center; }
        .command code { flex: 1; padding: 0.3em 0.5em; background: #8882; user-select: all; }
        .tree, .tree ul { list-style: none; padding-left: 1em; margin: 0; }
        .tree button { font: inherit; background: none; border: 0; padding: 0.1em 0.3em; cursor: pointer; color: inherit; }
        .tree button[aria-pressed="true"] { background: #08f; color: #fff; border-radius: 3px; }
        .tree .class { opacity: 0.6; font-size: 0.9em; }
        #probe { border-collapse: collapse; font: 12px ui-monospace, monospace; }
        #probe td, #probe th { padding: 0.1em 0.5em; text-align: left; vertical-align: top; }
        #probe td + td { max-width: 14em; overflow-wrap: anywhere; }
        .events { padding-left: 1.5em; font-size: 0.9em; }
        .events button { font: inherit; background: none; border: 0; padding: 0; cursor: pointer; color: inherit; text-align: left; }

        """
}
