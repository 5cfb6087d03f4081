// Panels around the table: hand-end scores, final standings, invites, the last trick.
import { cardFace } from "../cards.js";
import { h, ordinal, score, toast } from "../dom.js";
import { handLabel } from "../handlabel.js";
import { gettext, interpolate, language, pgettext } from "../i18n.js";
import { ratingChange } from "../ratingsheet.js";
import { seatName } from "./tableview.js";

// Every scored hand: a row per hand, a column per seat; each cell shows the hand's points and,
// below them, the tricks won and the call, labelled.
export function scoreTable(view, { only = null } = {}) {
  const results = only === null ? view.hand_results : view.hand_results.filter((r) => r.hand_number === only);
  const seats = [0, 1, 2, 3];
  return h("table", { class: "scores", testid: "score-table" },
    h("caption", { class: "muted" }, "Points per hand; below them, tricks won of the call."),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Hand"),
      seats.map((s) => h("th", { scope: "col" }, seatName(view, s))))),
    h("tbody", {}, results.map((r) => h("tr", {},
      h("th", { scope: "row" }, String(r.hand_number),
        r.play_off ? h("small", { class: "tag", testid: "play-off-mark" }, pgettext("hand", "play-off")) : null),
      seats.map((s) => h("td", { class: r.scores[s] < 0 ? "neg" : "" },
        h("strong", {}, score(r.scores[s])),
        h("small", {}, `won ${r.tricks_won[s]} of ${r.calls[s]}`)))))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"),
      seats.map((s) => h("td", { testid: "score-total" }, h("strong", {}, score(view.scores[s])))))));
}

// One hand's result: a row per seat with its call, tricks won, points and running total.
export function handEndTable(view, result) {
  const col = (text) => h("th", { scope: "col" }, text);
  return h("table", { class: "scores hand-scores", testid: "hand-table" },
    h("caption", { class: "sr-only" }, `Hand ${result.hand_number} result`),
    h("thead", {}, h("tr", {}, col("Player"), col("Call"), col("Won"), col("Points"), col("Total"))),
    h("tbody", {}, [0, 1, 2, 3].map((s) => h("tr", { class: s === view.my_seat ? "is-me" : "" },
      h("th", { scope: "row" }, seatName(view, s)),
      h("td", { testid: "hand-call" }, String(result.calls[s])),
      h("td", { testid: "hand-won" }, String(result.tricks_won[s])),
      h("td", { class: result.scores[s] < 0 ? "neg" : "", testid: "hand-points" }, h("strong", {}, score(result.scores[s]))),
      h("td", { testid: "hand-total" }, score(result.totals[s]))))));
}

export function dialog(title, body, { testid, actions = [] } = {}) {
  const box = h("dialog", { class: "sheet", testid, "aria-label": title },
    h("h2", {}, title), body,
    h("div", { class: "row" }, actions,
      h("button", { class: "btn", type: "button", testid: "dialog-close", onclick: () => box.close() }, "Close")));
  box.addEventListener("close", () => box.remove());
  document.body.append(box);
  box.showModal();
  return box;
}

export function showHandEnd(view, result) {
  const body = h("div", {},
    h("p", { class: "muted" }, handLabel(result.hand_number, view.hands, result.play_off)),
    handEndTable(view, result));
  return dialog(`Hand ${result.hand_number} scored`, body, { testid: "hand-end" });
}

export function showAllScores(view) {
  if (!view.hand_results.length) {
    toast("No hand has been scored yet.", "info");
    return null;
  }
  return dialog("Scores", scoreTable(view), { testid: "scores-dialog" });
}

export function showLastTrick(view) {
  const last = view.last_trick;
  if (!last) {
    toast("No trick has been completed yet.", "info");
    return null;
  }
  const body = h("ol", { class: "last-trick" }, last.cards.map(({ seat, card }) =>
    h("li", { class: seat === last.winner ? "won" : "" }, cardFace(card, { small: true }),
      h("span", {}, seatName(view, seat)), seat === last.winner ? h("strong", {}, " won") : null)));
  return dialog("Last trick", body, { testid: "last-trick" });
}

// The match-end sheet: places, totals, every hand, a rematch and the replay.
export function standings(view, { onRematch }) {
  const order = [0, 1, 2, 3].sort((a, b) => view.places[a] - view.places[b] || view.scores[b] - view.scores[a]);
  const mine = view.my_seat !== null ? view.places[view.my_seat] : null;
  const winners = order.filter((s) => view.places[s] === 1).map((s) => seatName(view, s));
  const title = mine === 1 ? "You won!" : mine ? `You finished ${ordinal(mine)}` : "Final standings";
  return h("section", { class: "panel standings", testid: "standings", "aria-label": "Final standings" },
    h("div", { class: "winner", testid: "winner" },
      h("span", { class: "trophy", "aria-hidden": "true" }, mine === 1 ? "★" : "♠"),
      h("h2", {}, title),
      h("p", { class: "muted" }, mine === 1 ? "Well played." : `${winners.join(" and ")} won the match.`),
      ratingChange(view)),
    h("ol", { class: "standing-list" }, order.map((s) => h("li", { class: s === view.my_seat ? "is-me" : "", testid: "standing" },
      h("span", { class: `place place-${view.places[s]}` }, ordinal(view.places[s])),
      h("span", { class: "name" }, seatName(view, s)),
      h("strong", {}, score(view.scores[s]))))),
    scoreTable(view),
    h("div", { class: "row" },
      h("button", { class: "btn btn-primary", type: "button", testid: "rematch", onclick: onRematch }, "Rematch"),
      h("a", { class: "btn", href: `/replay/${view.id}`, testid: "open-replay" }, "Replay"),
      h("a", { class: "btn", href: "/" }, "Lobby")));
}

export async function share(url) {
  const data = { title: "Call Break", text: "Join my Call Break match", url };
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
    toast("Invite link copied.", "info");
  } catch {
    toast(`Copy this link: ${url}`, "info", 12000);
  }
}

export function invitePanel(view) {
  if (!view.invite_code) return null;
  const url = `${location.origin}/join/${view.invite_code}`;
  const open = view.seats.filter((s) => s.kind === "open" || s.kind === "reserved").length;
  if (!open && view.status !== "waiting") return null;
  return h("section", { class: "panel invite", testid: "invite" },
    h("h2", {}, open ? `Waiting for ${open} player${open > 1 ? "s" : ""}` : "Invite"),
    h("p", {}, "Share this link, or give the code ", h("strong", { testid: "invite-code" }, view.invite_code), "."),
    h("input", { class: "invite-link", readOnly: true, value: url, "aria-label": "Invite link", testid: "invite-link", onfocus: (e) => e.target.select() }),
    h("button", { class: "btn btn-primary btn-wide", type: "button", testid: "share-invite", onclick: () => share(url) }, "Share invite link"));
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
    const names = new Intl.ListFormat(language()).format(view.finish_votes.map((s) => seatName(view, s)));
    text = interpolate(gettext("Agreed to finish after this hand: %(names)s."), { names });
  }
  const canAgree = view.my_seat !== null && !view.play_off && !view.finish_agreed && !view.finish_votes.includes(view.my_seat);
  return h("div", { class: "banner finish-vote", testid: "finish-vote" },
    text ? h("span", { testid: "finish-votes" }, text) : null,
    canAgree ? h("button", { class: "btn btn-small", type: "button", testid: "finish-after-hand", onclick: onFinish },
      gettext("Finish after this hand")) : null);
}
