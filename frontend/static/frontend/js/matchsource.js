// Where the table's views come from and where its actions go: the server (the API, with the
// socket for other players' moves) or, for a match kept on this phone, the engine worker
// (offline/localsource.js, loaded only for such a match). Both give views of one shape (the
// API's match view) and refuse with an error carrying a stable ``code`` and a sentence, so
// the table screen has one path for both.
//
// A source: ``id``; ``load()`` → view; ``cached()`` → the last view this phone kept, or null;
// ``keep(view, drawn)`` keeps a view the network gave (with ``drawn()``, the table drawn from
// it); ``call(n, seq)``, ``play(card, seq)``, ``redeal(seq)``, ``finish(seq)``, ``back()``,
// ``fill()`` (a waiting table's empty seats to bots; the server's only), ``invite(username)``
// (an open seat kept for them), ``accept()`` (an invitation to it) → the view after the
// player's action; ``decline()``; ``rematch()`` → the path of the next match;
// ``follow({enqueue, refresh, newestSeq, view})`` → stop, delivering the views that follow
// (``refresh(seq)`` asks for a view at least that new); ``extras(root)`` → stop, what the
// table adds for this source (reactions); ``finished()`` when the match ends.
import { api } from "./api.js";
import { tableReactions } from "./reactions.js";
import { cachedView, forgetView, keepView } from "./viewcache.js";

export function matchSource(route, ctx) {
  if (route.name === "offline-table") {
    return import("./offline/localsource.js").then(({ localSource }) => localSource(route.params.id));
  }
  return Promise.resolve(apiSource(Number(route.params.id), ctx));
}

function apiSource(id, ctx) {
  // The newest view is written when the page is idle, never in the middle of a trick's motion;
  // views shown in between are skipped (only the last one is kept anyway). ``drawn`` copies
  // the table as it then is, kept beside the view.
  let pending = null;
  let forgotten = false; // the match is no more: nothing of it is kept again
  const later = (view, drawn) => {
    const first = pending === null;
    pending = { view, drawn };
    if (!first) return;
    const write = () => {
      const newest = pending;
      pending = null;
      if (!forgotten) keepView(newest.view, ctx.user?.id, newest.drawn?.() ?? null);
    };
    if (window.requestIdleCallback) requestIdleCallback(write, { timeout: 2000 });
    else setTimeout(write, 500);
  };
  return {
    id,
    load: () => api.match(id),
    cached: () => (ctx.user ? cachedView(id, ctx.user.id) : Promise.resolve(null)),
    forget: () => {
      forgotten = true;
      return forgetView(id);
    },
    keep: (view, drawn) => later(view, drawn),
    call: (call, seq) => api.call(id, call, seq),
    play: (card, seq) => api.play(id, card, seq),
    redeal: (seq) => api.redeal(id, seq),
    finish: (seq) => api.finish(id, seq),
    back: () => api.back(id),
    fill: () => api.fill(id),
    cancel: () => api.cancel(id),
    leave: () => api.leave(id),
    invite: (username) => api.inviteToTable(id, username),
    accept: () => api.acceptInvitation(id),
    decline: () => api.declineInvitation(id),
    rematch: async () => `/m/${(await api.rematch(id)).id}`,
    follow({ enqueue, refresh, newestSeq, view }) {
      const off = ctx.live.on((kind, data) => {
        if (kind === "view" && data.id === id) {
          const known = newestSeq();
          enqueue(data);
          if (data.seq > known + 1) refresh(); // missed moves: take the server's word for it
        } else if (kind === "latest" && data.match === id) {
          if (data.seq > newestSeq()) refresh(data.seq); // a view that never came: the server's seq tells
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
