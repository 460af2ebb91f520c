/// The preview's one page, its style and (in PreviewPage+Script.swift) its script: plain
/// HTML, CSS and JavaScript, served from memory so the server reads no file but the scene's.
///
/// The page keeps its state in attributes a test can read from the DOM: on `<body>`,
/// `data-state` (loading, ready, error), `data-version`, `data-frame` (the playhead) and
/// `data-shown` (`N@V`: frame N of version V is on screen), `data-probed` (`ID@N`),
/// `data-loop` (`A-B` while a range loops) and `data-curves` (the curves plotted, `;` between);
/// `?frame=N&layer=ID&zoom=Z&loop=A-B&tab=curves` in the URL opens it so.
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
            <pre id="warnings" class="warnings" hidden></pre>
            <div class="controls">
              <button id="play" type="button" title="Play or pause (space)">Play</button>
              <button id="back" type="button" title="Previous frame (←)">◀ 1</button>
              <button id="forward" type="button" title="Next frame (→)">1 ▶</button>
              <input id="scrub" type="range" min="0" max="0" value="0" aria-label="frame">
              <label>t = <input id="time" type="number" min="0" step="any" title="Jump to a time, in seconds"> s</label>
              <label>Zoom <select id="zoom" title="How big the picture shows (the frames are the same)">
                <option value="fit">fit</option><option value="0.5">50%</option><option value="1">100%</option>
                <option value="2">200%</option><option value="4">400%</option></select></label>
            </div>
            <div class="controls loop">
              <label><input id="loop" type="checkbox"> Loop frames</label>
              <input id="loop-start" type="number" min="0" value="0" aria-label="first frame of the loop">
              <button id="set-start" type="button" title="The loop starts at the playhead (I)">In</button>
              to <input id="loop-end" type="number" min="0" value="0" aria-label="last frame of the loop">
              <button id="set-end" type="button" title="The loop ends at the playhead (O)">Out</button>
            </div>
            <div class="timeline" id="timeline">
              <div id="range" class="range" hidden></div>
              <div id="playhead" class="playhead"></div>
              <div class="marks" id="marks" aria-label="timeline entries (above) and events (below)"></div>
              <div id="lanes" class="lanes" aria-label="each animation's active interval, by layer"></div>
            </div>
            <div class="command"><code id="command"></code><button id="copy" type="button">Copy</button></div>
            <div class="command"><code id="range-command"></code><button id="copy-range" type="button">Copy</button></div>
            <div class="renders" id="renders"></div>
          </section>
          <aside>
            <nav class="tabs"><button id="tab-inspect" type="button" aria-pressed="true">Inspect</button><button
              id="tab-curves" type="button" aria-pressed="false">Curves</button></nav>
            <div id="inspect-panel">
              <h2>Layers</h2>
              <ul id="tree" class="tree"></ul>
              <h2>Probe <span id="probe-layer"></span></h2>
              <table id="probe"></table>
              <h2>Events</h2>
              <ol id="events" class="events"></ol>
            </div>
            <div id="curves-panel" hidden>
              <h2>The scene's curves</h2>
              <ul id="scene-curves" class="curves"></ul>
              <h2>More curves <small>(one a line, as <code>flipbook curves</code> reads them)</small></h2>
              <textarea id="curve-input" rows="3" spellcheck="false"></textarea>
              <pre id="curves-error" class="curves-error" hidden></pre>
              <img id="curves-plot" alt="the curves, value over time">
            </div>
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
        .warnings { margin: 0.4em 0 0; color: #8a5a00; font: 12px ui-monospace, monospace; white-space: pre-wrap; }
        .controls { display: flex; gap: 0.5em; align-items: center; margin-top: 0.5em; }
        .controls input { flex: 1; }
        .controls input[type=number] { width: 5em; flex: none; }
        .timeline { position: relative; margin: 0.2em 0; }
        .range { position: absolute; top: 0; bottom: 0; background: #08f2; pointer-events: none; }
        .playhead { position: absolute; top: 0; bottom: 0; width: 1px; background: #e22; pointer-events: none; z-index: 1; }
        .marks { position: relative; height: 2.2em; border-top: 1px solid #8884; }
        .lanes { font-size: 11px; }
        .lane { position: relative; height: 1.5em; border-top: 1px dotted #8884; }
        .lane .label { position: absolute; left: 2px; top: 0.15em; opacity: 0.7; pointer-events: none; z-index: 1; }
        .interval { position: absolute; top: 0.2em; height: 1.1em; padding: 0; border: 0; border-radius: 3px;
          background: #2a4; opacity: 0.55; cursor: pointer; min-width: 3px; }
        .interval.unfinished { background: #c44; }
        .interval.open { border-right: 2px dashed #fff; }
        .interval-end { position: absolute; top: 0.2em; width: 5px; height: 1.1em; padding: 0; margin-left: -5px;
          border: 0; background: #161; cursor: pointer; }
        .renders { display: flex; gap: 1em; align-items: center; margin-top: 0.5em; flex-wrap: wrap; }
        .renders .status { font-size: 0.9em; }
        .tabs button { font: inherit; padding: 0.2em 0.8em; }
        .tabs button[aria-pressed="true"] { background: #08f; color: #fff; border: 1px solid #08f; }
        .curves { font: 12px ui-monospace, monospace; padding-left: 1.2em; }
        #curve-input { width: 100%; box-sizing: border-box; font: 12px ui-monospace, monospace; }
        .curves-error { color: #c00; white-space: pre-wrap; font: 12px ui-monospace, monospace; }
        #curves-plot { display: block; max-width: 100%; margin-top: 0.5em; }
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
