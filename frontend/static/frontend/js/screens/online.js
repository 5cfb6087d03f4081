// Play online (/play): pick a pace and rated or casual, then wait for three other players.
// The wait shows how many are found and, at a live pace, the seconds before bots take the
// seats left; a match found (told over the socket, or seen by polling) opens its table.
// Leaving cancels a live search, whose table would start without the player, and the server
// ends one whose screen has stopped asking for it (a closed app); a slow one goes on, listed
// in the lobby. Someone not signed in becomes a guest, who plays casual matches.
import { api } from "../api.js";
import { fill, h, toast } from "../dom.js";
import { duration, number } from "../format.js";
import { gettext, interpolate, ngettext } from "../i18n.js";
import { BOTS_AFTER_SECONDS, foundText, keepSeek, lastSeek, PACES, paceOf, seekBody, seekLabel } from "../paces.js";

const POLL_LIVE_MS = 2000;
const POLL_SLOW_MS = 5000;

function choice(name, value, label, checked, disabled = false) {
  return h("label", { class: "choice", testid: `${name}-${value}` },
    h("input", { type: "radio", name, value, checked, disabled }),
    h("span", {}, label));
}

function paceGroup(legend, hint, live, chosen) {
  return h("fieldset", { class: "choices" }, h("legend", {}, legend),
    h("div", { class: "choice-row" }, PACES.filter((p) => p.live === live)
      .map((p) => choice("pace", p.pace, duration(p.seconds), p.pace === chosen))),
    h("p", { class: "hint" }, hint));
}

function pickerForm(user) {
  const last = lastSeek(user) || { pace: "30s", rated: !user?.is_guest };
  const guest = !user || user.is_guest;
  return h("form", { class: "seek-form", testid: "seek-form" },
    paceGroup(gettext("Live"), interpolate(gettext("Played in one sitting. Bots take the seats still empty after %(time)s."),
      { time: duration(BOTS_AFTER_SECONDS) }), true, last.pace),
    paceGroup(gettext("At your own pace"), gettext("Move whenever you can. The match starts once four players are found."), false, last.pace),
    h("fieldset", { class: "choices" }, h("legend", {}, gettext("Rated or casual")),
      h("div", { class: "choice-row" },
        choice("rated", "rated", gettext("Rated"), last.rated && !guest, guest),
        choice("rated", "casual", gettext("Casual"), !last.rated || guest)),
      guest ? h("p", { class: "hint", testid: "seek-guest-note" }, gettext("Guests play casual matches. Keep your account to play rated ones.")) : null),
    h("button", { class: "btn btn-primary btn-wide btn-large", type: "submit", testid: "seek-start" }, gettext("Find players")));
}

// The seconds before bots join, at a live pace; a slow search just says it goes on.
function waitNote(seek, now = Date.now()) {
  if (!paceOf(seek.pace)?.live) {
    const note = gettext("You can leave this screen: the search goes on, and the lobby lists it.");
    // At this pace nobody is seated with bots without asking for them: the others wait on.
    return (seek.players_found ?? 1) > 1
      ? `${note} ${gettext("The others found so far wait for people: starting now with bots seats only you.")}` : note;
  }
  if (!seek.bots_at) return gettext("Waiting for people only.");
  const seconds = Math.max(0, Math.ceil((Date.parse(seek.bots_at) - now) / 1000));
  return interpolate(ngettext("Bots join in %(n)s second.", "Bots join in %(n)s seconds.", seconds), { n: number(seconds) });
}

