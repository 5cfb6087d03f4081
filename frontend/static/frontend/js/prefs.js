// Table preferences kept on this phone: animation speed, sound, and how a tap plays a card.
const KEY = "cb-prefs";
const REDUCED = matchMedia("(prefers-reduced-motion: reduce)").matches;

// Players who ask their system for less motion get none unless they pick a speed here.
const DEFAULTS = { speed: REDUCED ? "off" : "normal", muted: false, confirmTap: false };

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
