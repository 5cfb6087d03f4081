// Drawing the table from a match view: seats around, the trick in the middle, my hand below.
import { cardFace, cardText } from "../cards.js";
import { h, score, seatLabel, timeLeft } from "../dom.js";

const POSITIONS = ["bottom", "right", "top", "left"];

// Where a seat sits on screen: me at the bottom; the next player in playing order on the
// right (counter-clockwise play), or on the left when the match draws the table clockwise.
export function position(view, seat) {
  const me = view.my_seat ?? 0;
  const offset = (seat - me + 4) % 4;
  if (view.rules?.clockwise && offset % 2 === 1) return POSITIONS[4 - offset];
  return POSITIONS[offset];
}

export function seatName(view, seat) {
  if (seat === view.my_seat) return "You";
  return seatLabel(view.seats[seat]);
}

function kindBadge(seat) {
  if (seat.kind.startsWith("bot:") && !/bot/i.test(seat.name || "")) return h("span", { class: "tag" }, "bot");
  if (seat.kind === "external") return h("span", { class: "tag" }, "program");
  return null;
}

function seatPanel(view, seat) {
  const info = view.seats[seat];
  const pos = position(view, seat);
  const call = view.calls?.[seat];
  const turn = view.turn === seat && view.status !== "finished";
  return h("div", {
    class: `seat seat-${pos}${turn ? " is-turn" : ""}${seat === view.my_seat ? " is-me" : ""}`,
    testid: `seat-${pos}`, dataset: { seat },
    "aria-label": `${seatName(view, seat)}${turn ? ", to play" : ""}`,
  },
  h("span", { class: "seat-name" },
    info.kind === "human" ? h("span", { class: `dot${info.online ? " online" : ""}`, title: info.online ? "online" : "away" }) : null,
    seatName(view, seat), seat === view.dealer ? h("span", { class: "tag", title: "dealer" }, "D") : null,
    kindBadge(info), info.autopilot ? h("span", { class: "tag tag-warn" }, "autopilot") : null),
  h("span", { class: "seat-stats" },
    h("span", { testid: "seat-call" }, `Call ${call ?? "–"}`),
    h("span", { testid: "seat-won" }, `Won ${view.tricks_won?.[seat] ?? 0}`),
    h("span", { class: "seat-total", testid: "seat-total" }, score(view.scores?.[seat] ?? 0))));
}

// The trick in the middle: each card pushed towards the seat that played it.
export function trickArea(view, cards, { winner = null, onTap } = {}) {
  const area = h("button", { class: "trick", type: "button", testid: "trick", onclick: onTap,
    "aria-label": cards.length ? `Trick: ${cards.map((c) => `${seatName(view, c.seat)} ${cardText(c.card)}`).join(", ")}. Tap for the last trick.`
      : "No cards played yet. Tap for the last trick." });
  cards.forEach(({ seat, card }, order) => {
    area.append(cardFace(card, { class: `trick-card at-${position(view, seat)}${winner === seat ? " won" : ""}`,
      testid: "trick-card", style: `z-index:${order + 1}` }));
  });
  return area;
}

export function tableTop(view, trick) {
  return h("div", { class: "felt", testid: "table" },
    view.seats.map((s) => seatPanel(view, s.seat)), trick);
}

export function statusLine(view, flash = null) {
  let text;
  if (flash) text = `${seatName(view, flash.winner)} won the trick`;
  else if (view.status === "waiting") text = "Waiting for players to join";
  else if (view.status === "finished") text = "Match over";
  else if (view.turn === view.my_seat) text = view.status === "bidding" ? "Your call" : "Your turn to play";
  else if (view.turn !== null) text = `${seatName(view, view.turn)} to ${view.status === "bidding" ? "call" : "play"}`;
  else text = "Dealing…";
  const mine = view.turn === view.my_seat && view.status !== "finished";
  return h("p", { class: `status${mine ? " status-mine" : ""}`, testid: "turn-status" },
    h("span", {}, text),
    view.deadline && view.status !== "finished"
      ? h("span", { class: "countdown", testid: "countdown", dataset: { deadline: view.deadline }, "aria-label": "time left" }, timeLeft(view.deadline))
      : null);
}

// My hand: legal cards raised and tappable; the rest dimmed. A tap on a dimmed card during my
// turn asks the referee anyway, so the player reads why that card may not be played.
export function handRow(view, { onPlay, onRefused, busy }) {
  const legal = new Set(view.status === "playing" ? view.legal : []);
  const myTurn = view.turn === view.my_seat && view.status === "playing";
  return h("div", { class: `hand${myTurn ? " hand-active" : ""}`, testid: "hand", role: "group", "aria-label": "Your hand" },
    (view.hand || []).map((card) => {
      const ok = legal.has(card);
      return cardFace(card, {
        tag: "button", type: "button", class: ok ? "legal" : "dimmed", testid: "hand-card",
        "aria-disabled": ok ? "false" : "true", disabled: busy,
        onclick: () => (ok ? onPlay(card) : onRefused(card)),
      });
    }));
}

export function callPicker(view, { onCall, onRedeal, busy }) {
  let chosen = null;
  const confirm = h("button", { class: "btn btn-primary btn-wide", type: "button", disabled: true, testid: "call-confirm" }, "Choose a call");
  const options = view.legal.map((n) => h("button", {
    class: "call-option", type: "button", testid: `call-option-${n}`, "aria-pressed": "false", disabled: busy,
    onclick: (event) => {
      chosen = n;
      for (const b of options) b.setAttribute("aria-pressed", String(b === event.currentTarget));
      confirm.disabled = false;
      confirm.textContent = `Call ${n}`;
    },
  }, String(n)));
  confirm.addEventListener("click", () => { if (chosen !== null) onCall(chosen); });
  return h("section", { class: "call-picker", testid: "call-picker", "aria-label": "Your call" },
    h("h2", {}, "How many tricks will you take?"),
    h("div", { class: "call-grid" }, options), confirm,
    view.can_redeal ? h("button", { class: "btn btn-wide", type: "button", testid: "redeal", onclick: onRedeal }, "Ask for a redeal") : null);
}
