extension PreviewPage {
    /// The page's behaviour: the playhead (play at the scene's fps, over the whole scene or a
    /// loop range; step, scrub, jump to a mark), the zoom, the layer tree and the probe, the
    /// commands to copy, the background renders, the curves tab, and following the server's
    /// reloads.
    static let script = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        const params = new URLSearchParams(location.search);
        const view = { info: null, version: 0, frame: Number(params.get("frame")) || 0,
                       playing: false, selected: params.get("layer"), tree: [], timer: null, started: 0,
                       loop: null, rendering: new Set() };
        const loopParam = /^(\d+)-(\d+)$/.exec(params.get("loop") || "");
        if (params.get("zoom")) $("zoom").value = params.get("zoom");

        async function getJSON(url) {
          const response = await fetch(url, { cache: "no-store" });
          return response.json();
        }

        function showError(text) {
          $("error").textContent = text || "";
          $("error").hidden = !text;
          document.body.dataset.state = text ? "error" : "ready";
        }

        // The scene's latest good version: its sizes, marks, events; the playhead stays.
        async function loadInfo() {
          const info = await getJSON("/api/info");
          view.info = info;
          view.version = info.version;
          document.body.dataset.version = info.version;
          document.title = info.name + " · flipbook preview";
          $("title").textContent = info.file;
          $("scrub").max = info.frameCount - 1;
          $("loop-start").max = $("loop-end").max = info.frameCount - 1;
          if (view.loop === null) {
            view.loop = { on: false, start: 0, end: info.frameCount - 1 };
            if (loopParam) view.loop = { on: true, start: Number(loopParam[1]), end: Number(loopParam[2]) };
          }
          setLoop(view.loop.on, view.loop.start, view.loop.end);
          applyZoom();
          showMarks(info);
          showLanes(info.intervals);
          showEvents(info.events);
          showRenderButtons(info.formats);
          showError(info.error);
          $("warnings").textContent = info.warnings.join("\n");
          $("warnings").hidden = info.warnings.length === 0;
          if (!$("curve-input").dataset.touched) $("curve-input").value = info.extraCurves.join("\n");
          $("scene-curves").replaceChildren(...info.curves.map((curve) => {
            const item = document.createElement("li");
            item.textContent = curve;
            return item;
          }));
          plotCurves();
          show(view.frame);
        }

        // The picture's size on the page: fit (at most 70% of the window's width) or a zoom
        // of the canvas's size in points; the frames themselves do not change.
        function applyZoom() {
          const zoom = $("zoom").value, picture = $("frame");
          picture.style.maxWidth = zoom === "fit" ? "" : "none";
          picture.style.width = zoom === "fit" ? `${view.info.size[0]}px` : `${view.info.size[0] * Number(zoom)}px`;
          document.body.dataset.zoom = zoom;
          const selected = find(view.tree, (node) => node.id === view.selected);
          outline(selected ? selected.box : null);
        }
        $("zoom").addEventListener("change", applyZoom);

        // The loop range: frames start…end, played over and over while `on`.
        function setLoop(on, start, end) {
          const last = view.info.frameCount - 1;
          start = Math.max(0, Math.min(last, Math.round(start) || 0));
          end = Math.max(0, Math.min(last, Math.round(end) || 0));
          if (end < start) [start, end] = [end, start];
          view.loop = { on, start, end };
          $("loop").checked = on;
          $("loop-start").value = start;
          $("loop-end").value = end;
          const range = $("range"), frames = Math.max(1, last);
          range.hidden = !on;
          range.style.left = `${(start / frames) * 100}%`;
          range.style.width = `${((end - start) / frames) * 100}%`;
          $("range-command").textContent = `${view.info.command} --frames ${start}-${end}`;
          if (on) document.body.dataset.loop = `${start}-${end}`; else delete document.body.dataset.loop;
        }
        const readLoop = (on) => setLoop(on, Number($("loop-start").value), Number($("loop-end").value));
        $("loop").addEventListener("change", () => readLoop($("loop").checked));
        $("loop-start").addEventListener("change", () => readLoop(view.loop.on));
        $("loop-end").addEventListener("change", () => readLoop(view.loop.on));
        $("set-start").addEventListener("click", () => setLoop(true, view.frame, Math.max(view.frame, view.loop.end)));
        $("set-end").addEventListener("click", () => setLoop(true, Math.min(view.frame, view.loop.start), view.frame));

