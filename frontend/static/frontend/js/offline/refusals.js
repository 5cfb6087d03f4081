// The engine's refusals in the player's language, for a match refereed on this phone: the
// worker's engine gives a stable code and its facts (cards, suits, numbers) and the sentence
// is chosen here, from the djangojs catalogue. The same sentences as the server's
// (games/api/refusals.py), so a card refused offline reads as it does online.
import { cardText } from "../cards.js";
import { number } from "../format.js";
import { gettext, interpolate, ngettext, pgettext } from "../i18n.js";

const suit = (letter) => ({ S: pgettext("suit", "spades"), H: pgettext("suit", "hearts"),
  C: pgettext("suit", "clubs"), D: pgettext("suit", "diamonds") })[letter] || String(letter);
const capital = (text) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

function mustPlay(p) {
  const held = p.cards || [];
  return interpolate(ngettext(
    "You hold %(cards)s, which beats the %(winning)s — you must play it.",
    "You hold %(cards)s, which beat the %(winning)s — you must play one of them.",
    held.length,
  ), { cards: held.map(cardText).join(", "), winning: cardText(p.winning) });
}

const SENTENCES = {
  not_in_hand: (p) => interpolate(gettext("You do not hold %(card)s."), { card: cardText(p.card) }),
  spade_lead: (p) => (p.first_trick
    ? gettext("Spades may not be led to the first trick while you hold another suit.")
    : gettext("Spades are not broken yet, so lead another suit.")),
  must_follow: (p) => interpolate(gettext("%(suit)s were led and you hold some: you must follow suit."), { suit: capital(suit(p.led)) }),
  must_beat: mustPlay,
  must_overtrump: (p) => `${interpolate(gettext("You have no %(suit)s."), { suit: suit(p.led) })} ${mustPlay(p)}`,
  must_trump: (p) => interpolate(gettext("You have no %(suit)s, so you must play a spade."), { suit: suit(p.led) }),
  not_your_turn: () => gettext("It is not your turn."),
  bad_call: (p) => interpolate(gettext("Calls in this match run from %(min)s to %(max)s."), { min: number(p.min), max: number(p.max) }),
  wrong_phase: () => gettext("That cannot be done at this point of the match."),
  no_redeal: () => gettext("A redeal cannot be asked for now."),
  bad_action: () => gettext("That move is not understood."),
  bad_card: () => gettext("That is not a card."),
  stale: () => gettext("The table has moved on: here it is as it stands."),
  not_found: () => gettext("This match is not kept on this phone."),
  offline_not_ready: () => gettext("Offline play is not on this phone yet: make it available in Settings."),
};

// What the player reads for the refusal ``code`` with its facts ``params``.
export function refusalSentence(code, params) {
  try {
    const sentence = SENTENCES[code];
    if (sentence) return sentence(params || {});
  } catch {
    /* facts it cannot word: the general sentence below */
  }
  return gettext("The computer players stopped: reload the page to go on.");
}
