// Numbers, clocks and dates in the page's language, through Intl. Nepali and Bengali count in
// their own digits by default (CLDR's default numbering for "ne" is "deva", for "bn" "beng";
// Hindi's is Latin), unless the player asked for Latin digits in Settings.
import { gettext, interpolate, language, ngettext, pgettext } from "./i18n.js";

// Chromium's own ICU data leaves some languages out (Nepali among them), and Intl then answers
// in English. Such a language borrows a neighbour's rules (Nepali writes numbers as Hindi does,
// in lakhs) with its own digits, and dates in figures rather than English month names.
const BORROWED = { ne: { tag: "hi", digits: "deva" } };

let latin = false;
const formats = new Map();

export function setLatinDigits(value) {
  latin = Boolean(value);
  formats.clear();
}

export function latinDigits() {
  return latin;
}

// Whether this browser's Intl knows the page's language.
function known() {
  return Intl.NumberFormat.supportedLocalesOf([language()]).length > 0;
}

function locale() {
  const borrowed = !known() && BORROWED[language()];
  const tag = borrowed ? borrowed.tag : language();
  if (latin) return `${tag}-u-nu-latn`;
  return borrowed ? `${tag}-u-nu-${borrowed.digits}` : tag;
}

function formatter(kind, options) {
  const key = `${kind}|${locale()}|${JSON.stringify(options)}`;
  if (!formats.has(key)) {
    const make = kind === "date" ? Intl.DateTimeFormat : Intl.NumberFormat;
    formats.set(key, new make(locale(), options));
  }
  return formats.get(key);
}

// A whole count or any plain number: 13 → "१३" in Nepali.
export function number(n, options = {}) {
  return formatter("number", options).format(n);
}

// Scores are integers in tenths: 32 → "3.2", -40 → "−4", 0 → "0". The minus is U+2212 in
// every language (Intl's hyphen-minus reads as a dash beside the digits).
export function score(tenths) {
  if (tenths === null || tenths === undefined) return "–";
  const text = number(Math.abs(tenths) / 10, { maximumFractionDigits: 1 });
  return tenths < 0 ? `−${text}` : text;
}

export function percent(value) {
  return number(value / 100, { style: "percent", maximumFractionDigits: 0 });
}

// Places are 1 to 4.
export function ordinal(place) {
  const words = [pgettext("place", "1st"), pgettext("place", "2nd"), pgettext("place", "3rd"), pgettext("place", "4th")];
  return words[place - 1] || number(place);
}

const two = (n) => number(n, { minimumIntegerDigits: 2 });

// The time left until an ISO deadline: "0:45", "12:30", "3 h 20 min", "2 days". The format
// follows the length of the whole turn (``span``, in seconds) when it is known, so a clock
// never changes its format while it runs down.
export function timeLeft(deadline, span = null, now = Date.now()) {
  if (!deadline) return "";
  const left = Math.max(0, Math.round((Date.parse(deadline) - now) / 1000));
  // A turn never shows more time than it has (the phone's clock may run behind the server's).
  const secs = span ? Math.min(span, left) : left;
  const scale = span ?? secs;
  if (scale <= 3600) return `${number(Math.floor(secs / 60))}:${two(secs % 60)}`;
  const hours = Math.floor(secs / 3600);
  if (scale < 172800 || hours < 48) {
    return interpolate(gettext("%(hours)s h %(minutes)s min"),
      { hours: number(hours), minutes: number(Math.floor((secs % 3600) / 60)) });
  }
  const days = Math.floor(hours / 24);
  return interpolate(ngettext("%(n)s day", "%(n)s days", days), { n: number(days) });
}

// A turn time of the new-match form: "30 seconds", "1 day".
export function duration(seconds) {
  if (seconds < 60) return interpolate(ngettext("%(n)s second", "%(n)s seconds", seconds), { n: number(seconds) });
  if (seconds < 3600) {
    const n = seconds / 60;
    return interpolate(ngettext("%(n)s minute", "%(n)s minutes", n), { n: number(n) });
  }
  if (seconds < 86400) {
    const n = seconds / 3600;
    return interpolate(ngettext("%(n)s hour", "%(n)s hours", n), { n: number(n) });
  }
  const n = seconds / 86400;
  return interpolate(ngettext("%(n)s day", "%(n)s days", n), { n: number(n) });
}

export function date(iso) {
  if (!iso) return "";
  const month = known() ? "short" : "numeric";
  return formatter("date", { day: "numeric", month }).format(new Date(iso));
}

// Names one after the other: "Asha, Ram, Sita".
export function list(items) {
  return items.join(", ");
}

// Names joined by "and": "Asha and Ram", "Asha, Ram and Sita".
export function listAnd(items) {
  if (known()) return new Intl.ListFormat(language(), { type: "conjunction" }).format(items);
  if (items.length < 2) return items.join("");
  return interpolate(gettext("%(names)s and %(last)s"), { names: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}
