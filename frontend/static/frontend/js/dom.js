// Small DOM helpers shared by every screen: element builder, toasts, announcements, seat names.
import { botName } from "./botnames.js";
import { number } from "./format.js";
import { gettext, interpolate } from "./i18n.js";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "testid") el.dataset.testid = value;
    else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "dataset") Object.assign(el.dataset, value);
    // Through the CSSOM: the Content-Security-Policy refuses inline style attributes.
    else if (key === "style") el.style.cssText = value;
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

// Replace an element's children, skipping null/false (conditional parts of a screen).
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

// Show ``fresh`` (or nothing) inside ``holder``. When what the page already shows there is
// equal node for node, the page is left alone: an unchanged part costs no style or layout work
// and keeps any motion it is in. Returns the element now shown.
export function show(holder, fresh) {
  const old = holder.firstElementChild;
  if (!fresh) {
    if (old) holder.replaceChildren();
    return null;
  }
  if (old && old.isEqualNode(fresh)) return old;
  holder.replaceChildren(fresh);
  return fresh;
}

// Make ``old`` look like ``fresh`` by changing only what differs: attributes and text in
// place, children matched by position, a node replaced only where the tags differ. The page
// then restyles just the changed nodes. ``fresh`` must carry no listeners (they are not
// moved over). Returns the node now in the page.
export function morph(old, fresh) {
  if (old.nodeName !== fresh.nodeName) {
    old.replaceWith(fresh);
    return fresh;
  }
  if (old.nodeType === Node.TEXT_NODE) {
    if (old.data !== fresh.data) old.data = fresh.data;
    return old;
  }
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of fresh.attributes) {
    if (old.getAttribute(name) === value) continue;
    // The page's policy refuses a style attribute set as text; its properties go one by one.
    if (name === "style") old.style.cssText = fresh.style.cssText;
    else old.setAttribute(name, value);
  }
  const mine = [...old.childNodes];
  [...fresh.childNodes].forEach((child, i) => {
    if (i < mine.length) morph(mine[i], child);
    else old.append(child);
  });
  for (const extra of mine.slice(fresh.childNodes.length)) extra.remove();
  return old;
}

// Make ``parent``'s children one element per key, in order: the element already drawn for a
// key stays (and is passed to ``update``), a new key gets ``create(key)``, the rest go.
// Returns the elements created.
export function keyed(parent, keys, keyOf, create, update = () => {}) {
  const wanted = new Set(keys);
  const have = new Map();
  for (const el of [...parent.children]) {
    if (wanted.has(keyOf(el)) && !have.has(keyOf(el))) have.set(keyOf(el), el);
    else el.remove();
  }
  const created = [];
  keys.forEach((key, i) => {
    let el = have.get(key);
    if (!el) {
      el = create(key);
      created.push(el);
    }
    update(el, key, i);
    if (parent.children[i] !== el) parent.insertBefore(el, parent.children[i] || null);
  });
  return created;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  append(el, children);
  return el;
}

// A sheet over the screen with a title, a body and a row of ``actions`` beside its Close
// button; it is taken out of the page once closed.
export function dialog(title, body, { testid, actions = [] } = {}) {
  const box = h("dialog", { class: "sheet", testid, "aria-label": title },
    h("h2", {}, title), body,
    h("div", { class: "row" }, actions,
      h("button", { class: "btn", type: "button", testid: "dialog-close", onclick: () => box.close() }, gettext("Close"))));
  box.addEventListener("close", () => box.remove());
  document.body.append(box);
  box.showModal();
  return box;
}

// A message already on screen is replaced, not stacked: a refusal repeated by repeated taps
// shows once, its time starting again.
export function toast(message, kind = "error", ms = 5000) {
  const box = document.getElementById("toasts");
  const item = h("div", { class: `toast toast-${kind}`, testid: "toast" }, message);
  for (const shown of [...box.children]) if (shown.textContent === item.textContent) shown.remove();
  item.addEventListener("click", () => item.remove());
  box.append(item);
  setTimeout(() => item.remove(), ms);
  return item;
}

// Screen readers hear turn changes and results through the polite live region.
// A refused form's field errors under their fields (`#<prefix>-<name>-error`); false when no
// field of the form has a slot for them, so the caller shows the message itself.
export function showFieldErrors(form, fields, prefix) {
  let shown = false;
  for (const [name, messages] of Object.entries(fields || {})) {
    const slot = form.querySelector(`#${prefix}-${name}-error`);
    if (slot) {
      slot.textContent = [].concat(messages).join(" ");
      shown = true;
    }
  }
  return shown;
}

export function announce(message) {
  const region = document.getElementById("announce");
  region.textContent = "";
  setTimeout(() => { region.textContent = message; }, 30);
}

export function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 15) | 64;
  b[8] = (b[8] & 63) | 128;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function seatLabel(seat) {
  if (!seat) return "?";
  if (seat.kind === "open") return gettext("Open seat");
  // The server names every outside bot alike; the words are said here, in the page's language.
  if (seat.kind === "external") return gettext("External bot");
  if (seat.kind === "reserved") {
    return seat.name ? interpolate(gettext("%(name)s (invited)"), { name: seat.name }) : gettext("Invited");
  }
  if (seat.kind?.startsWith("bot:") && seat.name) return botName(seat.name);
  return seat.name || interpolate(gettext("Seat %(n)s"), { n: number(seat.seat + 1) });
}

// Two letters for a seat's avatar: "Asha" → "AS", "ram_k" → "RK", "राम" → "राम". Each letter
// is a whole grapheme cluster ("रा" is one), and a label's note in brackets is not the name.
const graphemes = (text) => {
  if (typeof Intl !== "undefined" && Intl.Segmenter) {
    return [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map((s) => s.segment);
  }
  return [...text];
};

export function initials(name) {
  const all = String(name || "?").split("(")[0].split(/[\s._-]+/).filter(Boolean);
  // Words of digits alone ("Guest-91274", "asha_88") give no initial.
  const lettered = all.filter((w) => /\p{L}/u.test(w));
  const words = lettered.length ? lettered : all;
  const text = words.length > 1
    ? graphemes(words[0])[0] + graphemes(words[1])[0]
    : graphemes(words[0] || "?").slice(0, 2).join("");
  return text.toUpperCase();
}

// A stable avatar colour per name, dark enough for white initials (WCAG AA).
export function avatarHue(name) {
  let hash = 0;
  for (const ch of String(name)) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 360;
}
