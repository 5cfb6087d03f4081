// Where the table's views come from and where its actions go: the server (the API, with the
// socket for other players' moves) or, for a match kept on this phone, the engine worker
// (offline/localsource.js, loaded only for such a match). Both give views of one shape (the
// API's match view) and refuse with an error carrying a stable ``code`` and a sentence, so
// the table screen has one path for both.
//
// A source: ``id``; ``load()`` → view; ``call(n, seq)``, ``play(card, seq)``, ``redeal(seq)``,
// ``finish(seq)``, ``back()`` → the view after the player's action; ``rematch()`` → the path
// of the next match; ``follow({enqueue, refresh, newestSeq, view})`` → stop, delivering the
// views that follow; ``extras(root)`` → stop, what the table adds for this source (reactions);
// ``finished()`` when the match ends.
import { api } from "./api.js";
import { tableReactions } from "./reactions.js";

export function matchSource(route, ctx) {
  if (route.name === "offline-table") {
    return import("./offline/localsource.js").then(({ localSource }) => localSource(route.params.id));
  }
  return Promise.resolve(apiSource(Number(route.params.id), ctx));
}

function apiSource(id, ctx) {
  return {
    id,
    load: () => api.match(id),
    call: (call, seq) => api.call(id, call, seq),
    play: (card, seq) => api.play(id, card, seq),
    redeal: (seq) => api.redeal(id, seq),
    finish: (seq) => api.finish(id, seq),
    back: () => api.back(id),
    rematch: async () => `/m/${(await api.rematch(id)).id}`,
    follow({ enqueue, refresh, newestSeq, view }) {
      const off = ctx.live.on((kind, data) => {
        if (kind === "view" && data.id === id) {
          const known = newestSeq();
          enqueue(data);
          if (data.seq > known + 1) refresh(); // missed moves: take the server's word for it
        } else if (kind === "pong" && data.match === id) {
          if (data.seq > newestSeq()) refresh(); // a view that never came: the heartbeat tells
        } else if (kind === "resync") refresh();
      });
      ctx.live.watch(id);
      // Without the websocket (proxy, flaky network) the table still follows the match.
      const poll = setInterval(() => {
        if (!ctx.live.connected && view()?.status !== "finished" && document.visibilityState === "visible") refresh();
      }, 4000);
      return () => {
        off();
        clearInterval(poll);
        ctx.live.unwatch();
      };
    },
    extras: (root) => tableReactions(root, id, ctx),
    finished: () => import("./offline.js").then(({ keepForOffline }) => keepForOffline()),
  };
}
