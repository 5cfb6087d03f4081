// The table screen: keeps the freshest match view, plays it back move by move, sends actions.
import { api } from "../api.js";
import { announce, fill, h, svg, timeLeft, toast } from "../dom.js";
import { celebrate, dealIn, flyIn, pulse, sweepTo } from "../motion.js";
import { keepForOffline } from "../offline.js";
import { motionScale, prefs, setPref } from "../prefs.js";
import { sound } from "../sound.js";
import { invitePanel, showAllScores, showHandEnd, showLastTrick, standings } from "./tablepanels.js";
import { callPicker, handRow, seatPanel, statusLine, trickArea } from "./tableview.js";

// Other players' moves are shown one at a time (450 ms apart at normal speed) and a finished
// trick stays in the middle for about a second before it goes to its winner.
function pauses() {
  const scale = motionScale();
  return scale ? { move: 450 * scale, hold: 1000 * scale } : { move: 150, hold: 600 };
}

// A speaker, crossed out when muted.
function speaker(muted) {
  return svg("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" },
    svg("path", { d: "M4 9h4l5-4v14l-5-4H4z" }),
    svg("path", { d: muted ? "M17 9l5 6M22 9l-5 6" : "M17 8.5a5 5 0 0 1 0 7M19.5 6a8.5 8.5 0 0 1 0 12" }));
}

