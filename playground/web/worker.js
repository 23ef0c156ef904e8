// worker.js: runs the bataille command, compiled to WebAssembly, on the
// page's battle folder. One command at a time; the page ends the worker to
// stop a command, and starts a new one.
importScripts("memfs.js", "wasm_exec.js");

const started = new Promise((resolve) => { globalThis.onBatailleReady = resolve; });
const go = new Go();
(async () => {
  try {
    let result;
    try {
      result = await WebAssembly.instantiateStreaming(fetch("bataille.wasm"), go.importObject);
    } catch (e) {
      // A static host that does not serve .wasm as application/wasm.
      const bytes = await (await fetch("bataille.wasm")).arrayBuffer();
      result = await WebAssembly.instantiate(bytes, go.importObject);
    }
    go.run(result.instance);
  } catch (e) {
    postMessage({ fatal: String(e) });
  }
})();

onmessage = async (ev) => {
  const { id, args, files, read, extra } = ev.data;
  await started;
  if (ev.data.bundled) {
    postMessage({ id, bundled: batailleBundled() });
    return;
  }
  memfs.reset();
  memfs.mkdirAll("/out");
  memfs.mkdirAll("/battle");
  for (const [name, text] of Object.entries(files || {})) memfs.writeFile("/battle/" + name, text);
  for (const [path, text] of Object.entries(extra || {})) memfs.writeFile(path, text);
  const t0 = performance.now();
  let res;
  try {
    res = await batailleRun(args);
  } catch (e) {
    res = { code: 2, stdout: "", stderr: String(e) };
  }
  const ms = performance.now() - t0;
  const out = {};
  for (const p of memfs.list("/out")) out[p] = memfs.readFile("/out/" + p);
  let written = null;
  if (read) {
    written = {};
    for (const p of memfs.list(read)) written[p] = memfs.readFile(read + "/" + p);
  }
  postMessage({ id, code: res.code, stdout: res.stdout, stderr: res.stderr, out, written, ms });
};
