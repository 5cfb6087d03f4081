// The table screen: keeps the freshest match view, plays it back move by move, sends actions.
import { api } from "../api.js";
import { announce, fill, h, timeLeft, toast } from "../dom.js";
import { invitePanel, showAllScores, showHandEnd, showLastTrick, standings } from "./tablepanels.js";
import { callPicker, handRow, statusLine, tableTop, trickArea } from "./tableview.js";

// Other players' moves are shown one at a time and a completed trick stays in the middle for
// a moment; players who ask for reduced motion get shorter pauses.
const REDUCED = matchMedia("(prefers-reduced-motion: reduce)").matches;
const MOVE_PAUSE = REDUCED ? 120 : 450;
const TRICK_PAUSE = REDUCED ? 500 : 1300;

export async function mount(main, route, ctx) {
  const id = Number(route.params.id);
  const root = h("div", { class: "table-screen", testid: "table-screen" });
  main.append(root);
  let view = null;
  let busy = false;
  let queue = [];
  let timer = null;
  let flash = null; // a just-completed trick still shown in the middle
  let closed = false;

  function render() {
    if (!view) return;
    const finished = view.status === "finished";
    const me = view.my_seat;
    const middle = flash
      ? trickArea(view, flash.cards, { winner: flash.winner, onTap: () => showLastTrick(view) })
      : trickArea(view, view.trick, { onTap: () => showLastTrick(view) });
    const autopilot = me !== null && view.seats[me]?.autopilot;
    const bidding = view.status === "bidding" && view.turn === me && view.legal.length;
    // While nobody has a card on the table the felt shrinks, keeping the call picker in reach.
    root.classList.toggle("compact", view.status === "bidding" || view.status === "waiting");
    fill(root,
      h("div", { class: "table-head" },
        h("span", { testid: "hand-number" }, view.status === "waiting" ? "Not started" : `Hand ${view.hand_number} of ${view.hands}`),
        h("span", { class: "row" },
          h("button", { class: "btn btn-small", type: "button", testid: "show-last-trick", onclick: () => showLastTrick(view) }, "Last trick"),
          h("button", { class: "btn btn-small", type: "button", testid: "show-scores", onclick: () => showAllScores(view) }, "Scores"))),
      autopilot ? h("div", { class: "banner", testid: "autopilot" }, "Autopilot is playing for you.",
        h("button", { class: "btn btn-small", type: "button", testid: "back-from-autopilot", onclick: () => act(() => api.back(id)) }, "I'm back")) : null,
      invitePanel(view),
      tableTop(view, middle),
      statusLine(view, flash),
      finished ? standings(view, { onRematch: rematch }) : null,
      !finished ? handRow(view, { busy, onPlay: play, onRefused: refused }) : null,
      bidding ? callPicker(view, { busy, onCall: (n) => act(() => api.call(id, n, view.seq)), onRedeal: () => act(() => api.redeal(id, view.seq)) }) : null);
  }

  // Views arrive from HTTP answers, the websocket and refetches; the newest seq wins, and
  // other players' moves are shown one at a time.
  function newestSeq() {
    return queue.length ? queue[queue.length - 1].seq : view ? view.seq : -1;
  }

  function enqueue(next) {
    if (closed || next.id !== id) return;
    if (next.seq <= newestSeq()) return;
    queue.push(next);
    pump();
  }

  function pump() {
    if (timer || !queue.length) return;
    const next = queue.shift();
    const previous = view;
    view = next;
    let pause = 0;
    const completed = previous && (next.tricks.length > previous.tricks.length
      || next.hand_results.length > previous.hand_results.length);
    if (completed && next.last_trick && next.trick.length === 0) {
      flash = next.last_trick;
      pause = TRICK_PAUSE;
    } else {
      flash = null;
      if (previous && previous.turn !== previous.my_seat) pause = MOVE_PAUSE;
    }
    render();
    noticeChanges(previous, next);
    if (flash || queue.length) {
      timer = setTimeout(() => {
        timer = null;
        if (flash && !queue.length) {
          flash = null;
          render();
        }
        pump();
      }, Math.max(pause, queue.length ? MOVE_PAUSE : 0));
    }
  }

  // The answer to my own action is shown at once: waiting behind a trick still on show would
  // leave a stale table under the player's thumb.
  function showNow(next) {
    if (closed || next.id !== id || (view && next.seq < view.seq)) return;
    clearTimeout(timer);
    timer = null;
    flash = null;
    queue = [next, ...queue.filter((v) => v.seq > next.seq)];
    if (view && next.seq === view.seq) queue.shift();
    pump();
  }

  function noticeChanges(previous, next) {
    const mine = next.turn === next.my_seat && next.status !== "finished";
    document.title = mine ? "● Your turn — Call Break" : "Call Break";
    if (!previous) return;
    if (mine && (previous.turn !== next.turn || previous.status !== next.status)) {
      announce(next.status === "bidding" ? "Your call." : "Your turn to play.");
      if (document.visibilityState === "visible" && navigator.vibrate) navigator.vibrate(40);
    }
    if (next.hand_results.length > previous.hand_results.length && next.status !== "finished") {
      const result = next.hand_results[next.hand_results.length - 1];
      showHandEnd(next, result);
      announce(`Hand ${result.hand_number} scored.`);
    }
    if (next.status === "finished" && previous.status !== "finished") announce("The match is over.");
  }

  async function refresh() {
    try {
      enqueue(await api.match(id));
    } catch (error) {
      if (!view) throw error;
    }
  }

  async function act(request) {
    if (busy) return;
    busy = true;
    render();
    try {
      showNow(await request());
    } catch (error) {
      if (error.code === "stale" && error.body.match) {
        showNow(error.body.match);
      } else if (error.code === "not_your_turn" || error.code === "stale") {
        refresh();
      }
      toast(error.message);
    } finally {
      busy = false;
      render();
    }
  }

  const play = (card) => act(() => api.play(id, card, view.seq));

  function refused(card) {
    if (view.status !== "playing" || view.turn !== view.my_seat) {
      toast("Wait for your turn.", "info", 2500);
      return;
    }
    // The referee explains why (the card stays in the hand: the server refuses it).
    act(() => api.play(id, card, view.seq));
  }

  async function rematch() {
    try {
      const next = await api.rematch(id);
      ctx.navigate(`/m/${next.id}`);
    } catch (error) {
      toast(error.message);
    }
  }

  const off = ctx.live.on((kind, data) => {
    if (kind === "view" && data.id === id) {
      const known = newestSeq();
      enqueue(data);
      if (data.seq > known + 1) refresh(); // missed moves: take the server's word for it
    } else if (kind === "pong" && data.match === id) {
      if (data.seq > newestSeq()) refresh(); // a view that never came: the heartbeat tells
    } else if (kind === "resync") refresh();
  });

  try {
    view = await api.match(id);
  } catch (error) {
    fill(root, h("section", { class: "panel" }, h("h1", {}, "Match unavailable"),
      h("p", {}, error.message), h("a", { class: "btn", href: "/" }, "Back to the lobby")));
    off();
    return null;
  }
  render();
  noticeChanges(null, view);
  ctx.live.watch(id);

  const tick = setInterval(() => {
    for (const el of root.querySelectorAll("[data-deadline]")) el.textContent = timeLeft(el.dataset.deadline);
  }, 1000);
  // Without the websocket (proxy, flaky network) the table still follows the match.
  const poll = setInterval(() => {
    if (!ctx.live.connected && view.status !== "finished" && document.visibilityState === "visible") refresh();
  }, 4000);

  return () => {
    closed = true;
    off();
    clearInterval(tick);
    clearInterval(poll);
    clearTimeout(timer);
    ctx.live.unwatch();
    document.title = "Call Break";
    for (const d of document.querySelectorAll("dialog.sheet")) d.close();
  };
}