export async function mount(main, route, ctx) {
  const id = Number(route.params.id);
  const root = h("div", { class: "table-screen", testid: "table-screen" });
  main.append(root);
  let view = null;
  let queue = [];
  let timer = null;
  let epoch = 0; // bumped when the player's own action cuts the playback short
  let flash = null; // a just-finished trick still shown in the middle
  let pendingHandEnd = null; // the hand-end sheet waits until the last trick has swept away
  let selected = null; // tap-to-select mode: the card waiting for its second tap
  let launch = null; // where my tapped card left from
  let shown = null; // what the last render drew, so only changes are animated
  let closed = false;

  function render() {
    if (!view) return 0;
    const me = view.my_seat;
    const bottom = me ?? 0;
    const finished = view.status === "finished" && !flash;
    const won = [...view.tricks_won];
    // The winner's count ticks up when the trick reaches them, not before.
    if (flash?.sameHand && won[flash.winner] > 0) won[flash.winner] -= 1;
    const cards = flash ? flash.cards : view.trick;
    const autopilot = me !== null && view.seats[me]?.autopilot;
    const bidding = view.status === "bidding" && view.turn === me && view.legal.length > 0;
    const muted = prefs().muted;
    root.classList.toggle("calling", Boolean(bidding));
    root.classList.toggle("finished", finished);
    fill(root,
      h("div", { class: "table-head" },
        h("span", { testid: "hand-number" }, view.status === "waiting" ? "Not started" : `Hand ${view.hand_number} of ${view.hands}`),
        h("span", { class: "row" },
          h("button", { class: "btn btn-small", type: "button", testid: "show-last-trick", onclick: () => showLastTrick(view) }, "Last trick"),
          h("button", { class: "btn btn-small", type: "button", testid: "show-scores", onclick: () => showAllScores(view) }, "Scores"),
          h("button", { class: "btn btn-small icon", type: "button", testid: "mute", "aria-label": "Mute sounds",
            "aria-pressed": String(muted), onclick: toggleMute }, speaker(muted)))),
      autopilot ? h("div", { class: "banner", testid: "autopilot" }, "Autopilot is playing for you.",
        h("button", { class: "btn btn-small", type: "button", testid: "back-from-autopilot", onclick: () => act(() => api.back(id)) }, "I'm back")) : null,
      invitePanel(view),
      h("div", { class: "felt", testid: "table" },
        view.seats.filter((s) => s.seat !== bottom).map((s) => seatPanel(view, s.seat, won[s.seat])),
        trickArea(view, cards, { winner: flash?.winner ?? null, onTap: () => showLastTrick(view) }),
        bidding ? callPicker(view, { busy: false, onCall: (n) => act(() => api.call(id, n, view.seq)), onRedeal: () => act(() => api.redeal(id, view.seq)) }) : null),
      h("div", { class: "me-row" }, seatPanel(view, bottom, won[bottom]), statusLine(view, flash)),
      finished ? standings(view, { onRematch: rematch }) : null,
      !finished ? handRow(view, { busy: false, onTap: tap, selected }) : null);
    const previous = shown;
    shown = { cards: new Set(cards.map((c) => c.card)), handNo: view.hand_number, won, finished };
    return animate(previous, won, finished);
  }

  const avatarOf = (seat) => root.querySelector(`.seat[data-seat="${seat}"] .avatar`);

  // Cards new in the middle fly in from their seat; a fresh hand is dealt; won counts pulse.
  // Returns how long the motion lasts, so the next move waits for it.
  function animate(previous, won, finished) {
    let lasts = 0;
    let played = false;
    for (const el of root.querySelectorAll("[data-testid=trick-card]")) {
      if (previous?.cards.has(el.dataset.card)) continue;
      if (!previous) continue; // a reload shows the table as it is
      played = true;
      const seat = Number(el.dataset.seat);
      const mine = seat === view.my_seat;
      const from = mine && launch?.card === el.dataset.card ? launch.rect
        : (mine ? root.querySelector("[data-testid=hand]") : avatarOf(seat))?.getBoundingClientRect();
      flyIn(el, from);
      lasts = Math.max(lasts, 320 * motionScale());
    }
    if (played) sound("card");
    const hand = [...root.querySelectorAll("[data-testid=hand-card]")];
    const fresh = previous ? previous.handNo !== view.hand_number : view.calls.every((c) => c === null);
    if (fresh && view.status === "bidding" && hand.length === 13) {
      dealIn(hand, root.querySelector("[data-testid=trick]")?.getBoundingClientRect());
      lasts = Math.max(lasts, (260 + 13 * 35) * motionScale());
    }
    if (previous) {
      for (const seat of [0, 1, 2, 3]) {
        if (won[seat] > previous.won[seat]) pulse(root.querySelector(`.seat[data-seat="${seat}"] [data-testid=seat-won]`));
      }
      if (finished && !previous.finished) {
        celebrate(root.querySelector("[data-testid=winner]"));
        if (view.places?.[view.my_seat] === 1) sound("win");
      }
    }
    return lasts;
  }

  async function sweep() {
    const cards = [...root.querySelectorAll("[data-testid=trick-card]")];
    root.querySelector("[data-testid=trick]")?.classList.add("sweeping");
    sound("trick");
    await sweepTo(cards, avatarOf(flash.winner)?.getBoundingClientRect());
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

  // Wait ``ms``, run ``then`` (which may animate), and go on with the queue; an action of the
  // player's own in between cancels the rest.
  function later(ms, then = null) {
    const mine = epoch;
    timer = setTimeout(async () => {
      if (then) await then();
      if (mine !== epoch || closed) return;
      timer = null;
      pump();
    }, ms);
  }

  function pump() {
    if (timer || !queue.length) return;
    const next = queue.shift();
    const previous = view;
    view = next;
    const { move, hold } = pauses();
    const completed = previous && (next.tricks.length > previous.tricks.length
      || next.hand_results.length > previous.hand_results.length);
    if (completed && next.last_trick && next.trick.length === 0) {
      flash = { ...next.last_trick, sameHand: next.hand_results.length === previous.hand_results.length };
      render();
      noticeChanges(previous, next);
      const mine = epoch;
      later(hold, async () => {
        await sweep();
        if (mine !== epoch || closed) return;
        flash = null;
        render();
        if (pendingHandEnd) showHandEnd(view, pendingHandEnd);
        pendingHandEnd = null;
      });
      return;
    }
    flash = null;
    const lasts = render();
    noticeChanges(previous, next);
    const pause = previous && previous.turn !== previous.my_seat ? move : 0;
    if (queue.length) later(Math.max(pause, move, lasts));
    else if (lasts) later(lasts);
  }

  // The answer to my own action is shown at once: waiting behind a trick still on show would
  // leave a stale table under the player's thumb.
  function showNow(next) {
    if (closed || next.id !== id || (view && next.seq < view.seq)) return;
    epoch += 1;
    clearTimeout(timer);
    timer = null;
    flash = null;
    if (pendingHandEnd) showHandEnd(view, pendingHandEnd);
    pendingHandEnd = null;
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
      sound("turn");
      if (document.visibilityState === "visible" && navigator.vibrate) navigator.vibrate(40);
    }
    if (next.hand_results.length > previous.hand_results.length && next.status !== "finished") {
      const result = next.hand_results[next.hand_results.length - 1];
      if (flash) pendingHandEnd = result;
      else showHandEnd(next, result);
      announce(`Hand ${result.hand_number} scored.`);
    }
    if (next.status === "finished" && previous.status !== "finished") {
      announce("The match is over.");
      keepForOffline();
    }
  }

  async function refresh() {
    try {
      enqueue(await api.match(id));
    } catch (error) {
      if (!view) throw error;
    }
  }

  // While a request is out the hand and the call picker stay drawn but cannot be tapped;
  // redrawing them would cut short a card in flight.
  function setBusy(busy) {
    for (const el of root.querySelectorAll("[data-testid=hand-card], .call-option")) el.disabled = busy;
  }

  let busy = false;
  async function act(request) {
    if (busy) return;
    busy = true;
    setBusy(true);
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
      setBusy(false);
    }
  }

  function tap(card, legal, el) {
    if (view.status !== "playing" || view.turn !== view.my_seat) {
      toast("Wait for your turn.", "info", 2500);
      return;
    }
    // A tap on a greyed card asks the referee anyway, so the player reads why it may not go.
    if (legal && prefs().confirmTap && selected !== card) {
      selected = card;
      render();
      return;
    }
    selected = null;
    launch = { card, rect: el.getBoundingClientRect() };
    act(() => api.play(id, card, view.seq));
  }

  function toggleMute() {
    setPref("muted", !prefs().muted);
    const button = root.querySelector("[data-testid=mute]");
    const muted = prefs().muted;
    button.setAttribute("aria-pressed", String(muted));
    button.replaceChildren(speaker(muted));
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
    for (const el of root.querySelectorAll("[data-deadline]")) {
      el.textContent = timeLeft(el.dataset.deadline, Number(el.dataset.span) || null);
    }
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
