// The table screen: keeps the freshest match view, plays it back move by move, sends actions.
// Views come from a match source (the server, or the engine on this phone: matchsource.js).
import { announce, fill, h, morph, show, svg, toast } from "../dom.js";
import { number, timeLeft } from "../format.js";
import { handLabel } from "../handlabel.js";
import { gettext, interpolate } from "../i18n.js";
import { matchSource } from "../matchsource.js";
import { celebrate, dealIn, flyIn, pulse, sweepTo } from "../motion.js";
import { motionScale, pauseScale, prefs, setPref } from "../prefs.js";
import { snapshotOf } from "../snapshot.js";
import { sound } from "../sound.js";
import { finishPanel, invitedPanel, invitePanel, markHandSeen, missedHandEnd, showAllScores, showHandEnd, showLastTrick, standings } from "./tablepanels.js";
import { callPicker, drawHand, drawTrick, position, seatPanel, seatSummary, statusLine } from "./tableview.js";

// Other players' moves are shown one at a time (450 ms apart at normal speed) and a finished
// trick stays in the middle for about a second before it goes to its winner.
function pauses() {
  const scale = motionScale();
  const follow = pauseScale();
  return scale ? { move: 450 * scale * follow, hold: 1000 * scale * follow }
    : { move: 150 * follow, hold: 600 * follow };
}

// The longest a step of the playback (a trick's sweep, at the slowest motion) may hold the
// queue, in ms.
const THEN_AT_MOST = 4000;

// A speaker, crossed out when muted.
function speaker(muted) {
  return svg("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" },
    svg("path", { d: "M4 9h4l5-4v14l-5-4H4z" }),
    svg("path", { d: muted ? "M17 9l5 6M22 9l-5 6" : "M17 8.5a5 5 0 0 1 0 7M19.5 6a8.5 8.5 0 0 1 0 12" }));
}

// The parts of the table that stay in the page for the whole visit; each move redraws only
// what it changed inside them.
function frame(handlers) {
  const slot = () => h("div", { class: "slot" });
  const parts = {
    handNumber: h("span", { testid: "hand-number" }),
    mute: h("button", { class: "btn btn-small icon", type: "button", testid: "mute", "aria-label": gettext("Mute sounds"),
      onclick: handlers.toggleMute }),
    banner: slot(),
    finish: slot(),
    invite: slot(),
    felt: h("div", { class: "felt", testid: "table" }),
    seats: new Map(),
    seatKeys: new Map(),
    trick: h("button", { class: "trick", type: "button", testid: "trick", onclick: handlers.showLastTrick }),
    picker: slot(),
    meRow: h("div", { class: "me-row" }),
    standings: slot(),
    handSlot: slot(),
    hand: h("div", { class: "hand", testid: "hand", role: "group" }),
  };
  parts.head = h("div", { class: "table-head" }, parts.handNumber,
    h("span", { class: "row" },
      h("button", { class: "btn btn-small", type: "button", testid: "show-last-trick", onclick: handlers.showLastTrick }, gettext("Last trick")),
      h("button", { class: "btn btn-small", type: "button", testid: "show-scores", onclick: handlers.showAllScores }, gettext("Scores")),
      parts.mute));
  parts.felt.append(parts.trick, parts.picker);
  return parts;
}

