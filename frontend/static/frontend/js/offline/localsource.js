// The match source of a match kept on this phone: the engine worker referees it (the same
// engine as the server's), so the table gets the same views and the same refusals as from the
// API, with no network. See matchsource.js for the shape both sources share.
import { offlineStatus } from "./files.js";
import { refusalSentence } from "./refusals.js";

// Refused by the engine in the worker: its stable code, and the sentence built from its facts.
class Refused extends Error {
  constructor({ code, params }) {
    super(refusalSentence(code, params));
    this.code = code;
    this.body = {};
  }
}

let worker = null;
let asks = 0;
const waiting = new Map();
const listeners = new Set();

async function engineWorker() {
  if (worker) return worker;
  const status = await offlineStatus();
  if (!status.ready) throw new Refused({ code: "offline_not_ready", params: {} });
  worker = new Worker(status.worker, { type: "module" });
  worker.onmessage = ({ data }) => {
    if (data.answer !== undefined) {
      const { resolve, reject } = waiting.get(data.answer);
      waiting.delete(data.answer);
      if (data.error) reject(new Refused(data.error));
      else resolve(data.view);
    } else {
      for (const listener of [...listeners]) listener(data);
    }
  };
  return worker;
}

async function ask(op, args = {}) {
  const engine = await engineWorker();
  const ticket = ++asks;
  return new Promise((resolve, reject) => {
    waiting.set(ticket, { resolve, reject });
    engine.postMessage({ ask: ticket, op, ...args });
  });
}

// Starts the worker loading Pyodide and the engine (seconds on a slow phone) while the
// player is still choosing; nothing else happens.
export function prepareEngine() {
  ask("load").catch(() => {});
}

// A new match against bots of ``levels`` (three of "easy", "normal", "hard") under ``rules``
// ({preset: "standard"}, or a whole ruleset), 5 hands; resolves to its first view once dealt
// and saved.
export function startLocalMatch({ rules, levels, player }) {
  return ask("start", { rules, levels, player });
}

export function localSource(id) {
  const act = (action, seq) => ask("act", { id, action, seq });
  return {
    id,
    load: () => ask("open", { id }),
    call: (call, seq) => act({ type: "call", call }, seq),
    play: (card, seq) => act({ type: "play", card }, seq),
    redeal: (seq) => act({ type: "redeal" }, seq),
    finish: (seq) => act({ type: "finish" }, seq),
    back: () => ask("open", { id }), // nobody else plays for the player here
    async rematch() {
      const view = await ask("open", { id });
      const next = await startLocalMatch({ rules: view.rules,
        levels: view.seats.slice(1).map((s) => s.level), player: view.seats[0].name });
      return `/offline/${next.id}`;
    },
    // The bots' moves arrive from the worker one by one.
    follow({ enqueue, refresh }) {
      const listener = (message) => {
        if (message.push === "view" && message.view.id === id) enqueue(message.view);
        else if (message.push === "failed") refresh();
      };
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    extras: () => () => {},
    // A finished match goes to the player's history as soon as there is a network.
    finished: () => import("./sync.js").then(({ syncOfflineMatches }) => syncOfflineMatches()),
  };
}
