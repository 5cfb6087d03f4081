// Preferences kept on this phone: animation speed, sound, how a tap plays a card, and the
// pace and rated-ness of the last search for players (paces.js).
const KEY = "cb-prefs";
const REDUCED = matchMedia("(prefers-reduced-motion: reduce)").matches;

// Players who ask their system for less motion get none unless they pick a speed here.
const DEFAULTS = { speed: REDUCED ? "off" : "normal", muted: false, confirmTap: false, pace: null, rated: true };

// How long motion takes at each speed, as a multiple of the normal durations.
export const SPEEDS = { off: 0, slow: 1.6, normal: 1, fast: 0.55 };

function stored() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

export function prefs() {
  return { ...DEFAULTS, ...stored() };
}

export function setPref(name, value) {
  localStorage.setItem(KEY, JSON.stringify({ ...stored(), [name]: value }));
}

export function motionScale() {
  return SPEEDS[prefs().speed] ?? 1;
}

// The pauses that let a player follow other players' moves, as a multiple of the usual
// ones: 1, unless "cb-pause-scale" in localStorage says otherwise (tests that are not about
// timing set 0, so a match plays as fast as its moves arrive).
export function pauseScale() {
  const stored = localStorage.getItem("cb-pause-scale");
  return stored !== null && Number.isFinite(Number(stored)) ? Number(stored) : 1;
}