export async function mount(main, route, ctx) {
  const source = await matchSource(route, ctx);
  const id = source.id;
  const root = h("div", { class: "table-screen", testid: "table-screen" });
  // The still copy the service worker put in the page (snapshot.js) stays until the table
  // draws, or says why it cannot.
  const snapshot = main.querySelector(`:scope > .table-snapshot[data-match="${id}"]`);
  const place = () => {
    if (snapshot?.isConnected) snapshot.replaceWith(root);
    else if (!root.isConnected) main.append(root);
  };
  if (!snapshot) place();
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
  let busy = false;
  let parts = null;
  // The view drawn from this phone's copy before the network answered: shown as updating,
  // and nothing can be played from it until a view from the server takes its place.
  let kept = null;
  let retry = null;
  const stale = () => view !== null && view === kept;

  function build() {
    place();
    parts = frame({ toggleMute, showLastTrick: () => showLastTrick(view), showAllScores: () => showAllScores(view) });
    root.append(parts.head, parts.banner, parts.finish, parts.invite, parts.felt, parts.meRow, parts.standings, parts.handSlot);
    parts.handSlot.append(parts.hand);
    parts.updating = h("p", { class: "table-updating", testid: "table-updating", role: "status", hidden: true }, gettext("Updating…"));
    parts.handNumber.after(parts.updating);
    showMute();
  }

  // One seat drawn where it sits, changed in place, and only when what it shows has changed.
  function placeSeat(holder, seat, won) {
    const key = JSON.stringify([seatSummary(view, seat, won), position(view, seat), view.seats[seat]]);
    if (parts.seatKeys.get(seat) === key) return;
    parts.seatKeys.set(seat, key);
    const fresh = seatPanel(view, seat, won);
    const old = parts.seats.get(seat);
    if (old && old.parentNode === holder) parts.seats.set(seat, morph(old, fresh));
    else {
      holder.insertBefore(fresh, holder === parts.felt ? parts.trick : null);
      parts.seats.set(seat, fresh);
    }
  }

  // Where each card new in the middle comes from: my own from where I tapped it, the others'
  // from their seat's avatar.
  function launchPoint({ seat, card }) {
    if (seat !== view.my_seat) return avatarOf(seat);
    return launch?.card === card ? launch.rect : parts.hand;
  }

  const cardsShown = () => (flash ? flash.cards : view.trick);

  function render() {
    if (!view) return 0;
    if (!parts) build();
    const me = view.my_seat;
    const bottom = me ?? 0;
    const finished = view.status === "finished" && !flash;
    const won = [...view.tricks_won];
    // The winner's count ticks up when the trick reaches them, not before.
    if (flash?.sameHand && won[flash.winner] > 0) won[flash.winner] -= 1;
    const cards = cardsShown();
    const autopilot = me !== null && view.seats[me]?.autopilot;
    // The next hand's first call waits until the last hand's final trick has gone to its
    // winner: a tap meant for that trick must not make a call unseen.
    const bidding = view.status === "bidding" && view.turn === me && view.legal.length > 0 && !(flash && !flash.sameHand);
    const locked = stale();

    root.classList.toggle("calling", Boolean(bidding));
    root.classList.toggle("finished", finished);
    root.classList.toggle("updating", locked);
    parts.updating.hidden = !locked;
    const handText = view.status === "waiting" ? gettext("Not started") : handLabel(view.hand_number, view.hands, view.play_off);
    if (parts.handNumber.textContent !== handText) parts.handNumber.textContent = handText;
    show(parts.banner, autopilot ? h("div", { class: "banner", testid: "autopilot" }, gettext("Autopilot is playing for you."),
      h("button", { class: "btn btn-small", type: "button", testid: "back-from-autopilot", onclick: () => act(() => source.back()) }, gettext("I'm back"))) : null);
    show(parts.finish, finishPanel(view, { onFinish: () => act(() => source.finish(view.seq)) }));
    show(parts.invite, invitedHere(view)
      ? invitedPanel(view, { onAccept: () => act(() => source.accept()), onDecline: decline })
      : invitePanel(view, { onFill: source.fill && (() => act(() => source.fill())), onCancel: source.cancel && callOff, onLeave: source.leave && leave, onInvite: source.invite && inviteFriend }));
    for (const s of view.seats) if (s.seat !== bottom) placeSeat(parts.felt, s.seat, won[s.seat]);
    const added = drawTrick(parts.trick, view, cards, { winner: flash?.winner ?? null });
    const pickerKey = bidding ? JSON.stringify([view.hand_number, view.legal, view.suggested_call, view.can_redeal, locked]) : "";
    if (parts.pickerKey !== pickerKey) {
      parts.pickerKey = pickerKey;
      show(parts.picker, bidding ? callPicker(view, { busy, locked, onCall: (n) => act(() => source.call(n, view.seq)), onRedeal: () => act(() => source.redeal(view.seq)) }) : null);
    }
    placeSeat(parts.meRow, bottom, won[bottom]);
    const status = statusLine(view, flash);
    if (parts.status) parts.status = morph(parts.status, status);
    else parts.meRow.append(parts.status = status);
    if (finished && !parts.standings.firstElementChild) show(parts.standings, standings(view, { onRematch: rematch, guest: Boolean(ctx.user?.is_guest) }));
    if (finished) parts.handSlot.replaceChildren();
    else {
      if (!parts.hand.isConnected) parts.handSlot.append(parts.hand);
      drawHand(parts.hand, view, { busy, locked, onTap: tap, selected });
    }
    const previous = shown;
    shown = { cards: new Set(cards.map((c) => c.card)), handNo: view.hand_number, won, finished };
    return animate(previous, added, won, finished);
  }

  const avatarOf = (seat) => parts.seats.get(seat)?.querySelector(".avatar");

  // Cards new in the middle fly in from their seat; a fresh hand is dealt; won counts pulse.
  // Returns how long the motion lasts, so the next move waits for it.
  function animate(previous, added, won, finished) {
    let lasts = 0;
    const played = new Map(cardsShown().map((c) => [c.card, c]));
    // A reload shows the table as it is: only a change seen here moves.
    const flights = previous ? added.map((el) => [el, launchPoint(played.get(el.dataset.card))]).filter(([, from]) => from) : [];
    if (flights.length) {
      flyIn(flights);
      sound("card");
      lasts = 320 * motionScale();
    }
    const hand = [...parts.hand.children];
    const fresh = previous ? previous.handNo !== view.hand_number : view.calls.every((c) => c === null);
    if (fresh && view.status === "bidding" && hand.length === 13) {
      dealIn(hand, parts.trick);
      lasts = Math.max(lasts, (260 + 13 * 35) * motionScale());
    }
    if (previous) {
      for (const seat of [0, 1, 2, 3]) {
        if (won[seat] > previous.won[seat]) pulse(parts.seats.get(seat)?.querySelector("[data-testid=seat-won]"));
      }
      if (finished && !previous.finished) {
        const won = view.places?.[view.my_seat] === 1;
        celebrate(root.querySelector("[data-testid=winner]"), { won });
        if (won) sound("win");
      }
    }
    return lasts;
  }

  // The trick in the middle is emptied once it has gone to its winner (its cards keep the
  // end of the sweep until then).
  function endFlash() {
    flash = null;
    parts?.trick.classList.remove("sweeping");
    parts?.trick.replaceChildren();
  }

  async function sweep() {
    parts.trick.classList.add("sweeping");
    sound("trick");
    await sweepTo([...parts.trick.children], avatarOf(flash.winner));
  }

  // Views arrive from HTTP answers, the websocket and refetches; the newest seq wins, and
  // other players' moves are shown one at a time.
  function newestSeq() {
    return queue.length ? queue[queue.length - 1].seq : view ? view.seq : -1;
  }

  function enqueue(next) {
    if (closed || next.id !== id) return;
    if (next.seq <= newestSeq()) {
      // The server's view of the very moment the kept copy showed: the table opens up.
      if (stale() && !queue.length && next.seq === view.seq) {
        view = next;
        render();
      }
      return;
    }
    queue.push(next);
    pump();
  }

  // Wait ``ms``, run ``then`` (which may animate), and go on with the queue; an action of the
  // player's own in between cancels the rest. The queue goes on even when ``then`` fails, or
  // has not settled after THEN_AT_MOST (a frame that never comes): a timer left set would
  // hold the table at this moment until a reload.
  function later(ms, then = null) {
    const mine = epoch;
    timer = setTimeout(async () => {
      try {
        if (then) await Promise.race([then(), new Promise((resolve) => setTimeout(resolve, THEN_AT_MOST))]);
      } finally {
        if (mine === epoch && !closed) {
          timer = null;
          pump();
        }
      }
    }, ms);
  }

  function pump() {
    if (timer || !queue.length) return;
    const next = queue.shift();
    const previous = view;
    view = next;
    source.keep?.(next, () => snapshotOf(root, id));
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
        // The sweep ends inside a frame; the redraw gets a task of its own, so the frame's
        // own work and the redraw never add up to one long task.
        await new Promise((resolve) => setTimeout(resolve));
        if (mine !== epoch || closed) return;
        endFlash();
        render();
        if (pendingHandEnd) showHandEnd(view, pendingHandEnd);
        pendingHandEnd = null;
      });
      return;
    }
    if (flash) endFlash();
    const lasts = render();
    noticeChanges(previous, next);
    const pause = previous && previous.turn !== previous.my_seat ? move : 0;
    if (queue.length) later(Math.max(pause, move, lasts));
    else if (lasts) later(lasts);
  }

  // The answer to my own action is shown at once: waiting behind a trick still on show would
  // leave a stale table under the player's thumb. When the socket was quicker and the table
  // already shows that move, its playback goes on undisturbed.
  function showNow(next) {
    if (closed || next.id !== id || (view && next.seq <= view.seq)) return;
    epoch += 1;
    clearTimeout(timer);
    timer = null;
    if (flash) endFlash();
    if (pendingHandEnd) showHandEnd(view, pendingHandEnd);
    pendingHandEnd = null;
    queue = [next, ...queue.filter((v) => v.seq > next.seq)];
    pump();
  }

  function noticeChanges(previous, next) {
    const mine = next.my_seat !== null && next.turn === next.my_seat && next.status !== "finished";
    const title = mine ? gettext("● Your turn — Call Break") : "Call Break";
    if (document.title !== title) document.title = title;
    if (!previous) {
      const missed = missedHandEnd(next);
      if (missed) {
        markHandSeen(next, missed.hand_number);
        showHandEnd(next, missed);
      }
      return;
    }
    if (previous.status === "waiting") noticeSeats(previous, next);
    if (previous.turn === previous.my_seat && previous.my_seat !== null && !busy && ["bidding", "playing"].includes(previous.status)
      && next.seq > previous.seq && !next.seats[next.my_seat]?.autopilot && playedFor(previous, next)) {
      toast(gettext("Your time ran out: a bot made that move for you."), "info");
    }
    if (mine && (previous.turn !== next.turn || previous.status !== next.status)) {
      announce(next.status === "bidding" ? gettext("Your call.") : gettext("Your turn to play."));
      sound("turn");
      // A browser buzzes only once the player has touched the page (else it warns).
      if (document.visibilityState === "visible" && navigator.vibrate && navigator.userActivation?.hasBeenActive) navigator.vibrate(40);
    }
    if (next.hand_results.length > previous.hand_results.length && next.status !== "finished") {
      const result = next.hand_results[next.hand_results.length - 1];
      markHandSeen(next, result.hand_number);
      if (flash) pendingHandEnd = result;
      else showHandEnd(next, result);
      announce(interpolate(gettext("Hand %(number)s scored."), { number: number(result.hand_number) }));
    }
    if (next.status === "finished" && previous.status !== "finished") {
      announce(gettext("The match is over."));
      source.finished();
    }
  }

  // Whether the seat's own move came between two views it did not send it in: its call made,
  // or a card gone from its hand in the same hand.
  function playedFor(previous, next) {
    const me = previous.my_seat;
    if (next.hand_number !== previous.hand_number) return false;
    if (previous.status === "bidding") return previous.calls[me] == null && next.calls[me] != null;
    return (next.hand?.length ?? 0) < (previous.hand?.length ?? 0);
  }

  // Who sat down at or got up from a waiting table, and its start by another player, told to
  // the others there (the seat alone changes quietly).
  function noticeSeats(previous, next) {
    for (const seat of next.seats) {
      const before = previous.seats[seat.seat];
      if (seat.seat === next.my_seat || !before) continue;
      if (seat.kind === "human" && before.kind !== "human") {
        toast(interpolate(gettext("%(name)s joined the table."), { name: seat.name }), "info");
      } else if (before.kind === "human" && seat.kind !== "human") {
        toast(interpolate(gettext("%(name)s left the table."), { name: before.name }), "info");
      }
    }
    if (next.status !== "waiting" && !busy) toast(gettext("The match has started."), "info");
  }

  // A kept view stays until a view at least as new comes; the server is asked again.
  function retryWhileStale() {
    clearTimeout(retry);
    retry = !closed && !gone && stale() ? setTimeout(refresh, 3000) : null;
  }

  // One request for the view at a time: a refresh asked for while one is out waits for its
  // answer, and asks again only if that answer is older than the seq the refresh wants (the
  // socket's "latest" often beats the opening request, and that request already answers it).
  let loadingView = null;
  function load() {
    loadingView ??= source.load().finally(() => { loadingView = null; });
    return loadingView;
  }

  async function refresh(wanted = null) {
    try {
      if (loadingView && wanted !== null) {
        await loadingView.catch(() => {});
        if (newestSeq() >= wanted) return;
      }
      enqueue(await load());
    } catch (error) {
      if (error.status === 404) unavailable(error);
      else if (!view) throw error;
    } finally {
      retryWhileStale();
    }
  }

  // The server knows no such match for this player (called off, say): whatever this phone
  // kept of it goes, and the screen says so, one tap from the lobby.
  let gone = false;
  function unavailable(error) {
    gone = true;
    clearTimeout(retry);
    clearTimeout(timer);
    source.forget?.();
    place();
    fill(root, h("section", { class: "panel", testid: "match-unavailable" }, h("h1", {}, gettext("Match unavailable")),
      h("p", {}, error.message), h("a", { class: "btn", href: "/" }, gettext("Back to the lobby"))));
    off?.();
  }

  // While a request is out, taps on the hand and the call picker send nothing (act says so in
  // a toast); the two say so to screen readers. Nothing is redrawn, so a card in flight flies
  // on, and no card's style changes.
  function setBusy(value) {
    busy = value;
    for (const el of [parts?.hand, parts?.picker.firstElementChild]) el?.setAttribute("aria-busy", String(value));
  }

  // A waiting table nobody else has joined is called off; one that others have joined is left,
  // its seat open again. Either way the player is back in the lobby.
  const callOff = () => goBackToLobby(source.cancel, gettext("The match was called off."));
  const leave = () => goBackToLobby(source.leave, gettext("You left the table."));
  const decline = () => goBackToLobby(source.decline, gettext("Invitation declined."));
  const inviteFriend = (username) => act(async () => {
    const next = await source.invite(username);
    toast(interpolate(gettext("%(name)s is invited: their seat is kept for them."), { name: username }), "info");
    return next;
  });
  // Not seated at a waiting table that keeps a seat for this player: they were invited.
  const invitedHere = (v) => Boolean(source.accept) && v.status === "waiting" && v.my_seat === null
    && v.seats.some((s) => s.kind === "reserved" && s.name === ctx.user?.username);

  async function goBackToLobby(request, done) {
    if (busy) return;
    setBusy(true);
    try {
      await request();
      source.forget?.();
      toast(done, "info");
      ctx.navigate("/");
    } catch (error) {
      toast(error.message);
      refresh();
    } finally {
      setBusy(false);
    }
  }

  async function act(request) {
    if (stale()) return;
    if (busy) {
      // One move at a time: the tap is not lost without a word.
      toast(gettext("One moment: your last move is still on its way."), "info", 2500);
      return;
    }
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
      setBusy(false);
    }
  }

  function tap(card, event) {
    if (stale()) return;
    const legal = view.legal.includes(card);
    if (view.status !== "playing" || view.turn !== view.my_seat) {
      toast(gettext("Wait for your turn."), "info", 2500);
      return;
    }
    // A tap on a greyed card asks the referee anyway, so the player reads why it may not go.
    if (legal && prefs().confirmTap && selected !== card) {
      selected = card;
      render();
      return;
    }
    selected = null;
    // The card flies from where the finger touched it (reading the card's box here would
    // cost a layout in the middle of the tap); a key press has no point, so it leaves the hand.
    launch = event.detail ? { card, rect: new DOMRect(event.clientX, event.clientY, 0, 0) } : null;
    act(() => source.play(card, view.seq));
  }

  function toggleMute() {
    setPref("muted", !prefs().muted);
    showMute();
  }

  function showMute() {
    const muted = prefs().muted;
    parts.mute.setAttribute("aria-pressed", String(muted));
    parts.mute.replaceChildren(speaker(muted));
  }

  async function rematch() {
    try {
      ctx.navigate(await source.rematch());
    } catch (error) {
      toast(error.message);
    }
  }

  const off = source.follow({ enqueue, refresh, newestSeq, view: () => view });

  // The server is asked first; this phone's copy is drawn while it answers, and its answer
  // then comes in like any live update (with the same motion).
  const loading = load();
  loading.catch(() => {});
  const copy = await source.cached?.();
  if (copy && copy.id === id && !view && !closed) {
    view = kept = copy;
    render();
    noticeChanges(null, view);
  }
  try {
    enqueue(await loading);
  } catch (error) {
    if (!view || error.status === 404) {
      unavailable(error);
      return null;
    }
    toast(error.message);
  }
  retryWhileStale();
  const stopExtras = source.extras(root);

  const tick = setInterval(() => {
    const clock = parts?.status?.querySelector("[data-deadline]");
    const text = clock && timeLeft(clock.dataset.deadline, Number(clock.dataset.span) || null);
    if (clock && clock.textContent !== text) clock.textContent = text;
  }, 1000);
  return () => {
    closed = true;
    off();
    stopExtras();
    clearInterval(tick);
    clearTimeout(timer);
    clearTimeout(retry);
    document.title = "Call Break";
    for (const d of document.querySelectorAll("dialog.sheet")) d.close();
  };
}
