// The lobby: invitations and friend requests, one tap to a game (vs computer, online, with
// friends) and the custom form behind it, open searches and tables, my matches with "your
// turn" first and their deadlines, the latest finished ones, join by code.
import { api } from "../api.js";
import { fill, h, seatLabel, toast } from "../dom.js";
import { list, number, score, timeLeft } from "../format.js";
import { handLabel } from "../handlabel.js";
import { gettext, interpolate, ngettext, pgettext } from "../i18n.js";
import { inviteFriendsButton, playOnlineButton, vsComputerButton } from "../quickplay.js";
import { social } from "../social.js";
import { invitationSection } from "./invitations.js";
import { recentSection, seekSection, tableSection } from "./lobbylists.js";

// A code as typed (the server forgives its case and dashes), or the code of a pasted link.
function inviteCode(text) {
  const value = text.replace(/\s+/g, "");
  const found = /\/join\/([\w-]+)/.exec(value);
  return found ? found[1] : value;
}

function matchRow(m) {
  const others = list(m.seats.filter((s) => s.seat !== m.my_seat).map(seatLabel));
  const status = m.status === "waiting" ? gettext("Waiting for players")
    : handLabel(m.hand_number, m.hands);
  const mine = m.my_seat !== null && m.scores ? score(m.scores[m.my_seat]) : "";
  return h("li", {},
    h("a", { class: `match-row${m.my_turn ? " my-turn" : ""}`, href: `/m/${m.id}`, testid: "match-row", dataset: { matchId: m.id } },
      h("span", { class: "match-main" },
        h("strong", {}, interpolate(gettext("vs %(players)s"), { players: others })),
        h("span", { class: "muted" }, mine !== "" ? interpolate(gettext("%(status)s · you %(total)s"), { status, total: mine }) : status)),
      h("span", { class: "match-side" },
        m.my_turn ? h("span", { class: "badge badge-turn" }, gettext("Your turn")) : h("span", { class: "badge" }, m.status === "waiting" ? pgettext("match", "Open") : gettext("Waiting")),
        m.deadline ? h("span", { class: "deadline", dataset: { deadline: m.deadline } }, timeLeft(m.deadline)) : null)));
}

function sortMatches(list) {
  const when = (m) => (m.deadline ? Date.parse(m.deadline) : Infinity);
  return list.sort((a, b) => (b.my_turn - a.my_turn) || (when(a) - when(b)) || (b.id - a.id));
}

export async function mount(main, route, ctx) {
  const invitations = invitationSection(ctx);
  const seeks = seekSection(ctx);
  const tables = tableSection(ctx);
  const recent = recentSection();
  const list = h("ul", { class: "match-list", testid: "match-list" });
  const joinInput = h("input", { id: "join-code", name: "code", placeholder: gettext("Code or invite link"), autocapitalize: "none", required: true, testid: "join-code" });
  const joinForm = h("form", { class: "join-form", testid: "join-form" },
    h("label", { for: "join-code" }, gettext("Join a match")),
    h("div", { class: "row" }, joinInput, h("button", { class: "btn", type: "submit" }, gettext("Join"))));
  joinForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const code = inviteCode(joinInput.value);
    if (code) ctx.navigate(`/join/${encodeURIComponent(code)}`);
  });

  // Friend requests waiting for an answer, said where the player looks first.
  const requests = h("p", { class: "banner", testid: "friend-requests", hidden: true });
  const showRequests = () => social.friends().then(({ incoming }) => {
    requests.hidden = incoming.length === 0;
    fill(requests, h("span", {}, interpolate(ngettext("%(n)s friend request is waiting for you.",
      "%(n)s friend requests are waiting for you.", incoming.length), { n: number(incoming.length) })),
    h("a", { class: "btn btn-small", href: "/friends", testid: "see-friend-requests" }, gettext("See")));
  }, () => {});

  main.append(h("section", { class: "panel lobby" },
    h("h1", {}, interpolate(gettext("Hello, %(name)s"), { name: ctx.user.username })),
    ctx.user.is_guest ? h("p", { class: "banner", testid: "guest-banner" },
      h("span", {}, gettext("You are playing as a guest on this device.")),
      h("a", { class: "btn btn-small", href: "/account" }, gettext("Keep your account"))) : null,
    invitations.section, requests,
    h("div", { class: "actions", testid: "lobby-actions" },
      vsComputerButton(ctx), playOnlineButton(ctx), inviteFriendsButton(ctx),
      h("a", { class: "btn btn-wide", href: "/new", testid: "new-match" }, gettext("Custom match"))),
    seeks.section, tables.section,
    h("h2", {}, gettext("Your matches")), list, recent.section, joinForm,
    h("p", { class: "muted" }, h("a", { class: "onward", href: "/history" }, gettext("Finished matches and replays →"))),
    h("p", { class: "muted row" }, h("a", { class: "onward", href: "/friends", testid: "open-friends" }, gettext("Friends →")),
      h("a", { class: "onward", href: "/leaderboard", testid: "open-leaderboard" }, gettext("Leaderboard →")),
      h("a", { class: "onward", href: "/offline", testid: "open-offline" }, gettext("Play vs computer offline →")),
      h("a", { class: "onward", href: "/rules", testid: "open-rules" }, gettext("How to play →")))));

  async function load() {
    invitations.reload();
    seeks.reload();
    tables.reload();
    try {
      const [waiting, active, finished] = await Promise.all([api.matches("waiting"), api.matches("active"), recent.reload()]);
      const all = sortMatches([...active.results, ...waiting.results]);
      const none = finished ? gettext("No match in play.") : gettext("No matches yet. Start one against bots or friends.");
      fill(list, ...(all.length ? all.map(matchRow) : [h("li", { class: "empty muted" }, none)]));
    } catch (error) {
      fill(list, h("li", { class: "empty muted" }, error.message));
      if (error.status !== 0) toast(error.message);
    }
  }
  // Asked when the lobby opens and when the app wakes, not at every move of every match.
  const requestsNow = () => { if (!ctx.user.is_guest) showRequests(); };
  requestsNow();
  await load();

  let pending = null;
  const off = ctx.live.on((kind) => {
    if (kind === "resync" || kind === "friends") requestsNow();
    if (!["view", "resync", "seek", "invitation", "declined"].includes(kind)) return;
    clearTimeout(pending);
    pending = setTimeout(load, 300);
  });
  const tick = setInterval(() => {
    for (const el of list.querySelectorAll("[data-deadline]")) el.textContent = timeLeft(el.dataset.deadline);
  }, 1000);
  return () => {
    off();
    clearInterval(tick);
    clearTimeout(pending);
  };
}
