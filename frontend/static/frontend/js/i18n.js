// Words the player reads, in the chosen language. The catalogue is the "djangojs" domain of
// the same locale/<code>/LC_MESSAGES .po files the server translates from, served as JSON at
// /i18n/<code>.json. Messages are plain string literals so `makemessages -d djangojs` finds
// them: gettext("Play"), ngettext("%(n)s trick", "%(n)s tricks", n), pgettext("bid", "Call").
// Never join translated fragments: one message with named %(placeholders)s.
// The shell carries the catalogue of its own language in a JSON data block (#i18n-catalog), so
// the first screen is drawn translated without another request.

let code = document.documentElement.lang || "en";
let catalog = {};
let pluralOf = (n) => (n === 1 ? 0 : 1);
const listeners = new Set();

// Plural-Forms of our catalogues are simple comparisons; the page's policy forbids eval, so
// the expressions we use are mapped here rather than compiled. Nepali and Bengali say "n != 1",
// Hindi "n > 1" (zero takes the singular), as in CLDR and Django's own catalogues.
const PLURALS = {
  "n != 1": (n) => (n !== 1 ? 1 : 0),
  "n > 1": (n) => (n > 1 ? 1 : 0),
  "0": () => 0,
};

function load(body) {
  catalog = body.catalog || {};
  const expression = String(body.plural || "n != 1").replace(/[()\s]+/g, " ").trim();
  pluralOf = PLURALS[expression] || PLURALS["n != 1"];
}

const inlined = document.getElementById("i18n-catalog");
if (inlined) load(JSON.parse(inlined.textContent));

function entry(key) {
  return Object.prototype.hasOwnProperty.call(catalog, key) ? catalog[key] : undefined;
}

export function gettext(msgid) {
  const found = entry(msgid);
  if (typeof found === "string" && found) return found;
  return Array.isArray(found) && found[0] ? found[0] : msgid;
}

export function ngettext(singular, plural, n) {
  const found = entry(singular);
  if (Array.isArray(found) && found[pluralOf(n)]) return found[pluralOf(n)];
  return n === 1 ? singular : plural;
}

export function pgettext(context, msgid) {
  const translated = gettext(`${context}\x04${msgid}`);
  return translated.includes("\x04") ? msgid : translated;
}

// "%(name)s" placeholders filled from `values`.
export function interpolate(format, values) {
  return format.replace(/%\((\w+)\)s/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

export function language() {
  return code;
}

export function onLanguage(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Loads the catalogue of `next` (a code of settings.LANGUAGES) and tells every listener.
export async function setLanguage(next) {
  const response = await fetch(`/i18n/${encodeURIComponent(next)}.json`, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`No catalogue for ${next}`);
  load(await response.json());
  code = next;
  document.documentElement.lang = next;
  for (const listener of listeners) listener(next);
}