        // The frame after `frame` when playing: within the loop range while it loops.
        function nextFrame(frame) {
          const first = view.loop.on ? view.loop.start : 0;
          const last = view.loop.on ? view.loop.end : view.info.frameCount - 1;
          return frame + 1 > last || frame < first ? first : frame + 1;
        }

        function frameAt(t) { return Math.round(t * view.info.fps); }

        // Moves the playhead to `frame` and asks for its picture (and, when paused, its tree and probe).
        function show(frame) {
          const info = view.info;
          view.frame = Math.max(0, Math.min(info.frameCount - 1, frame));
          document.body.dataset.frame = view.frame;
          $("scrub").value = view.frame;
          if (document.activeElement !== $("time")) $("time").value = (view.frame / info.fps).toFixed(3);
          $("readout").textContent = `t = ${(view.frame / info.fps).toFixed(3)} s · frame ${view.frame} of ${info.frameCount - 1} · ${info.fps} fps`;
          $("command").textContent = `${info.command} --still ${view.frame}`;
          $("playhead").style.left = `${(view.frame / Math.max(1, info.frameCount - 1)) * 100}%`;
          view.started = performance.now();
          const source = `/api/frame/${view.frame}?v=${view.version}`;
          // The same picture again (a loop of one frame, play from where it stands) loads nothing.
          if ($("frame").getAttribute("src") === source && $("frame").complete) view.timer = setTimeout(shown, 0);
          else $("frame").src = source;
          if (!view.playing) loadTree();
        }

        $("frame").addEventListener("load", shown);

        // The picture at the playhead is on screen: say so, and go on when playing.
        function shown() {
          const frame = new URL($("frame").src).pathname.split("/").pop();
          document.body.dataset.shown = `${frame}@${view.version}`;
          if (!view.playing) return;
          const wait = Math.max(0, 1000 / view.info.fps - (performance.now() - view.started));
          view.timer = setTimeout(() => show(nextFrame(view.frame)), wait);
        }

        function setPlaying(playing) {
          view.playing = playing;
          clearTimeout(view.timer);
          $("play").textContent = playing ? "Pause" : "Play";
          $("play").setAttribute("aria-pressed", playing);
          show(view.frame);
        }

        $("play").addEventListener("click", () => setPlaying(!view.playing));
        $("back").addEventListener("click", () => { setPlaying(false); show(view.frame - 1); });
        $("forward").addEventListener("click", () => { setPlaying(false); show(view.frame + 1); });
        $("scrub").addEventListener("input", () => { if (view.playing) setPlaying(false); show(Number($("scrub").value)); });
        $("time").addEventListener("change", () => {
          const frame = frameAt(Number($("time").value));
          setPlaying(false);
          show(frame);
        });
        document.addEventListener("keydown", (event) => {
          const tag = event.target.tagName;
          if (tag === "TEXTAREA" || tag === "SELECT" || (tag === "INPUT" && !(event.target.type === "range" && event.key === " "))) return;
          if (event.key === " ") { setPlaying(!view.playing); event.preventDefault(); }
          else if (event.key === "ArrowLeft") { setPlaying(false); show(view.frame - 1); }
          else if (event.key === "ArrowRight") { setPlaying(false); show(view.frame + 1); }
          else if (event.key === "i") $("set-start").click();
          else if (event.key === "o") $("set-end").click();
        });

        // Copies a command: selects it (so Ctrl-C works without a clipboard API) and writes
        // it to the clipboard where the browser allows.
        function copier(button, code) {
          $(button).addEventListener("click", () => {
            getSelection().selectAllChildren($(code));
            document.body.dataset.copied = $(code).textContent;
            if (navigator.clipboard) navigator.clipboard.writeText($(code).textContent).then(() => { $(button).textContent = "Copied"; }, () => {});
          });
        }
        copier("copy", "command");
        copier("copy-range", "range-command");

        function describe(event) {
          const details = Object.entries(event).filter(([key]) => key !== "t" && key !== "event");
          return [event.event].concat(details.map(([key, value]) => `${key}: ${value}`)).join(", ");
        }

        function markButton(className, t, title) {
          const button = document.createElement("button");
          button.type = "button";
          button.className = "mark " + className;
          button.style.left = `${view.info.duration > 0 ? (t / view.info.duration) * 100 : 0}%`;
          button.title = `t = ${t} s: ${title}`;
          button.dataset.frame = frameAt(t);
          button.addEventListener("click", () => { setPlaying(false); show(frameAt(t)); });
          return button;
        }

        function showMarks(info) {
          const marks = info.timeline.map((entry) =>
            markButton("entry", entry.t, `line ${entry.line}: ${entry.do.join(", ")}`));
          marks.push(...info.events.map((event) => markButton("event", event.t, describe(event))));
          $("marks").replaceChildren(...marks);
        }

