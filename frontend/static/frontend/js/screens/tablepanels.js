// Panels around the table: hand-end scores, final standings, invites, the last trick.
import { cardFace } from "../cards.js";
import { dialog, h, toast } from "../dom.js";
import { list, listAnd, number, ordinal, score } from "../format.js";
import { handLabel, termsOf } from "../handlabel.js";
import { gettext, interpolate, ngettext, pgettext } from "../i18n.js";
import { ratingChange } from "../ratingsheet.js";
import { seatName } from "./tableview.js";

// Every scored hand: a row per hand, a column per seat; each cell shows the hand's points and,
// below them, the call and the tricks won, each on its own line, so a cell never wraps.
export function scoreTable(view, { only = null } = {}) {
  const results = only === null ? view.hand_results : view.hand_results.filter((r) => r.hand_number === only);
  const seats = [0, 1, 2, 3];
  return h("table", { class: "scores", testid: "score-table" },
    h("caption", { class: "muted" }, gettext("Points per hand; below them, the call and the tricks won.")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, gettext("Hand")),
      seats.map((s) => h("th", { scope: "col" }, seatName(view, s))))),
    h("tbody", {}, results.map((r) => h("tr", {},
      h("th", { scope: "row" }, number(r.hand_number),
        r.play_off ? h("small", { class: "tag", testid: "play-off-mark" }, pgettext("hand", "play-off")) : null),
      seats.map((s) => h("td", { class: r.scores[s] < 0 ? "neg" : "" },
        h("strong", {}, score(r.scores[s])),
        h("small", { testid: "cell-called" }, interpolate(gettext("called %(n)s"), { n: number(r.calls[s]) })),
        h("small", { testid: "cell-won" }, interpolate(gettext("won %(n)s"), { n: number(r.tricks_won[s]) }))))))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, gettext("Total")),
      seats.map((s) => h("td", { testid: "score-total" }, h("strong", {}, score(view.scores[s])))))));
}

// How a hand's points come from its call and tricks, under the match's scoring (docs/RULES.md
// §6), with a worked example in the sheet's own figures: "4.2" is read at a glance.
export function scoringNote(view) {
  const example = interpolate(gettext("called %(call)s, won %(won)s: %(points)s"),
    { call: number(4), won: number(6), points: score(42) });
  const scoring = view.rules?.scoring ?? "standard";
  const text = scoring === "exact"
    ? gettext("A call is made with exactly its tricks or one more, and scores the call (13 for a call of 8 or more). Fewer tricks, or two or more extra, cost the call.")
    : interpolate(scoring === "bonus13"
      ? gettext("A made call scores the call (13 for a call of 8 or more), plus %(tenth)s for each extra trick (%(example)s). A missed call costs the call.")
      : gettext("A made call scores the call, plus %(tenth)s for each extra trick (%(example)s). A missed call costs the call."),
    { example, tenth: score(1) });
  return h("p", { class: "muted score-note", testid: "scoring-note" }, text);
}

// One hand's result: a row per seat with its call, tricks won, points and running total.
export function handEndTable(view, result) {
  const col = (text) => h("th", { scope: "col" }, text);
  return h("table", { class: "scores hand-scores", testid: "hand-table" },
    h("caption", { class: "sr-only" }, interpolate(gettext("Hand %(number)s result"), { number: number(result.hand_number) })),
    h("thead", {}, h("tr", {}, col(gettext("Player")), col(pgettext("bid", "Call")), col(gettext("Won")), col(gettext("Points")), col(gettext("Total")))),
    h("tbody", {}, [0, 1, 2, 3].map((s) => h("tr", { class: s === view.my_seat ? "is-me" : "" },
      h("th", { scope: "row" }, seatName(view, s)),
      h("td", { testid: "hand-call" }, number(result.calls[s])),
      h("td", { testid: "hand-won" }, number(result.tricks_won[s])),
      h("td", { class: result.scores[s] < 0 ? "neg" : "", testid: "hand-points" }, h("strong", {}, score(result.scores[s]))),
      h("td", { testid: "hand-total" }, score(result.totals[s]))))));
}

// How long a hand's scoreboard stays up: until the server's pause between hands ends (no
// clock runs meanwhile), and never less than briefly (the last trick's playback may have used
// most of the pause, and a sheet that flashes by can't be read), since a clock runs again
// after it; or until a tap at a slow pace (turns of an hour or more), where a minute more
// costs nothing; on the phone's own engine, which has no clock, as long as the server's
// default pause.
const AT_LEAST_MS = 1500;
const TAP_GUARD_MS = 700;
const NO_CLOCK_PAUSE_MS = 4000;
const SLOW_PACE_SECONDS = 3600;

