// Card motion with the Web Animations API, scaled by the player's speed setting (0: none).
import { motionScale } from "./prefs.js";

const EASE = "cubic-bezier(.2,.7,.3,1)";

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

function done(animations) {
  return Promise.all(animations.map((a) => a.finished.catch(() => {}))).then(() => {});
}

// A card already in its place appears to travel there from ``from`` (a DOMRect).
export function flyIn(card, from, ms = 320) {
  const scale = motionScale();
  if (!scale || !from) return Promise.resolve();
  const a = centre(from);
  const b = centre(card.getBoundingClientRect());
  const end = getComputedStyle(card).transform;
  return done([card.animate([
    { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(.7) rotate(-8deg)`, opacity: 0.6 },
    { transform: end === "none" ? "none" : end, opacity: 1 },
  ], { duration: ms * scale, easing: EASE })]);
}

// The cards of a finished trick gather and slide to the winner's seat, then fade.
export function sweepTo(cards, target, ms = 420) {
  const scale = motionScale();
  if (!scale || !target || !cards.length) return Promise.resolve();
  const b = centre(target);
  return done(cards.map((card) => {
    const a = centre(card.getBoundingClientRect());
    return card.animate([
      { transform: "none", opacity: 1 },
      { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(.35)`, opacity: 0 },
    ], { duration: ms * scale, easing: "ease-in", fill: "forwards" });
  }));
}

// A new hand: the cards come from the middle of the table one after another.
export function dealIn(cards, from, ms = 260) {
  const scale = motionScale();
  if (!scale || !from) return Promise.resolve();
  const a = centre(from);
  return done(cards.map((card, i) => {
    const b = centre(card.getBoundingClientRect());
    const end = getComputedStyle(card).transform;
    return card.animate([
      { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(.4)`, opacity: 0 },
      { transform: end === "none" ? "none" : end, opacity: 1 },
    ], { duration: ms * scale, delay: i * 35 * scale, easing: EASE, fill: "backwards" });
  }));
}

// A number that just changed draws the eye for a moment.
export function pulse(el) {
  const scale = motionScale();
  if (!scale || !el) return;
  el.animate([{ transform: "scale(1)" }, { transform: "scale(1.45)" }, { transform: "scale(1)" }],
    { duration: 420 * scale, easing: "ease-out" });
}

// The match is over: a few suit symbols burst from ``origin`` (an element).
export function celebrate(origin) {
  const scale = motionScale();
  if (!scale || !origin) return;
  const pips = ["♠", "♥", "♣", "♦", "♠", "♥", "♣", "♦", "♠", "♥"];
  pips.forEach((pip, i) => {
    const el = document.createElement("span");
    el.className = `burst suit-${"SHCD"[i % 4]}`;
    el.textContent = pip;
    el.setAttribute("aria-hidden", "true");
    origin.append(el);
    const angle = (i / pips.length) * Math.PI * 2;
    el.animate([
      { transform: "translate(0, 0) scale(.4)", opacity: 1 },
      { transform: `translate(${Math.cos(angle) * 120}px, ${Math.sin(angle) * 80 - 30}px) scale(1.3)`, opacity: 0 },
    ], { duration: 1100 * scale, delay: i * 40, easing: "ease-out", fill: "forwards" })
      .finished.then(() => el.remove(), () => el.remove());
  });
}
