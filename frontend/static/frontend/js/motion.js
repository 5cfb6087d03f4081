// Card motion with the Web Animations API, scaled by the player's speed setting (0: none).
import { motionScale } from "./prefs.js";

const EASE = "cubic-bezier(.2,.7,.3,1)";

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

function done(animations) {
  return Promise.all(animations.map((a) => a.finished.catch(() => {}))).then(() => {});
}

// Every motion here is a transform and an opacity, which the compositor runs without the
// page's main thread. Positions are read at the next frame, all before any motion starts: the
// layout the browser does for that frame anyway is the only one, and the task that changed the
// page stays short. A card's motion ends at its own place as the stylesheet puts it (an
// implicit final keyframe), so no computed style is read.

const rectOf = (where) => (where instanceof Element ? where.getBoundingClientRect() : where);

function nextFrame(start) {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(start()))).then(done);
}

// Cards already in their place appear to travel there: ``flights`` is a list of
// [card, where it comes from: an element or a DOMRect].
export function flyIn(flights, ms = 320) {
  const scale = motionScale();
  if (!scale || !flights.length) return Promise.resolve();
  return nextFrame(() => {
    const moves = flights.filter(([card]) => card.isConnected)
      .map(([card, from]) => [card, centre(rectOf(from)), centre(card.getBoundingClientRect())]);
    return moves.map(([card, a, b]) => card.animate([
      { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(.7) rotate(-8deg)`, opacity: 0.6 },
    ], { duration: ms * scale, easing: EASE }));
  });
}

// The cards of a finished trick gather and slide to the winner's seat (an element), then fade.
export function sweepTo(cards, target, ms = 420) {
  const scale = motionScale();
  if (!scale || !target || !cards.length) return Promise.resolve();
  return nextFrame(() => {
    const b = centre(target.getBoundingClientRect());
    const starts = cards.map((card) => centre(card.getBoundingClientRect()));
    return cards.map((card, i) => card.animate([
      { transform: "none", opacity: 1 },
      { transform: `translate(${b.x - starts[i].x}px, ${b.y - starts[i].y}px) scale(.35)`, opacity: 0 },
    ], { duration: ms * scale, easing: "ease-in", fill: "forwards" }));
  });
}

// A new hand: the cards come from the middle of the table (an element) one after another.
export function dealIn(cards, from, ms = 260) {
  const scale = motionScale();
  if (!scale || !from) return Promise.resolve();
  return nextFrame(() => {
    const a = centre(from.getBoundingClientRect());
    const ends = cards.map((card) => centre(card.getBoundingClientRect()));
    return cards.map((card, i) => card.animate([
      { transform: `translate(${a.x - ends[i].x}px, ${a.y - ends[i].y}px) scale(.4)`, opacity: 0 },
    ], { duration: ms * scale, delay: i * 35 * scale, easing: EASE, fill: "backwards" }));
  });
}

// A number that just changed draws the eye for a moment.
export function pulse(el) {
  const scale = motionScale();
  if (!scale || !el) return;
  el.animate([{ transform: "scale(1)" }, { transform: "scale(1.45)" }, { transform: "scale(1)" }],
    { duration: 420 * scale, easing: "ease-out" });
}

// The match is over: for the winner, two rings of suit symbols burst from ``origin`` (an
// element) and its trophy bounces; for everyone else, a few drift up, calmly.
export function celebrate(origin, { won = false } = {}) {
  const scale = motionScale();
  if (!scale || !origin) return;
  const pips = won ? ["♠", "♥", "♣", "♦", "♠", "♥", "♣", "♦", "♠", "♥", "♣", "♦", "♠", "♥", "♣", "♦"] : ["♠", "♥", "♣", "♦"];
  if (!won) {
    pips.forEach((pip, i) => {
      const el = document.createElement("span");
      el.className = `burst suit-${"SHCD"[i]}`;
      el.textContent = pip;
      el.setAttribute("aria-hidden", "true");
      origin.append(el);
      el.animate([
        { transform: `translate(${(i - 1.5) * 40}px, 0)`, opacity: 0.8 },
        { transform: `translate(${(i - 1.5) * 40}px, -50px)`, opacity: 0 },
      ], { duration: 1400 * scale, delay: i * 120, easing: "ease-out", fill: "forwards" })
        .finished.then(() => el.remove(), () => el.remove());
    });
    return;
  }
  origin.querySelector(".trophy")?.animate(
    [{ transform: "scale(1)" }, { transform: "scale(1.6) rotate(-8deg)" }, { transform: "scale(.9) rotate(6deg)" }, { transform: "scale(1)" }],
    { duration: 900 * scale, easing: "ease-out" });
  pips.forEach((pip, i) => {
    const el = document.createElement("span");
    el.className = `burst suit-${"SHCD"[i % 4]}`;
    el.textContent = pip;
    el.setAttribute("aria-hidden", "true");
    origin.append(el);
    const angle = (i / 8) * Math.PI * 2;
    const reach = i < 8 ? 1 : 1.6; // the second ring flies further, a moment later
    el.animate([
      { transform: "translate(0, 0) scale(.4)", opacity: 1 },
      { transform: `translate(${Math.cos(angle) * 110 * reach}px, ${Math.sin(angle) * 75 * reach - 30}px) scale(1.3)`, opacity: 0 },
    ], { duration: 1300 * scale, delay: i * 45, easing: "ease-out", fill: "forwards" })
      .finished.then(() => el.remove(), () => el.remove());
  });
}
