// Reactions at the table: a row of the server's fixed set, each shown briefly beside the
// sender's seat; mutable per table (remembered on this phone). The server sends a reaction
// to everyone seated except players with a block between them and the sender.
import { h, toast } from "./dom.js";
import { gettext } from "./i18n.js";
import { social } from "./social.js";

const MUTED_KEY = "cb-reactions-muted";
const SHOWN_MS = 2500;

// Names read out for each reaction's emoji.
function reactionName(code) {
  const names = {
    clap: gettext("Applause"), wow: gettext("Surprised"), laugh: gettext("Laughing"), angry: gettext("Angry"),
    thanks: gettext("Thanks"), thumbs_up: gettext("Good one"), sad: gettext("Sad"), fire: gettext("On fire"),
  };
  return names[code] || code;
}

let choices = null;
// The set, asked for once per visit: code → emoji.
export async function reactionSet() {
  if (!choices) choices = social.reactions().then((list) => new Map(list.map((r) => [r.code, r.emoji])));
  return choices;
}

function mutedTables() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED_KEY) || "[]"));
  } catch {
    return new Set();
  }
}

export function isMuted(matchId) {
  return mutedTables().has(matchId);
}

function setMuted(matchId, muted) {
  const tables = mutedTables();
  if (muted) tables.add(matchId); else tables.delete(matchId);
  // Only the latest tables are kept: an old match's choice no longer matters.
  localStorage.setItem(MUTED_KEY, JSON.stringify([...tables].slice(-50)));
}

export function reactionBadge(emoji, code) {
  return h("span", { class: "reaction-bubble", role: "img", "aria-label": reactionName(code), testid: "reaction-bubble", dataset: { reaction: code } }, emoji);
}

// Adds a reactions button to a corner of the table ``root``'s felt (over it, so the table's
// layout does not move) and shows the reactions that arrive; returns stop().
export function tableReactions(root, matchId, ctx) {
  const bar = h("div", { class: "reaction-bar row", testid: "reaction-bar", role: "group", "aria-label": gettext("Reactions"), hidden: true });
  const toggle = h("button", { class: "btn btn-small reactions-toggle", type: "button", testid: "reactions-toggle",
    "aria-label": gettext("Reactions"), "aria-expanded": "false" }, "☺");
  toggle.addEventListener("click", () => {
    bar.hidden = !bar.hidden;
    toggle.setAttribute("aria-expanded", String(!bar.hidden));
  });
  const mute = h("button", { class: "btn btn-small", type: "button", testid: "mute-reactions" });
  const showMute = () => {
    const muted = isMuted(matchId);
    mute.setAttribute("aria-pressed", String(muted));
    mute.textContent = muted ? gettext("Show reactions") : gettext("Hide reactions");
  };
  mute.addEventListener("click", () => { setMuted(matchId, !isMuted(matchId)); showMute(); });
  showMute();
  (root.querySelector(".felt") || root).append(h("div", { class: "reactions" }, toggle, bar));
  reactionSet().then((set) => {
    bar.append(...[...set].map(([code, emoji]) => h("button", {
      class: "btn btn-small reaction", type: "button", testid: `react-${code}`, "aria-label": reactionName(code),
      onclick: () => {
        bar.hidden = true;
        toggle.setAttribute("aria-expanded", "false");
        social.react(matchId, code).catch((error) => toast(error.message));
      },
    }, emoji)), mute);
  }).catch(() => toggle.remove());

  const off = ctx.live.on((kind, message) => {
    if (kind !== "reaction" || message.match !== matchId || isMuted(matchId)) return;
    reactionSet().then((set) => {
      const seat = root.querySelector(`.seat[data-seat="${message.seat}"]`);
      if (!seat || !set.has(message.reaction)) return;
      const bubble = reactionBadge(set.get(message.reaction), message.reaction);
      seat.append(bubble);
      setTimeout(() => bubble.remove(), SHOWN_MS);
    });
  });
  return off;
}
