// How a hand is named wherever the match's length shows: "Hand 7 of 10"; "Hand 7" when the
// match has no fixed end; a hand that plays off a tie for first place says so.
import { number as count, duration } from "./format.js";
import { gettext, interpolate, ngettext } from "./i18n.js";

export function handLabel(number, hands, playOff = false) {
  if (playOff) return interpolate(gettext("Play-off hand %(number)s"), { number: count(number) });
  if (hands === null || hands === undefined) return interpolate(gettext("Hand %(number)s"), { number: count(number) });
  return interpolate(gettext("Hand %(number)s of %(hands)s"), { number: count(number), hands: count(hands) });
}

// "5 hands", or for an open-ended match "no fixed end, 7 hands" (the hands it has lasted).
export function handsLabel(hands, played) {
  if (hands !== null && hands !== undefined) {
    return interpolate(ngettext("%(count)s hand", "%(count)s hands", hands), { count: count(hands) });
  }
  return interpolate(ngettext("no fixed end, %(count)s hand", "no fixed end, %(count)s hands", played), { count: count(played) });
}

// What a match asks of a player before they sit down: "5 hands", "30 seconds a turn".
export function termsOf(hands, turnSeconds) {
  return [handsLabel(hands, 0), interpolate(gettext("%(time)s a turn"), { time: duration(turnSeconds) })];
}
