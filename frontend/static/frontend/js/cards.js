// Cards in the API's notation ("AS", "TH", "2C"): names, display order and faces.
import { h } from "./dom.js";
import { number } from "./format.js";
import { gettext, interpolate, pgettext } from "./i18n.js";

export const SUITS = { S: "♠", H: "♥", C: "♣", D: "♦" };
const suitNames = () => ({ S: pgettext("suit", "spades"), H: pgettext("suit", "hearts"),
  C: pgettext("suit", "clubs"), D: pgettext("suit", "diamonds") });
const rankNames = () => ({ A: pgettext("rank", "Ace"), K: pgettext("rank", "King"),
  Q: pgettext("rank", "Queen"), J: pgettext("rank", "Jack") });
const RANKS = "AKQJT98765432";
// Display order alternates colours: spades (trump) first, then hearts, clubs, diamonds.
const SUIT_ORDER = "SHCD";

export const rankOf = (card) => card[0];
export const suitOf = (card) => card[1];
export const rankLabel = (card) => (card[0] === "T" ? "10" : card[0]);

// What a screen reader says for a card, in the page's language: "King of spades".
export function cardName(card) {
  const rank = rankNames()[card[0]] || number(card[0] === "T" ? 10 : Number(card[0]));
  return interpolate(gettext("%(rank)s of %(suit)s"), { rank, suit: suitNames()[card[1]] });
}

export function cardText(card) {
  return `${rankLabel(card)}${SUITS[card[1]]}`;
}

export function sortCards(cards) {
  const key = (c) => SUIT_ORDER.indexOf(c[1]) * 13 + RANKS.indexOf(c[0]);
  return [...cards].sort((a, b) => key(a) - key(b));
}

// A card face: rank and suit symbol in the top corner, a large symbol in the middle. The four
// suits differ in shape and in colour (four-colour deck), so colour is never needed. A card
// that is not a button is an image named for screen readers ("King of spades").
export function cardFace(card, { tag = "div", small = false, ...attrs } = {}) {
  const suit = card[1];
  return h(tag, {
    class: `card suit-${suit}${small ? " card-small" : ""} ${attrs.class || ""}`.trim(),
    "aria-label": cardName(card),
    role: tag === "button" ? undefined : "img",
    dataset: { card },
    ...Object.fromEntries(Object.entries(attrs).filter(([k]) => k !== "class")),
  },
  h("span", { class: "card-index", "aria-hidden": "true" },
    h("span", { class: card[0] === "T" ? "card-rank ten" : "card-rank" }, rankLabel(card)),
    h("span", { class: "card-suit" }, SUITS[suit])),
  small ? null : h("span", { class: "card-pip", "aria-hidden": "true" }, SUITS[suit]));
}

// Cards of one hand grouped by suit as short text: "♠ A K 9  ♥ Q 4".
export function handBySuit(cards) {
  const groups = SUIT_ORDER.split("").map((suit) => {
    const ranks = sortCards(cards.filter((c) => c[1] === suit)).map(rankLabel);
    return { suit, ranks };
  });
  return groups.filter((g) => g.ranks.length);
}