function handBreakMs(view) {
  if (view.deadline && view.turn_seconds >= SLOW_PACE_SECONDS) return null;
  const left = view.hand_break_until ? Date.parse(view.hand_break_until) - Date.now() : 0;
  return Math.max(left, view.deadline ? AT_LEAST_MS : NO_CLOCK_PAUSE_MS);
}

// Under "Hand 3 scored": what is left of the match (the title already says which hand it was),
// or which play-off hand it was.
function handsToGo(view, result) {
  if (result.play_off) return handLabel(result.hand_number, view.hands, true);
  const left = view.hands === null ? 0 : view.hands - result.hand_number;
  return left > 0 ? interpolate(ngettext("%(n)s hand to go", "%(n)s hands to go", left), { n: number(left) }) : null;
}

// The hand's scoreboard for the pause between hands: it closes by itself when the pause
// ends, and a tap anywhere on it closes it sooner. "Scores" opens it all again.
export function showHandEnd(view, result) {
  const wait = handBreakMs(view);
  const toGo = handsToGo(view, result);
  const body = h("div", {},
    toGo ? h("p", { class: "muted", testid: "hands-to-go" }, toGo) : null,
    handEndTable(view, result),
    wait === null ? null : h("div", { class: "break-bar", testid: "hand-break-bar", "aria-hidden": "true" },
      h("span", { style: `animation-duration: ${Math.round(wait)}ms` })),
    wait === null ? null : h("p", { class: "muted" }, gettext("The next hand starts by itself. Tap to close.")));
  const box = dialog(interpolate(gettext("Hand %(number)s scored"), { number: number(result.hand_number) }), body, { testid: "hand-end" });
  const timer = wait === null ? null : setTimeout(() => box.open && box.close(), wait);
  // A tap meant for the cards a moment before the sheet came up must not close it unread;
  // its Close button works at once.
  const ready = setTimeout(() => { box.dataset.ready = ""; }, TAP_GUARD_MS);
  box.addEventListener("click", () => { if ("ready" in box.dataset) box.close(); });
  box.addEventListener("close", () => { clearTimeout(timer); clearTimeout(ready); });
  return box;
}

// A hand scored while the player was away (at a slow pace the next hand begins hours later)
// shows its scoreboard when they next open the table, before the new hand's first card, once
// per device.
const seenKey = (id) => `cb-hand-seen:${id}`;

export function markHandSeen(view, handNumber) {
  try {
    localStorage.setItem(seenKey(view.id), String(handNumber));
  } catch { /* private mode: the sheet may show again */ }
}

export function missedHandEnd(view) {
  const last = view.hand_results[view.hand_results.length - 1];
  if (!last || view.status === "finished" || view.tricks.length || view.trick.length) return null;
  let seen = 0;
  try {
    seen = Number(localStorage.getItem(seenKey(view.id))) || 0;
  } catch { /* nothing kept */ }
  return last.hand_number > seen ? last : null;
}

// Before the first hand is scored there is no grid yet, but how points are made is worth
// reading already.
export function showAllScores(view) {
  const scores = view.hand_results.length
    ? scoreTable(view) : h("p", { testid: "no-scores" }, gettext("No hand has been scored yet."));
  // The rules of this match are one tap further, in a sheet of their own.
  const rules = h("button", { class: "btn", type: "button", testid: "open-match-rules" }, gettext("Rules"));
  const box = dialog(gettext("Scores"), h("div", {}, scores, scoringNote(view)), { testid: "scores-dialog", actions: [rules] });
  rules.addEventListener("click", () => {
    box.close();
    import("../matchrules.js").then(({ showMatchRules }) => showMatchRules(view));
  });
  return box;
}

export function showLastTrick(view) {
  const last = view.last_trick;
  if (!last) {
    toast(gettext("No trick has been completed yet."), "info");
    return null;
  }
  const body = h("ol", { class: "last-trick" }, last.cards.map(({ seat, card }) =>
    h("li", { class: seat === last.winner ? "won" : "" }, cardFace(card, { small: true }),
      h("span", {}, seatName(view, seat)), seat === last.winner ? h("strong", {}, " ", gettext("won")) : null)));
  return dialog(gettext("Last trick"), body, { testid: "last-trick" });
}

// "You finished 4th" as one sentence per place: some languages inflect the ordinal in it
// (Hindi "चौथे स्थान पर").
function finishedSentence(place) {
  const sentences = [gettext("You won!"), gettext("You finished 2nd"), gettext("You finished 3rd"), gettext("You finished 4th")];
  return sentences[place - 1] || gettext("Final standings");
}