export async function mount(main, route, ctx) {
  const asked = Number(new URLSearchParams(location.search).get("seek")) || null;
  const waiting = h("div", { class: "seek-waits", testid: "seek-waits" });
  const other = h("h2", { hidden: true }, gettext("Another search"));
  const form = pickerForm(ctx.user);
  main.append(h("section", { class: "panel online", testid: "online" }, h("h1", {}, gettext("Play online")), waiting, other, form,
    // Signed out there is no bar: the way back to the start is here.
    ctx.user ? null : h("p", { class: "muted" }, h("a", { class: "onward", href: "/", testid: "back-home" }, gettext("← Back")))));

  // The searches this screen waits on: the one it was opened for, and every one open.
  const following = new Set(asked ? [asked] : []);
  let open = [];
  const cancelled = new Set(); // the searches this screen ended itself
  let timer = null;
  let gone = false;

  function draw() {
    fill(waiting, ...open.map((seek) => h("div", { class: "seek-wait", testid: "seek-wait", dataset: { seekId: seek.id } },
      h("p", { class: "seek-found", testid: "seek-status", role: "status" }, foundText(seek)),
      h("p", { class: "muted", testid: "seek-pace" }, seekLabel(seek)),
      h("p", { class: "seek-note", testid: "seek-bots", dataset: { botsAt: seek.bots_at || "", pace: seek.pace } }, waitNote(seek)),
      h("div", { class: "seek-buttons" },
        h("button", { class: "btn", type: "button", testid: "seek-bots-now", onclick: () => answer(api.botsNow, seek) }, gettext("Start now with bots")),
        h("button", { class: "btn", type: "button", testid: "seek-cancel", onclick: () => answer(cancel, seek) }, gettext("Cancel"))))));
    const live = open.some((seek) => paceOf(seek.pace)?.live);
    form.hidden = live;
    other.hidden = live || open.length === 0;
  }

  async function refresh() {
    clearTimeout(timer);
    let seeks;
    try {
      seeks = await api.seeks();
    } catch (error) {
      if (error.status !== 0) toast(error.message);
      seeks = null;
    }
    if (gone) return;
    if (seeks) {
      // A live search the player did not cancel here, gone from the list unmatched: the
      // server ended it while this screen was not asking for it (the app was away).
      const listed = new Set(seeks.map((seek) => seek.id));
      if (open.some((seek) => paceOf(seek.pace)?.live && !listed.has(seek.id) && !cancelled.has(seek.id))) {
        toast(gettext("Your live search ended while you were away. Find players again when you can play."), "info", 8000);
      }
      open = seeks.filter((seek) => seek.status === "open");
      const found = seeks.find((seek) => following.has(seek.id) && seek.status === "matched" && seek.match_id);
      if (found) {
        ctx.navigate(`/m/${found.match_id}`, { replace: true });
        return;
      }
      for (const seek of open) following.add(seek.id);
      draw();
    }
    // Refreshes may overlap (a poll, a resync, a new search): one next poll, whichever ends last.
    const live = open.some((seek) => paceOf(seek.pace)?.live);
    clearTimeout(timer);
    if (open.length) timer = setTimeout(refresh, live ? POLL_LIVE_MS : POLL_SLOW_MS);
  }

  const cancel = (id, options) => {
    cancelled.add(id);
    return api.cancelSeek(id, options);
  };

  // Cancel, or let bots fill the table now. A search that found its table meanwhile is
  // refused with that table, which then opens.
  async function answer(action, seek) {
    try {
      await action(seek.id);
    } catch (error) {
      if (error.body.match_id) {
        ctx.navigate(`/m/${error.body.match_id}`, { replace: true });
        return;
      }
      toast(error.message);
    }
    await refresh();
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = { pace: form.elements.pace.value, rated: form.elements.rated.value === "rated" };
    const button = form.querySelector("[type=submit]");
    button.disabled = true;
    try {
      if (!ctx.user) await ctx.setUser(await api.guest().then(() => api.me()));
      const seek = await api.seek(seekBody(chosen));
      keepSeek(chosen);
      following.add(seek.id);
      await refresh();
    } catch (error) {
      // Already looking at this pace: the wait for that search is shown instead.
      if (error.code === "seek_open") await refresh();
      else toast(error.message);
    } finally {
      button.disabled = false;
    }
  });

  const off = ctx.live.on(async (kind, data) => {
    // Whichever search found it, the table is the player's; any other live search ends. The
    // list is read first, so leaving cancels only those others, not the search just matched.
    if (kind === "seek") {
      await refresh();
      if (!gone) ctx.navigate(`/m/${data.match}`, { replace: true });
    } else if (kind === "resync") refresh();
  });
  const tick = setInterval(() => {
    for (const note of waiting.querySelectorAll("[data-bots-at]")) {
      note.textContent = waitNote({ pace: note.dataset.pace, bots_at: note.dataset.botsAt || null });
    }
  }, 1000);
  // A live table would start without the player: their live searches end with the screen.
  const cancelLive = (keepalive) => {
    const live = open.filter((seek) => paceOf(seek.pace)?.live);
    for (const seek of live) cancel(seek.id, { keepalive }).catch(() => {});
    return live.length > 0;
  };
  const onHide = () => cancelLive(true);
  addEventListener("pagehide", onHide);

  if (ctx.user) await refresh();
  return () => {
    gone = true;
    off();
    clearTimeout(timer);
    clearInterval(tick);
    removeEventListener("pagehide", onHide);
    if (cancelLive(false)) toast(gettext("Live search cancelled: a live table starts only with you at the screen."), "info");
  };
}
