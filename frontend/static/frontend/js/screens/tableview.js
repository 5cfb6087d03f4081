// Drawing the table from a match view: seats around, the trick in the middle, my hand below.
import { cardFace, cardName } from "../cards.js";
import { avatarHue, h, initials, keyed, seatLabel } from "../dom.js";
import { number, score, timeLeft } from "../format.js";
import { gettext, interpolate, ngettext, pgettext } from "../i18n.js";

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
  if (seat === view.my_seat) return gettext("You");
  return seatLabel(view.seats[seat]);
}

const isBot = (info) => info.kind.startsWith("bot:");

// A bot's level in the page's language ("normal"); an unknown level keeps its code.
function levelName(info) {
  const level = info.level || info.kind.slice(4);
  const names = { easy: pgettext("bot level", "easy"), normal: pgettext("bot level", "normal"), hard: pgettext("bot level", "hard") };
  return names[level] || level;
}

// Whether the clock means anything: bots play at once, so their turn shows none.
export function clockRuns(view) {
  if (!view.deadline || view.status === "finished" || view.turn === null) return false;
  const info = view.seats[view.turn];
  return Boolean(info) && !isBot(info) && !info.autopilot;
}

// "Asha, normal bot, called 3, won 1, total 4.1": what a screen reader hears for a seat.
export function seatSummary(view, seat, won) {
  const info = view.seats[seat];
  const call = view.calls?.[seat];
  const parts = [seatName(view, seat)];
  if (isBot(info)) parts.push(interpolate(gettext("%(level)s bot"), { level: levelName(info) }));
  if (info.autopilot) parts.push(gettext("on autopilot"));
  if (seat === view.dealer) parts.push(gettext("dealer"));
  parts.push(call === null || call === undefined ? gettext("no call yet") : interpolate(gettext("called %(n)s"), { n: number(call) }));
  parts.push(interpolate(gettext("won %(n)s"), { n: number(won) }),
    interpolate(gettext("total %(total)s"), { total: score(view.scores?.[seat] ?? 0) }));
  if (view.turn === seat && view.status !== "finished") parts.push(view.status === "bidding" ? gettext("to call") : gettext("to play"));
  return parts.join(", ");
}

function avatar(view, seat) {
  const info = view.seats[seat];
  const name = seat === view.my_seat ? seatLabel(info) : seatName(view, seat);
  return h("span", { class: "avatar", style: `--hue:${avatarHue(info.name || name)}`, "aria-hidden": "true" },
    info.kind === "open" ? "?" : initials(name),
    info.kind === "human" ? h("span", { class: `dot${info.online ? " online" : ""}` }) : null,
    seat === view.dealer ? h("span", { class: "dealer-chip", title: gettext("dealer") }, pgettext("dealer chip", "D")) : null,
    isBot(info) ? h("span", { class: `level level-${info.level || "bot"}` }, info.level ? levelName(info) : pgettext("seat kind", "bot"))
      : info.kind === "reserved" ? h("span", { class: "level" }, pgettext("seat kind", "invited")) : null);
}

function stats(view, seat, won) {
  const call = view.calls?.[seat];
  return h("span", { class: "seat-stats", "aria-hidden": "true" },
    h("span", { class: "chip", testid: "seat-call" }, interpolate(pgettext("bid", "Call %(n)s"), { n: call === null || call === undefined ? "–" : number(call) })),
    h("span", { class: "chip", testid: "seat-won" }, interpolate(gettext("Won %(n)s"), { n: number(won) })),
    h("span", { class: "seat-total", testid: "seat-total" }, score(view.scores?.[seat] ?? 0)));
}

// One seat: avatar with its level badge, name, call, tricks won and running total. ``won``
// may lag the view while a finished trick is still sweeping to its winner.
export function seatPanel(view, seat, won) {
  const info = view.seats[seat];
  const pos = position(view, seat);
  const turn = view.turn === seat && view.status !== "finished";
  return h("div", {
    class: `seat seat-${pos}${turn ? " is-turn" : ""}${seat === view.my_seat ? " is-me" : ""}`,
    testid: `seat-${pos}`, dataset: { seat }, role: "group", "aria-label": seatSummary(view, seat, won),
  },
  avatar(view, seat),
  h("span", { class: "seat-text" },
    // An invited player's name alone: "invited" is the badge on the avatar, as a bot's level is.
    h("span", { class: "seat-name", "aria-hidden": "true" }, info.kind === "reserved" && info.name ? info.name : seatName(view, seat),
      info.autopilot ? h("span", { class: "tag tag-warn" }, gettext("autopilot")) : null,
      info.kind === "external" ? h("span", { class: "tag" }, gettext("program")) : null),
    stats(view, seat, won)));
}

// The trick in the middle as a cross: each card in front of the seat that played it, none
// covering another, so every corner index can be read. Draws into the table's one trick
// area, keeping the cards already there; returns the cards it added.
export function drawTrick(area, view, cards, { winner = null } = {}) {
  const names = cards.map((c) => interpolate(gettext("%(name)s: %(card)s"), { name: seatName(view, c.seat), card: cardName(c.card) })).join("; ");
  setAttr(area, "aria-label", cards.length ? interpolate(gettext("Trick. %(cards)s. Shows the last trick."), { cards: names })
    : gettext("No cards played yet. Shows the last trick."));
  const seatOf = new Map(cards.map((c) => [c.card, c.seat]));
  // The led card is marked: its suit is the one the others must follow.
  const led = cards[0]?.card;
  const look = (card) => `card suit-${card[1]} trick-card at-${position(view, seatOf.get(card))}${card === led ? " led" : ""}${winner === seatOf.get(card) ? " won" : ""}`;
  return keyed(area, cards.map((c) => c.card), (el) => el.dataset.card,
    (card) => cardFace(card, { testid: "trick-card", dataset: { card, seat: seatOf.get(card) } }),
    (el, card) => {
      setClass(el, look(card));
      el.dataset.seat = seatOf.get(card);
    });
}