// The match-end sheet: places and totals, a rematch and the replay, then every hand.
export function standings(view, { onRematch, guest = false }) {
  const order = [0, 1, 2, 3].sort((a, b) => view.places[a] - view.places[b] || view.scores[b] - view.scores[a]);
  const mine = view.my_seat !== null ? view.places[view.my_seat] : null;
  const winners = order.filter((s) => view.places[s] === 1).map((s) => seatName(view, s));
  const title = mine ? finishedSentence(mine) : gettext("Final standings");
  return h("section", { class: "panel standings", testid: "standings", "aria-label": gettext("Final standings") },
    h("div", { class: "winner", testid: "winner" },
      h("span", { class: "trophy", "aria-hidden": "true" }, mine === 1 ? "★" : "♠"),
      h("h2", {}, title),
      h("p", { class: "muted" }, mine === 1 ? gettext("Well played.")
        : interpolate(ngettext("%(names)s won the match.", "%(names)s won the match.", winners.length), { names: listAnd(winners) })),
      ratingChange(view, { guest })),
    h("ol", { class: "standing-list" }, order.map((s) => h("li", { class: s === view.my_seat ? "is-me" : "", testid: "standing" },
      h("span", { class: `place place-${view.places[s]}` }, ordinal(view.places[s])),
      h("span", { class: "name" }, seatName(view, s)),
      h("strong", {}, score(view.scores[s]))))),
    // What to do next comes before every hand's detail, which a long match makes tall.
    h("div", { class: "row" },
      h("button", { class: "btn btn-primary", type: "button", testid: "rematch", onclick: onRematch }, gettext("Rematch")),
      h("a", { class: "btn", href: `/replay/${view.id}`, testid: "open-replay" }, gettext("Replay")),
      h("a", { class: "btn", href: "/" }, gettext("Lobby"))),
    scoreTable(view),
    scoringNote(view));
}

export async function share(url) {
  const data = { title: "Call Break", text: gettext("Join my Call Break match"), url };
  if (navigator.share) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast(gettext("Invite link copied."), "info");
  } catch {
    toast(interpolate(gettext("Copy this link: %(url)s"), { url }), "info", 12000);
  }
}

// Why this match rates nobody, said in the invite panel while the table waits for players (a
// line of its own during play would push a phone's table past the screen).
export function unratedNote(view) {
  const why = {
    casual: gettext("This match is casual: it rates nobody."),
    outside_bot: gettext("This match is unrated: an outside bot is at the table."),
    guest: gettext("This match is unrated: a guest is at the table."),
    short: gettext("This match is unrated: it is too short to rate."),
  }[view.unrated_reason];
  if (view.rated !== false || !why || view.status !== "waiting") return null;
  return h("p", { class: "hint", testid: "unrated-note" }, why);
}

// A waiting table's terms, said before anyone sits down or starts it: "5 hands, 1 day a turn".
function termsLine(view) {
  return h("p", { class: "muted", testid: "table-terms" }, list(termsOf(view.hands, view.turn_seconds)));
}

// A player invited to a waiting table who opens it (from the invitation's message, say)
// answers there: accept takes the seat kept for them, decline gives it back.
export function invitedPanel(view, { onAccept, onDecline }) {
  return h("section", { class: "panel invite", testid: "invited" }, unratedNote(view),
    h("h2", {}, gettext("You are invited to this match")),
    termsLine(view),
    h("div", { class: "row" },
      h("button", { class: "btn btn-primary", type: "button", testid: "invited-accept", onclick: onAccept }, gettext("Accept")),
      h("button", { class: "btn", type: "button", testid: "invited-decline", onclick: onDecline }, gettext("Decline"))));
}

// The player's friends not yet at the table, each one tap from an open seat kept for them;
// the list comes with the sheet (the social module is loaded then, not with the table).
async function pickFriend(view, onInvite) {
  const list = h("ul", { class: "match-list", testid: "friend-picker" });
  const box = dialog(gettext("Invite a friend"), list, { testid: "invite-friend-dialog" });
  const atTable = new Set(view.seats.filter((s) => s.kind === "human" || s.kind === "reserved").map((s) => s.name));
  try {
    const { social } = await import("../social.js");
    const friends = (await social.friends()).friends.filter((f) => !atTable.has(f.username));
    if (!friends.length) {
      list.replaceWith(h("p", { testid: "no-friend-to-invite" }, gettext("No friend to invite: every friend is here, or none is added yet."), " ",
        h("a", { class: "onward", href: "/friends" }, gettext("Friends →"))));
      return;
    }
    list.append(...friends.map((f) => h("li", { class: "friend-row", testid: "friend-to-invite" },
      h("strong", {}, f.username),
      h("button", { class: "btn btn-primary btn-small", type: "button", testid: "invite-this-friend",
        onclick: async () => {
          box.close();
          await onInvite(f.username);
        } }, gettext("Invite")))));
  } catch (error) {
    list.replaceWith(h("p", {}, error.message));
  }
}

