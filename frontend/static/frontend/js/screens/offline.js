// Play vs computer offline: the server's own engine on this phone (a worker running
// games/engine through Pyodide), 5 hands under a rule preset against easy, normal or hard
// bots, on the same table screen. Here the player keeps offline play's files (their size
// shown), starts a match, and sees the matches kept on this phone and whether each has gone
// to their history.
import { api } from "../api.js";
import { fill, h, toast } from "../dom.js";
import { date, number } from "../format.js";
import { gettext, interpolate, ngettext, pgettext } from "../i18n.js";
import { keepOffline, offlineStatus, removeOffline } from "../offline/files.js";

const LEVELS = ["easy", "normal", "hard"];
const megabytes = (bytes) => interpolate(gettext("%(size)s MB"), { size: number(bytes / 1e6, { maximumFractionDigits: 1 }) });

// Whether offline play is on this phone, and the button that keeps its files (and, where
// ``removable``, removes them: Settings); ``changed`` hears the new status.
export function offlineControl({ changed = () => {}, removable = true } = {}) {
  const state = h("p", { class: "muted", testid: "offline-state" }, gettext("Checking offline play…"));
  const button = h("button", { class: "btn btn-wide", type: "button", testid: "offline-toggle", hidden: true });
  const holder = h("div", { class: "offline-control", testid: "offline-control" }, state, button);

  function draw(status) {
    button.disabled = false;
    button.removeAttribute("aria-busy");
    button.hidden = !status.available || (status.ready && !removable);
    if (!status.available) {
      state.textContent = gettext("Offline play is not available in this browser.");
    } else if (status.ready) {
      state.textContent = interpolate(gettext("Offline play: ready (%(size)s on this phone)"), { size: megabytes(status.bytes) });
      button.textContent = gettext("Remove offline play");
      button.onclick = () => run(removeOffline);
    } else {
      state.textContent = gettext("Play against the computer with no network: the game is kept on this phone.");
      button.textContent = interpolate(gettext("Make available offline (%(size)s to download)"), { size: megabytes(status.download) });
      button.onclick = () => run(() => keepOffline((done, total) => {
        state.textContent = interpolate(gettext("Downloading offline play: %(done)s of %(total)s files…"),
          { done: number(done), total: number(total) });
      }));
    }
    changed(status);
  }

  async function run(work) {
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    try {
      draw(await work());
    } catch (error) {
      toast(navigator.onLine ? gettext("Offline play could not be downloaded. Try again.")
        : gettext("No connection. Check your network and try again."));
      draw(error.status || { available: false });
    }
  }

  offlineStatus().then(draw, () => draw({ available: false }));
  return holder;
}

// The presets and the bots' names for levels, in the player's words: from the rule catalogue
// (the service worker keeps a copy), else the standard rules alone.
async function catalogue() {
  try {
    const found = await api.rules();
    return { presets: found.presets, default: found.default_preset,
      levels: Object.fromEntries(found.bot_levels.map((l) => [l.name, l.label])) };
  } catch {
    return { presets: [{ name: "standard", label: gettext("Standard") }], default: "standard",
      levels: { easy: pgettext("bot level", "Easy"), normal: pgettext("bot level", "Normal"), hard: pgettext("bot level", "Hard") } };
  }
}

function startForm(found, ctx) {
  const preset = h("select", { id: "off-preset", testid: "off-preset" },
    found.presets.map((p) => h("option", { value: p.name, selected: p.name === found.default }, p.label)));
  const levels = [0, 1, 2].map((i) => h("select", { id: `off-level-${i}`, testid: `off-level-${i}`,
    "aria-label": interpolate(gettext("Opponent %(n)s"), { n: number(i + 1) }) },
  LEVELS.map((level) => h("option", { value: level, selected: level === "normal" }, found.levels[level] || level))));
  const submit = h("button", { class: "btn btn-primary btn-wide", type: "submit", testid: "off-start" }, gettext("Play vs computer"));
  const form = h("form", { class: "offline-start", testid: "offline-start" },
    h("div", { class: "field" }, h("label", { for: "off-preset" }, gettext("Rules")), preset),
    h("p", { class: "hint" }, interpolate(ngettext("%(hands)s hand.", "%(hands)s hands.", 5), { hands: number(5) })),
    h("fieldset", { class: "opponents" }, h("legend", {}, gettext("Opponents")), levels),
    h("p", { class: "hint", testid: "off-strength" },
      gettext("Offline, the easy and normal bots play at full strength; the hard bot thinks for less time than online.")),
    submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    submit.setAttribute("aria-busy", "true");
    try {
      const { startLocalMatch } = await import("../offline/localsource.js");
      const view = await startLocalMatch({ rules: { preset: preset.value }, levels: levels.map((l) => l.value),
        player: ctx.user?.username || gettext("You") });
      ctx.navigate(`/offline/${view.id}`);
    } catch (error) {
      toast(error.message);
      submit.disabled = false;
      submit.removeAttribute("aria-busy");
    }
  });
  return form;
}

// A match kept on this phone: going on, sent to the history, waiting for a network, or refused.
function keptRow(entry) {
  const view = entry.view;
  const finished = view.status === "finished";
  const where = entry.synced ? gettext("In your history")
    : entry.refused ? interpolate(gettext("Not saved: %(reason)s"), { reason: entry.refused.detail })
      : finished ? gettext("Saved to your history when you are online") : gettext("In play");
  const href = entry.synced ? `/replay/${entry.synced.match_id}` : `/offline/${entry.id}`;
  return h("li", {}, h("a", { class: "match-row", href, testid: "offline-match", dataset: { offlineId: entry.id } },
    h("span", { class: "match-main" }, h("strong", {}, date(entry.created_at)), h("span", { class: "muted" }, where))));
}

export async function mount(main, route, ctx) {
  const kept = h("ul", { class: "match-list", testid: "offline-matches" });
  const start = h("div", {});
  const found = await catalogue();
  main.append(h("section", { class: "panel offline", testid: "offline-screen" },
    h("h1", {}, gettext("Play vs computer offline")),
    offlineControl({
      removable: false,
      changed(status) {
        show(start, status.ready ? startForm(found, ctx) : null);
        if (status.ready) import("../offline/localsource.js").then(({ prepareEngine }) => prepareEngine());
      },
    }),
    start,
    h("h2", {}, gettext("Kept on this phone")), kept,
    // Signed out there is no bar: the way back to the start is here.
    ctx.user ? null : h("p", { class: "muted" }, h("a", { class: "onward", href: "/", testid: "back-home" }, gettext("← Back")))));

  function show(holder, content) {
    holder.replaceChildren(...(content ? [content] : []));
  }

  try {
    const [{ allMatches }, { syncOfflineMatches }] = await Promise.all([import("../offline/store.js"), import("../offline/sync.js")]);
    await syncOfflineMatches(); // what is finished goes to the history first, when online
    const entries = (await allMatches()).sort((a, b) => b.created_at.localeCompare(a.created_at));
    fill(kept, ...(entries.length ? entries.map(keptRow) : [h("li", { class: "empty muted" }, gettext("No offline matches yet."))]));
  } catch {
    fill(kept, h("li", { class: "empty muted" }, gettext("This browser cannot keep matches.")));
  }
}
