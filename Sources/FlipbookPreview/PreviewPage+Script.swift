extension PreviewPage {
    /// The page's behaviour: the playhead (play at the scene's fps, step, scrub, jump to a
    /// mark), the layer tree and the probe, and following the server's reloads.
    static let script = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        const params = new URLSearchParams(location.search);
        const view = { info: null, version: 0, frame: Number(params.get("frame")) || 0,
                       playing: false, selected: params.get("layer"), tree: [], timer: null, started: 0 };

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
          $("frame").width = info.size[0];
          $("frame").height = info.size[1];
          showMarks(info);
          showEvents(info.events);
          showError(info.error);
          show(view.frame);
        }

        function frameAt(t) { return Math.round(t * view.info.fps); }

        // Moves the playhead to `frame` and asks for its picture (and, when paused, its tree and probe).
        function show(frame) {
          const info = view.info;
          view.frame = Math.max(0, Math.min(info.frameCount - 1, frame));
          document.body.dataset.frame = view.frame;
          $("scrub").value = view.frame;
          $("readout").textContent = `t = ${(view.frame / info.fps).toFixed(3)} s · frame ${view.frame} of ${info.frameCount - 1} · ${info.fps} fps`;
          $("command").textContent = `${info.command} --still ${view.frame}`;
          view.started = performance.now();
          $("frame").src = `/api/frame/${view.frame}?v=${view.version}`;
          if (!view.playing) loadTree();
        }

        $("frame").addEventListener("load", () => {
          const shown = new URL($("frame").src).pathname.split("/").pop();
          document.body.dataset.shown = `${shown}@${view.version}`;
          if (!view.playing) return;
          const wait = Math.max(0, 1000 / view.info.fps - (performance.now() - view.started));
          view.timer = setTimeout(() => show(view.frame + 1 < view.info.frameCount ? view.frame + 1 : 0), wait);
        });

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
        document.addEventListener("keydown", (event) => {
          if (event.target.tagName === "INPUT" && event.key !== " ") return;
          if (event.key === " ") { setPlaying(!view.playing); event.preventDefault(); }
          else if (event.key === "ArrowLeft") { setPlaying(false); show(view.frame - 1); }
          else if (event.key === "ArrowRight") { setPlaying(false); show(view.frame + 1); }
        });
        $("copy").addEventListener("click", () => {
          getSelection().selectAllChildren($("command"));
          const text = $("command").textContent;
          if (navigator.clipboard) navigator.clipboard.writeText(text).then(() => { $("copy").textContent = "Copied"; }, () => {});
        });

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