function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function setClass(el, value) {
  if (el.className !== value) el.className = value;
}

function setStyle(el, name, value) {
  if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}

export function statusLine(view, flash = null) {
  let text;
  const name = (seat) => ({ name: seatName(view, seat) });
  if (flash) text = flash.winner === view.my_seat ? gettext("You won the trick") : interpolate(gettext("%(name)s won the trick"), name(flash.winner));
  else if (view.status === "waiting") text = gettext("Waiting for players to join");
  else if (view.status === "finished") text = gettext("Match over");
  else if (view.turn === view.my_seat) text = view.status === "bidding" ? gettext("Your call") : gettext("Your turn");
  else if (view.turn !== null) {
    text = interpolate(view.status === "bidding" ? gettext("%(name)s to call") : gettext("%(name)s to play"), name(view.turn));
  } else text = gettext("Dealing…");
  const mine = view.my_seat !== null && view.turn === view.my_seat && view.status !== "finished" && !flash;
  return h("p", { class: `status${mine ? " status-mine" : ""}`, testid: "turn-status" },
    h("span", {}, text),
    clockRuns(view)
      ? h("span", { class: "countdown", testid: "countdown", dataset: { deadline: view.deadline, span: view.turn_seconds }, "aria-label": gettext("time left") },
        timeLeft(view.deadline, view.turn_seconds))
      : null);
}

// My hand, fanned: sorted by suit (the server's display order). On my turn the legal cards
// lift and the rest are greyed (still readable); otherwise every card is at full colour.
// Draws into the table's one hand element: a card stays the same element from the deal until
// it is played, so a move changes only the cards whose look changes. ``locked`` (a view kept
// on the phone, not yet confirmed by the server) leaves the cards drawn but not tappable.
export function drawHand(el, view, { onTap, busy, locked = false, selected = null }) {
  const legal = new Set(view.status === "playing" ? view.legal : []);
  const myTurn = view.turn === view.my_seat && view.status === "playing";
  const cards = view.hand || [];
  const mid = (cards.length - 1) / 2;
  setClass(el, `hand${myTurn ? " hand-active" : ""}`);
  setAttr(el, "aria-label", interpolate(ngettext("Your hand, %(n)s card", "Your hand, %(n)s cards", cards.length), { n: number(cards.length) }));
  setAttr(el, "aria-busy", String(busy));
  setStyle(el, "--n", String(Math.max(cards.length, 1)));
  keyed(el, cards, (button) => button.dataset.card,
    (card) => {
      const button = cardFace(card, { tag: "button", type: "button", testid: "hand-card" });
      button.addEventListener("click", (event) => onTap(card, event));
      return button;
    },
    (button, card, i) => {
      const ok = legal.has(card);
      const state = myTurn ? (ok ? " legal" : " dimmed") : "";
      setClass(button, `card suit-${card[1]}${state}${card === selected ? " selected" : ""}`);
      setStyle(button, "--r", `${((i - mid) * 1.1).toFixed(1)}deg`);
      setStyle(button, "--y", `${((i - mid) ** 2 * 0.3).toFixed(1)}px`);
      setAttr(button, "aria-disabled", myTurn && !ok ? "true" : "false");
      if (button.disabled !== locked) button.disabled = locked;
      if (card === selected) setAttr(button, "aria-pressed", "true");
      else button.removeAttribute("aria-pressed");
    });
}

export function callPicker(view, { onCall, onRedeal, busy, locked = false }) {
  let chosen = null;
  const hint = view.suggested_call;
  const confirm = h("button", { class: "btn btn-primary btn-wide", type: "button", disabled: true, testid: "call-confirm" }, gettext("Choose a call"));
  const options = view.legal.map((n) => h("button", {
    class: `call-option${n === hint ? " hinted" : ""}`, type: "button", testid: `call-option-${n}`, "aria-pressed": "false", disabled: locked,
    "aria-label": n === hint ? interpolate(gettext("%(n)s, suggested"), { n: number(n) }) : number(n),
    onclick: (event) => {
      chosen = n;
      for (const b of options) b.setAttribute("aria-pressed", String(b === event.currentTarget));
      confirm.disabled = false;
      confirm.textContent = interpolate(pgettext("bid", "Call %(n)s"), { n: number(n) });
    },
  }, number(n)));
  confirm.addEventListener("click", () => { if (chosen !== null) onCall(chosen); });
  return h("section", { class: "call-picker", testid: "call-picker", "aria-label": gettext("Your call"), "aria-busy": String(busy) },
    h("h2", {}, gettext("How many tricks will you take?")),
    hint !== null && hint !== undefined
      ? h("p", { class: "call-hint", testid: "call-hint" }, interpolate(gettext("A normal bot would call %(n)s with this hand."), { n: number(hint) }))
      : null,
    h("div", { class: "call-grid" }, options), confirm,
    view.can_redeal ? h("button", { class: "btn btn-wide", type: "button", testid: "redeal", disabled: locked, onclick: onRedeal }, gettext("Ask for a redeal")) : null);
}