        // One lane per layer: each animation's interval from its start to its stop (open when
        // it had not stopped by the end); the bar jumps to the start, its end mark to the stop.
        function showLanes(intervals) {
          const duration = view.info.duration, at = (t) => `${duration > 0 ? (t / duration) * 100 : 0}%`;
          const layers = [...new Set(intervals.map((interval) => interval.layer))];
          $("lanes").replaceChildren(...layers.map((layer) => {
            const lane = document.createElement("div");
            lane.className = "lane";
            lane.dataset.layer = layer;
            const label = document.createElement("span");
            label.className = "label";
            label.textContent = layer;
            lane.append(label);
            for (const interval of intervals.filter((interval) => interval.layer === layer)) {
              const stop = interval.stop ?? duration;
              const bar = markButton("interval", interval.start,
                `${interval.key ?? "(no key)"} ${interval.curve}, ${interval.start} s to ${interval.stop === null ? "the end" : interval.stop + " s"}`);
              bar.className = "interval" + (interval.stop === null ? " open" : interval.finished ? "" : " unfinished");
              bar.dataset.key = interval.key ?? "";
              bar.style.width = `calc(${at(stop - interval.start)} + 1px)`;
              lane.append(bar);
              if (interval.stop !== null) {
                const end = markButton("interval-end", interval.stop, `${interval.key ?? "(no key)"} stops${interval.finished ? "" : ", not finished"}`);
                end.className = "interval-end";
                lane.append(end);
              }
            }
            return lane;
          }));
        }

        // The render buttons, and each render's progress as the server reports it.
        function showRenderButtons(formats) {
          if ($("renders").childElementCount) return;
          $("renders").replaceChildren(...formats.map((format) => {
            const box = document.createElement("span");
            box.innerHTML = `<button type="button" id="render-${format}">Render ${format}</button>
              <progress id="progress-${format}" value="0" max="1" hidden></progress>
              <span class="status" id="status-${format}"></span>`;
            box.querySelector("button").addEventListener("click", () => startRender(format));
            return box;
          }));
        }

        async function startRender(format) {
          $(`render-${format}`).disabled = true;
          const response = await fetch(`/api/render/${format}`, { method: "POST", headers: { "X-Flipbook-Preview": "1" } });
          const answer = await response.json();
          if (!response.ok) { $(`status-${format}`).textContent = answer.error; $(`render-${format}`).disabled = false; return; }
          showRender(answer);
        }

        function showRender(render) {
          const format = render.format, progress = $(`progress-${format}`);
          if (!progress) return;
          const running = render.state === "running";
          $(`render-${format}`).disabled = running;
          progress.hidden = !running;
          progress.max = Math.max(1, render.total);
          progress.value = render.done;
          $(`status-${format}`).textContent = running ? `${render.done} of ${render.total || "…"} frames`
            : render.state === "done" ? `wrote ${render.output}` + (render.message ? ` (${render.message})` : "")
            : `failed: ${render.message}`;
          $(`status-${format}`).dataset.state = render.state;
        }

        // The curves tab: the scene's own curves and the ones typed, plotted as `flipbook curves` draws them.
        function showTab(curves) {
          $("tab-inspect").setAttribute("aria-pressed", !curves);
          $("tab-curves").setAttribute("aria-pressed", curves);
          $("inspect-panel").hidden = curves;
          $("curves-panel").hidden = !curves;
        }
        $("tab-inspect").addEventListener("click", () => showTab(false));
        $("tab-curves").addEventListener("click", () => showTab(true));
        if (params.get("tab") === "curves") showTab(true);

        async function plotCurves() {
          const typed = $("curve-input").value.split("\n").map((line) => line.trim()).filter((line) => line);
          const curves = view.info.curves.concat(typed).join(";");
          const response = await fetch(`/api/curves?curves=${encodeURIComponent(curves)}`, { cache: "no-store" });
          if (!response.ok) {
            $("curves-error").textContent = (await response.json()).error;
            $("curves-error").hidden = false;
            return;
          }
          $("curves-error").hidden = true;
          const old = $("curves-plot").src;
          $("curves-plot").src = URL.createObjectURL(await response.blob());
          if (old.startsWith("blob:")) URL.revokeObjectURL(old);
          document.body.dataset.curves = curves;
        }
        let plotTimer = null;
        $("curve-input").addEventListener("input", () => {
          $("curve-input").dataset.touched = "1";
          clearTimeout(plotTimer);
          plotTimer = setTimeout(plotCurves, 200);
        });

