// app.js: the playground page. The bataille command runs in Web Workers,
// compiled to WebAssembly, on the battle folder the page holds; every
// button is a command line, with the same output as in a terminal.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  // The bounds `bataille check` holds a folder to (docs/safety.md).
  const MAX_FILES = 256, MAX_BYTES = 2 << 20;

  // ---- workers --------------------------------------------------------------

  // A Worker runs one command at a time; stop ends it and starts another,
  // so a hostile script or a long simulation cannot hang the page.
  class Runner {
    constructor(name) { this.name = name; this.start(); }
    start() {
      this.w = new Worker("worker.js");
      this.next = 1;
      this.waiting = new Map();
      this.w.onmessage = (ev) => {
        const m = ev.data;
        if (m.fatal) { setStatus("the engine did not load: " + m.fatal); return; }
        const done = this.waiting.get(m.id);
        if (done) { this.waiting.delete(m.id); done(m); }
      };
    }
    call(msg) {
      const id = this.next++;
      return new Promise((resolve) => {
        this.waiting.set(id, resolve);
        this.w.postMessage({ id, ...msg });
      });
    }
    run(args, extra) { return this.call({ args, files: state.files, ...(extra || {}) }); }
    stop() {
      this.w.terminate();
      for (const done of this.waiting.values()) done({ code: 130, stdout: "", stderr: "stopped", out: {} });
      this.start();
    }
  }
  const runner = new Runner("run"), checker = new Runner("check");
  // A simulation is spread over a worker per core, as a sweep is spread
  // over machines (--shard and --merge): the result is the same.
  const cores = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1));
  const helpers = [];
  function pool() {
    while (helpers.length < cores - 1) helpers.push(new Runner("sim" + helpers.length));
    return [runner, ...helpers];
  }

  // ---- state ----------------------------------------------------------------

  const state = { battle: "", files: {}, current: "", scenario: "", seed: 1, answers: [] };
  let bundled = {};
  let editors = {};
  let chartCommand = "chart";

  function setStatus(text) { $("status").textContent = text; }

  // ---- editors --------------------------------------------------------------

  // A plain text area where the bundled editor could not be built (no npm).
  function textareaEditor(parent, { doc, onChange }) {
    const ta = document.createElement("textarea");
    ta.spellcheck = false;
    ta.value = doc;
    ta.addEventListener("input", () => onChange(ta.value));
    parent.appendChild(ta);
    return {
      get: () => ta.value,
      set(text) { ta.value = text; },
      setDiagnostics() {},
      setCompletions() {},
      goTo(line) {
        const lines = ta.value.split("\n");
        let at = 0;
        for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
        ta.focus();
        ta.setSelectionRange(at, at);
      },
    };
  }

  function buildEditors() {
    const box = $("editor");
    box.innerHTML = "";
    editors = {};
    for (const name of Object.keys(state.files).sort()) {
      const div = document.createElement("div");
      div.className = "file-editor";
      div.dataset.file = name;
      div.style.height = "100%";
      box.appendChild(div);
      const make = window.BatailleEditor ? window.BatailleEditor.create : textareaEditor;
      editors[name] = make(div, { doc: state.files[name], onChange: (text) => { state.files[name] = text; scheduleCheck(); } });
    }
    if (!state.files[state.current]) state.current = Object.keys(state.files).sort()[0] || "";
    showFile(state.current);
  }

  function showFile(name) {
    state.current = name;
    for (const div of $("editor").children) div.hidden = div.dataset.file !== name;
    const nav = $("files");
    nav.innerHTML = "";
    for (const f of Object.keys(state.files).sort()) {
      const b = document.createElement("button");
      b.textContent = f;
      b.dataset.file = f;
      if (f === name) b.classList.add("current");
      b.onclick = () => showFile(f);
      nav.appendChild(b);
    }
  }

  // ---- checking as you type -------------------------------------------------

  let checkTimer = 0, checkSeq = 0;
  function scheduleCheck() {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, 300);
  }

  // The fixes the checker gives a diagnostic (check --json): each a title
  // and the span of text it replaces, for the editor to offer.
  function fixesOf(d) {
    return (d.fixes || []).map((f) => ({ label: f.title, from: f.range.start, to: f.range.end, text: f.newText }));
  }

  async function check() {
    const seq = ++checkSeq;
    const res = await checker.run(["check", "--json", "/battle"]);
    if (seq !== checkSeq) return; // a later keystroke's check is under way
    let list = [];
    try { list = JSON.parse(res.stdout || "[]"); } catch (e) { list = []; }
    if (!Array.isArray(list)) list = [];
    const byFile = {};
    for (const d of list) {
      const file = (d.pos && d.pos.file || "").split("/").pop();
      (byFile[file] = byFile[file] || []).push({ line: d.pos.line, col: d.pos.col, end: d.end, severity: d.severity, message: d.message, code: d.code, fixes: fixesOf(d) });
    }
    for (const [name, ed] of Object.entries(editors)) ed.setDiagnostics(byFile[name] || []);
    const ol = $("diagnostics");
    ol.innerHTML = "";
    for (const d of list) {
      const file = (d.pos && d.pos.file || "").split("/").pop();
      const li = document.createElement("li");
      li.className = d.severity;
      li.textContent = `${file}:${d.pos.line}:${d.pos.col}: ${d.severity}: ${d.message} [${d.code}]`;
      li.onclick = () => { if (editors[file]) { showFile(file); editors[file].goTo(d.pos.line, d.pos.col); } };
      ol.appendChild(li);
    }
    const errors = list.filter((d) => d.severity === "error").length;
    for (const b of $("files").children) b.classList.toggle("bad", !!(byFile[b.dataset.file] || []).find((d) => d.severity === "error"));
    if (list.length === 0 && res.code !== 0 && res.stderr) {
      const li = document.createElement("li");
      li.className = "error";
      li.textContent = res.stderr.trim();
      ol.appendChild(li);
    }
    setStatus(errors ? `${errors} error(s)` : list.length ? `${list.length} warning(s)` : "checks");
    if (!errors && res.code === 0) refreshNames();
  }

  // The scenarios, tables and names of the folder as it checks: for the
  // menus and for completion.
  async function refreshNames() {
    const sc = await checker.run(["scenarios", "/battle"]);
    const names = sc.stdout.split("\n").map((l) => l.trim().split(/\s+/)[0]).filter(Boolean);
    fillSelect($("scenario"), names, state.scenario);
    state.scenario = $("scenario").value;
    const words = [];
    for (const kind of ["tables", "params", "rules", "modifiers"]) {
      const r = await checker.run(["explain", "/battle", kind]);
      for (const line of r.stdout.split("\n").slice(1)) {
        const m = line.match(/^\s+(\S+)\s+(.*?)\s{2,}module/);
        if (m) words.push({ label: m[1], type: kind.replace(/s$/, ""), detail: m[2] });
      }
      if (kind === "tables") fillSelect($("table"), words.filter((w) => w.type === "table").map((w) => w.label), $("table").value);
    }
    for (const ed of Object.values(editors)) ed.setCompletions(words);
  }

  function fillSelect(sel, values, keep) {
    sel.innerHTML = "";
    for (const v of values) {
      const o = document.createElement("option");
      o.value = o.textContent = v;
      sel.appendChild(o);
    }
    if (values.includes(keep)) sel.value = keep;
  }

  // ---- commands -------------------------------------------------------------

  function show(kind, content, text) {
    $("frame").hidden = kind !== "frame";
    $("picture").hidden = kind !== "picture";
    $("playbox").hidden = kind !== "play";
    if (kind === "frame" || kind === "play") {
      if ($("frame").dataset.url) URL.revokeObjectURL($("frame").dataset.url);
      const url = URL.createObjectURL(new Blob([content.html], { type: "text/html" }));
      $("frame").dataset.url = url;
      $("frame").src = url + (content.step ? "#step=" + content.step : "");
      $("frame").hidden = false;
    }
    if (kind === "picture") $("picture").innerHTML = content;
    $("output").textContent = text;
  }

  function transcript(args, res) {
    let t = "$ bataille " + args.map((a) => (/[\s"]/.test(a) ? JSON.stringify(a) : a)).join(" ") + "\n";
    t += res.stdout;
    if (res.stderr) t += (res.stdout && !res.stdout.endsWith("\n") ? "\n" : "") + res.stderr;
    if (res.ms !== undefined) t += `\n(${(res.ms / 1000).toFixed(2)} s in this page)`;
    return t;
  }

  async function command(args) {
    $("stop").disabled = false;
    setStatus("running…");
    const res = await runner.run(args);
    $("stop").disabled = true;
    setStatus(res.code === 130 ? "stopped" : res.code === 0 ? "done" : `exit ${res.code}`);
    return res;
  }

  function scenarioArgs() {
    state.scenario = $("scenario").value;
    state.seed = parseInt($("seed").value, 10) || 0;
    return state.scenario ? ["/battle", state.scenario] : ["/battle"];
  }

  async function run() {
    const args = ["run", ...scenarioArgs(), "--seed", String(state.seed), "--html", "/out/replay.html"];
    const res = await command(args);
    if (res.out["replay.html"]) show("frame", { html: res.out["replay.html"] }, transcript(args, res));
    else show("text", null, transcript(args, res));
  }

  // Interactive play: every question the rules ask is put to the player; a
  // run replays the same seed with the answers so far and stops at the next
  // question, so stepping back is playing one answer fewer.
  async function play() {
    const args = ["run", ...scenarioArgs(), "--seed", String(state.seed), "--play", state.answers.map((a) => (a ? "yes" : "no")).join(","), "--json", "--html", "/out/replay.html"];
    const res = await command(args);
    const events = res.stdout.split("\n").filter(Boolean).map((l) => { try { return JSON.parse(l); } catch (e) { return null; } }).filter(Boolean);
    const last = events[events.length - 1];
    const asking = last && last.kind === "question";
    const steps = events.filter((e) => e.kind !== "ok" && e.kind !== "question").length;
    $("question").textContent = asking ? `The rules ask: ${last.text}` : res.code === 0 ? "The play is over." : "The play stopped: see below.";
    $("yes").disabled = $("no").disabled = !asking;
    $("back").disabled = state.answers.length === 0;
    $("played").textContent = state.answers.length ? "answered: " + state.answers.map((a) => (a ? "yes" : "no")).join(", ") : "";
    const text = events.filter((e) => e.kind !== "question").map((e) => e.text).join("\n") + (res.stderr ? "\n" + res.stderr : "");
    show("play", { html: res.out["replay.html"] || "", step: steps }, text);
  }

  async function simulate(exact) {
    const n = parseInt($("runs").value, 10) || 1000;
    const args = ["simulate", ...scenarioArgs(), "--svg", "/out/sim.svg"];
    if (exact) args.push("--exact");
    else args.push("-n", String(n), "--seed", String(state.seed));
    const workers = pool();
    if (exact || workers.length === 1 || n < 2 * workers.length) {
      const res = await command(args);
      show(res.out["sim.svg"] ? "picture" : "text", res.out["sim.svg"], transcript(args, res));
      return;
    }
    $("stop").disabled = false;
    setStatus(`simulating on ${workers.length} workers…`);
    const t0 = performance.now();
    const shards = await Promise.all(workers.map((w, i) =>
      w.run(["simulate", ...scenarioArgs(), "-n", String(n), "--seed", String(state.seed), "--shard", `${i + 1}/${workers.length}`, "--json"])));
    const bad = shards.find((r) => r.code !== 0);
    if (bad) {
      $("stop").disabled = true;
      setStatus(bad.code === 130 ? "stopped" : `exit ${bad.code}`);
      show("text", null, transcript(args, bad));
      return;
    }
    const extra = {}, files = [];
    shards.forEach((r, i) => { extra[`/shards/${i + 1}.json`] = r.stdout; files.push(`/shards/${i + 1}.json`); });
    const merged = await runner.call({ args: ["simulate", "--merge", ...files, "--svg", "/out/sim.svg"], files: state.files, extra });
    $("stop").disabled = true;
    setStatus(merged.code === 0 ? "done" : `exit ${merged.code}`);
    merged.ms = performance.now() - t0;
    const text = transcript(args, merged) + ` on ${workers.length} workers, merged as --shard and --merge do`;
    show(merged.out["sim.svg"] ? "picture" : "text", merged.out["sim.svg"], text);
  }

  async function map() {
    const args = ["map", ...scenarioArgs(), "-o", "/out/map.svg"];
    const res = await command(args);
    show(res.out["map.svg"] ? "picture" : "text", res.out["map.svg"], transcript(args, res));
  }

  async function chart() {
    const table = $("table").value;
    if (!table) return;
    let args = [chartCommand, "/battle", table, "--svg", "/out/chart.svg"];
    let res = await command(args);
    if (chartCommand === "chart" && res.code === 2 && /unknown command/.test(res.stderr)) {
      chartCommand = "odds";
      args = ["odds", "/battle", table, "--svg", "/out/chart.svg"];
      res = await command(args);
    }
    show(res.out["chart.svg"] ? "picture" : "text", res.out["chart.svg"], transcript(args, res));
  }

  // diff against the battle the folder extends (its header's extends).
  async function diff() {
    const head = Object.values(state.files).join("\n").match(/^\s*(?:game|module)\s+[\w-]+[^\n]*?\bextends\s+([\w-]+)/m);
    const base = head ? head[1] : "premier";
    const args = ["diff", base, "/battle"];
    const res = await command(args);
    show("text", null, transcript(args, res));
  }

  // ---- battles, sharing, zips -----------------------------------------------

  async function loadBattle(name) {
    if (name === "(new)") {
      const res = await runner.call({ args: ["new", "/work/mybattle"], files: {}, read: "/work/mybattle" });
      state.files = res.written || {};
    } else {
      state.files = { ...bundled[name] };
    }
    state.battle = name;
    state.answers = [];
    buildEditors();
    check();
  }

  async function share() {
    const packed = await BatailleZip.pack({ battle: state.battle, files: state.files, scenario: $("scenario").value, seed: state.seed, current: state.current });
    history.replaceState(null, "", "#s=" + packed);
    const link = location.href;
    try { await navigator.clipboard.writeText(link); setStatus("link copied"); } catch (e) { setStatus("link in the address bar"); }
    $("output").textContent = "This link holds the whole folder; opening it needs no server:\n" + link;
    return link;
  }

  async function fromLink() {
    const m = location.hash.match(/^#s=([A-Za-z0-9_-]+)$/);
    if (!m) return false;
    try {
      const s = await BatailleZip.unpack(m[1], MAX_BYTES);
      const files = {};
      let n = 0;
      for (const [k, v] of Object.entries(s.files || {})) {
        if (typeof v !== "string" || !/^[\w.-]+\.rules$/.test(k)) continue;
        if (++n > MAX_FILES) break;
        files[k] = v;
      }
      state.files = files;
      state.battle = s.battle || "shared";
      state.scenario = s.scenario || "";
      state.seed = s.seed || 1;
      state.current = s.current || "";
      $("seed").value = state.seed;
      return true;
    } catch (e) {
      $("output").textContent = "This link could not be read: " + e.message;
      return false;
    }
  }

  function exportZip() {
    const folder = (state.battle || "battle").replace(/[^\w-]/g, "_");
    const a = document.createElement("a");
    a.href = URL.createObjectURL(BatailleZip.write(folder, state.files));
    a.download = folder + ".zip";
    a.click();
  }

  async function importZip(file) {
    try {
      const files = await BatailleZip.read(await file.arrayBuffer(), MAX_FILES, MAX_BYTES);
      if (!Object.keys(files).length) throw new Error("the zip holds no .rules file");
      state.files = files;
      state.battle = file.name.replace(/\.zip$/, "");
      buildEditors();
      check();
    } catch (e) {
      $("output").textContent = "Import: " + e.message;
    }
  }

  // ---- start ----------------------------------------------------------------

  async function start() {
    const res = await runner.call({ bundled: true });
    bundled = res.bundled || {};
    const names = Object.keys(bundled).sort();
    fillSelect($("battle"), [...names, "(new)"], "");
    const linked = await fromLink();
    if (linked) {
      if (bundled[state.battle]) $("battle").value = state.battle;
      buildEditors();
      await check();
      if (state.scenario) $("scenario").value = state.scenario;
    } else {
      await loadBattle(names.includes("friedland") ? "friedland" : names[0]);
      $("battle").value = state.battle;
    }
    setStatus("ready");
    document.body.dataset.ready = "1";
    pool(); // the simulation's workers load while the user reads
  }

  $("battle").onchange = () => loadBattle($("battle").value);
  $("run").onclick = run;
  $("play").onclick = () => { state.answers = []; play(); };
  $("yes").onclick = () => { state.answers.push(true); play(); };
  $("no").onclick = () => { state.answers.push(false); play(); };
  $("back").onclick = () => { state.answers.pop(); play(); };
  $("simulate").onclick = () => simulate(false);
  $("exact").onclick = () => simulate(true);
  $("map").onclick = map;
  $("chart").onclick = chart;
  $("diff").onclick = diff;
  $("verify").onclick = async () => { const args = ["verify", ...scenarioArgs()]; show("text", null, transcript(args, await command(args))); };
  $("tests").onclick = async () => { const args = ["test", "/battle"]; show("text", null, transcript(args, await command(args))); };
  $("stop").onclick = () => { runner.stop(); for (const h of helpers) h.stop(); $("stop").disabled = true; setStatus("stopped"); };
  $("share").onclick = share;
  $("export").onclick = exportZip;
  $("import").onchange = (ev) => { if (ev.target.files[0]) importZip(ev.target.files[0]); };
  // warm resolves when every simulation worker has its engine loaded.
  const warm = () => Promise.all(pool().map((w) => w.call({ args: ["version"], files: {} })));
  window.playground = { state, share, check, warm, editors: () => editors };
  start();
})();
