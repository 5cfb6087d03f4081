// The engine worker: the server's own games/engine, run by Pyodide, referees a match against
// bots on this phone (games/offline_referee.py on top of the engine). Served at
// /offline/worker.js by frontend.offline_views, which fills in the URLs of what it loads.
//
// The page asks ({ask, op, ...}) and gets one answer ({answer: ask, view} or {answer: ask,
// error: {code, params}}); the bots' moves that follow come one by one as {push: "view",
// view, seat, ms}. Every step is written to IndexedDB before its view goes out, so a reload finds the
// match exactly where the player saw it.

const FILES = "__FILES__";

const PYTHON = `
import json, sys
sys.path.insert(0, "/offline")
from games import offline_referee as referee
from games.engine import EngineError

def call(name, args):
    try:
        return json.dumps({"ok": getattr(referee, name)(**json.loads(args))})
    except EngineError as error:
        return json.dumps({"error": {"code": error.code, "params": error.params}})
`;

let engine = null;

// Pyodide and the bundle, loaded once for the worker's life.
function loadEngine() {
  engine ??= (async () => {
    const [{ loadPyodide }, bundle] = await Promise.all([
      import(FILES.pyodide),
      fetch(FILES.bundle).then((r) => r.arrayBuffer()),
    ]);
    const pyodide = await loadPyodide({ indexURL: FILES.index, lockFileURL: FILES.lock, stdLibURL: FILES.stdlib });
    pyodide.unpackArchive(bundle, "zip", { extractDir: "/offline" });
    const scope = pyodide.globals.get("dict")();
    pyodide.runPython(PYTHON, { globals: scope });
    const call = scope.get("call");
    return (name, args) => {
      const out = JSON.parse(call(name, JSON.stringify(args)));
      if (out.error) throw Object.assign(new Error(out.error.code), out.error);
      return out.ok;
    };
  })();
  return engine;
}

let store = null;
let current = null; // the open match's entry: {id, created_at, saved, view, upload}
let playing = false;

async function save(entry) {
  store ??= await import(FILES.store);
  await store.putMatch(entry);
}

// One step of the match: its saved document and view stored, then the view sent out.
async function step(referee, saved) {
  const view = referee("match_view", { saved });
  const finished = view.status === "finished";
  current = { ...current, saved, view, upload: finished ? referee("match_upload", { saved }) : null };
  await save(current);
  return view;
}

// The bots play until it is the player's turn again, one move at a time, each sent as it
// is made (the table shows them at its own pace).
async function botsPlay(referee) {
  if (playing) return;
  playing = true;
  try {
    for (;;) {
      const { id, view: before } = current;
      const began = performance.now();
      const saved = referee("bot_turn", { saved: current.saved });
      if (!saved || current.id !== id) break;
      const view = await step(referee, saved);
      // What the move cost here (thinking, Pyodide's calls, the save), for the benchmark.
      postMessage({ push: "view", view, seat: before.turn, ms: performance.now() - began });
      await new Promise((resolve) => setTimeout(resolve)); // let the page's messages in
    }
  } finally {
    playing = false;
  }
}

const OPS = {
  load: async () => null, // the engine only, loaded while the player chooses
  async start(referee, { rules, levels, player }) {
    const id = crypto.randomUUID();
    const created = new Date().toISOString();
    const saved = referee("match_start", { match_id: id, rules, levels, player, created_at: created });
    current = { id, created_at: created };
    return step(referee, saved);
  },
  async open(referee, { id }) {
    store ??= await import(FILES.store);
    const entry = await store.getMatch(id);
    if (!entry) throw Object.assign(new Error("not_found"), { code: "not_found", params: {} });
    current = entry;
    return entry.view;
  },
  async act(referee, { id, action, seq }) {
    if (!current || current.id !== id) await OPS.open(referee, { id });
    return step(referee, referee("match_act", { saved: current.saved, action, seq }));
  },
};

self.onmessage = async ({ data }) => {
  const { ask, op, ...args } = data;
  try {
    const referee = await loadEngine();
    const view = await OPS[op](referee, args);
    postMessage({ answer: ask, view });
    botsPlay(referee).catch((error) => postMessage({ push: "failed", message: String(error) }));
  } catch (error) {
    postMessage({ answer: ask, error: { code: error.code || "engine_failed", params: error.params || {}, message: String(error) } });
  }
};