        function showEvents(events) {
          $("events").replaceChildren(...events.map((event) => {
            const item = document.createElement("li");
            const button = document.createElement("button");
            button.type = "button";
            button.textContent = `${event.t.toFixed(3)} s ${describe(event)}`;
            button.addEventListener("click", () => { setPlaying(false); show(frameAt(event.t)); });
            item.append(button);
            return item;
          }));
        }

        // The layer tree at the playhead; clicking a layer (or the picture) selects it.
        async function loadTree() {
          const frame = view.frame, version = view.version;
          const tree = await getJSON(`/api/tree?frame=${frame}`);
          if (frame !== view.frame || version !== view.version) return;
          view.tree = tree;
          const list = (nodes) => nodes.map((node) => {
            const item = document.createElement("li");
            const button = document.createElement("button");
            button.type = "button";
            button.dataset.id = node.id ?? "";
            button.setAttribute("aria-pressed", node.id !== null && node.id === view.selected);
            button.innerHTML = `<span class="name"></span> <span class="class"></span>`;
            button.querySelector(".name").textContent = node.id ?? "(unnamed)";
            button.querySelector(".class").textContent = node.view ? `${node.view} · ${node.class}` : node.class;
            button.addEventListener("click", () => select(node));
            item.append(button);
            if (node.children.length) {
              const children = document.createElement("ul");
              children.append(...list(node.children));
              item.append(children);
            }
            return item;
          });
          $("tree").replaceChildren(...list(tree));
          const selected = find(tree, (node) => node.id === view.selected);
          if (selected) select(selected); else outline(null);
        }

        function find(nodes, test) {
          for (const node of nodes) {
            if (test(node)) return node;
            const found = find(node.children, test);
            if (found) return found;
          }
          return null;
        }

        function outline(box) {
          const picture = $("frame"), mark = $("outline");
          mark.hidden = !box;
          if (!box) return;
          const zoom = picture.clientWidth / view.info.size[0];
          Object.assign(mark.style, { left: `${box[0] * zoom}px`, top: `${box[1] * zoom}px`,
                                      width: `${box[2] * zoom}px`, height: `${box[3] * zoom}px` });
        }

        async function select(node) {
          view.selected = node.id;
          for (const button of $("tree").querySelectorAll("button")) {
            button.setAttribute("aria-pressed", node.id !== null && button.dataset.id === node.id);
          }
          outline(node.box);
          $("probe-layer").textContent = node.id ?? "(unnamed: the probe needs an id)";
          if (node.id === null) { $("probe").replaceChildren(); return; }
          const probe = await getJSON(`/api/probe?layer=${encodeURIComponent(node.id)}&frame=${view.frame}`);
          const rows = [["", "presentation", "model"]].concat(Object.keys(probe.presentation ?? {}).map((key) =>
            [key, JSON.stringify(probe.presentation[key]), JSON.stringify(probe.model[key])]));
          $("probe").replaceChildren(...rows.map((cells, index) => {
            const row = document.createElement("tr");
            row.dataset.key = cells[0];
            row.append(...cells.map((text) => {
              const cell = document.createElement(index === 0 ? "th" : "td");
              cell.textContent = text;
              return cell;
            }));
            return row;
          }));
          document.body.dataset.probed = `${node.id}@${probe.frame}`;
        }

        // A click on the picture selects the topmost shown layer under it.
        $("picture").addEventListener("click", (event) => {
          if (!view.tree.length) return;
          const rect = $("frame").getBoundingClientRect(), zoom = rect.width / view.info.size[0];
          const x = (event.clientX - rect.left) / zoom, y = (event.clientY - rect.top) / zoom;
          let hit = null;
          const visit = (nodes) => nodes.forEach((node) => {
            if (node.hidden) return;
            const [left, top, width, height] = node.box;
            if (x >= left && x <= left + width && y >= top && y <= top + height) hit = node;
            visit(node.children);
          });
          visit(view.tree);
          if (hit) select(hit);
        });

        // Follows the server: a new version reloads the picture, a failed one shows its error over it.
        async function follow() {
          try {
            const state = await getJSON("/api/state");
            state.renders.forEach(showRender);
            if (state.version !== view.version) {
              if (state.error) { view.version = state.version; document.body.dataset.version = state.version; showError(state.error); }
              else await loadInfo();
            }
          } catch (error) {
            showError("the preview server stopped: " + error);
          }
          setTimeout(follow, 300);
        }

        loadInfo().then(follow);

        """#
}