export function invitePanel(view, { onFill = null, onCancel = null, onLeave = null, onInvite = null } = {}) {
  if (!view.invite_code) return unratedNote(view);
  const url = `${location.origin}/join/${view.invite_code}`;
  const open = view.seats.filter((s) => s.kind === "open" || s.kind === "reserved").length;
  if (!open && view.status !== "waiting") return unratedNote(view);
  // Seated at a table that waits: alone, the player may call it off; once another player has
  // joined, the table is theirs too, and the player may only leave it (the seat opens again).
  const waitingWithMe = view.status === "waiting" && view.my_seat !== null;
  const others = view.seats.some((s) => s.kind === "human" && s.seat !== view.my_seat);
  const leaveButton = onLeave && h("button", { class: "btn btn-wide", type: "button", testid: "leave-table", onclick: onLeave }, gettext("Leave this table"));
  return h("section", { class: "panel invite", testid: "invite" }, unratedNote(view),
    h("h2", {}, open ? interpolate(ngettext("Waiting for %(n)s player", "Waiting for %(n)s players", open), { n: number(open) }) : gettext("Invite")),
    view.status === "waiting" ? termsLine(view) : null,
    h("p", {}, gettext("Share this link, or give the code:"), " ", h("strong", { testid: "invite-code" }, view.invite_code)),
    h("input", { class: "invite-link", readOnly: true, value: url, "aria-label": gettext("Invite link"), testid: "invite-link", onfocus: (e) => e.target.select() }),
    h("button", { class: "btn btn-primary btn-wide", type: "button", testid: "share-invite", onclick: () => share(url) }, gettext("Share invite link")),
    open && onInvite && waitingWithMe
      ? h("button", { class: "btn btn-wide", type: "button", testid: "invite-a-friend", onclick: () => pickFriend(view, onInvite) }, gettext("Invite a friend"))
      : null,
    // Nobody is bound to wait for ever: a seated player may start now, bots in the empty seats.
    open && onFill && waitingWithMe
      ? h("button", { class: "btn btn-wide", type: "button", testid: "fill-with-bots", onclick: onFill }, gettext("Start now with bots"))
      : null,
    waitingWithMe ? (others ? leaveButton : onCancel && cancelButton(onCancel)) : null);
}

// Calling a table off takes a second tap on the same button within a few seconds; meanwhile
// the button says what that tap will do.
const ARMED_MS = 5000;
function cancelButton(onCancel) {
  const label = gettext("Call off this match");
  const button = h("button", { class: "btn btn-wide", type: "button", testid: "cancel-match" }, label);
  let disarm = null;
  button.addEventListener("click", () => {
    if (button.dataset.armed) {
      clearTimeout(disarm);
      onCancel();
      return;
    }
    button.dataset.armed = "true";
    button.textContent = gettext("Tap again to call it off: the invitations are withdrawn");
    disarm = setTimeout(() => {
      delete button.dataset.armed;
      button.textContent = label;
    }, ARMED_MS);
  });
  return button;
}

// "Finish after this hand" in an open-ended match, and who has agreed; in a play-off hand,
// that it plays off the tie for first place.
export function finishPanel(view, { onFinish }) {
  const inPlay = view.status === "bidding" || view.status === "playing";
  if (!inPlay || (view.hands !== null && !view.play_off)) return null;
  let text = "";
  if (view.play_off) text = gettext("This hand plays off the tie for first place.");
  else if (view.finish_agreed) text = gettext("Everyone has agreed: the match ends after this hand.");
  else if (view.finish_votes.length) {
    const names = listAnd(view.finish_votes.map((s) => seatName(view, s)));
    text = interpolate(gettext("Agreed to finish after this hand: %(names)s."), { names });
  }
  const canAgree = view.my_seat !== null && !view.play_off && !view.finish_agreed && !view.finish_votes.includes(view.my_seat);
  return h("div", { class: "banner finish-vote", testid: "finish-vote" },
    text ? h("span", { testid: "finish-votes" }, text) : null,
    canAgree ? h("button", { class: "btn btn-small", type: "button", testid: "finish-after-hand", onclick: onFinish },
      gettext("Finish after this hand")) : null);
}
