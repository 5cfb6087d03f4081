// The paces a seek for strangers may ask for, and how a seek reads: "30 seconds a turn · rated".
// The last pace and rated-ness used are kept on this phone, so the next search is one tap.
import { duration, number } from "./format.js";
import { gettext, interpolate } from "./i18n.js";
import { prefs, setPref } from "./prefs.js";

// Live paces are played in one sitting; slow ones whenever each player can.
export const PACES = [
  { pace: "15s", seconds: 15, live: true },
  { pace: "30s", seconds: 30, live: true },
  { pace: "60s", seconds: 60, live: true },
  { pace: "1h", seconds: 3600, live: false },
  { pace: "1d", seconds: 86400, live: false },
  { pace: "3d", seconds: 259200, live: false },
];

// How long a live seek waits for people before bots take the empty seats.
export const BOTS_AFTER_SECONDS = 20;

export const paceOf = (name) => PACES.find((p) => p.pace === name) || null;

export function paceLabel(name) {
  const pace = paceOf(name);
  return pace ? interpolate(gettext("%(time)s a turn"), { time: duration(pace.seconds) }) : name;
}

export function seekLabel({ pace, rated }) {
  return interpolate(rated ? gettext("%(pace)s · rated") : gettext("%(pace)s · casual"), { pace: paceLabel(pace) });
}

// The last search: null before the first one. Guests play casual matches only.
export function lastSeek(user) {
  const { pace, rated } = prefs();
  if (!paceOf(pace)) return null;
  return { pace, rated: Boolean(rated) && !user?.is_guest };
}

export function keepSeek({ pace, rated }) {
  setPref("pace", pace);
  setPref("rated", rated);
}

// The body of POST /api/seeks/: bots may fill a live table, a slow one waits for people.
export function seekBody({ pace, rated }) {
  return { pace, rated, bots_after_seconds: paceOf(pace)?.live ? BOTS_AFTER_SECONDS : null };
}

// "Finding players… 2 of 4": the searcher counts among the players found.
export function foundText(seek) {
  return interpolate(gettext("Finding players… %(found)s of %(seats)s"), { found: number(seek.players_found ?? 1), seats: number(4) });
}
