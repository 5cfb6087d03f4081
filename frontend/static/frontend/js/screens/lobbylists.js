// The lobby's lists beside the player's own matches: searches still looking for players, public
// tables with a free seat (joined in one tap), and the latest finished matches. Each is a
// section hidden while it has nothing to show, with a function that reloads it.
import { api } from "../api.js";
import { fill, h, seatLabel, toast } from "../dom.js";
import { list, number, ordinal, score } from "../format.js";
import { termsOf } from "../handlabel.js";
import { rulesName } from "../matchrules.js";
import { gettext, interpolate, ngettext } from "../i18n.js";
import { foundText, paceOf, seekLabel } from "../paces.js";

const RECENT = 3;

function section(title, testid) {
  const rows = h("ul", { class: "match-list", testid });
  return { rows, section: h("section", { hidden: true }, h("h2", {}, title), rows) };
}

function show(part, items) {
  part.section.hidden = items.length === 0;
  fill(part.rows, ...items);
}

// Open searches: a slow one goes on while the player is elsewhere.
export function seekSection(ctx) {
  const part = section(gettext("Looking for players"), "open-seeks");
  // A search that found its table meanwhile is refused with that table, which then opens.
  const answer = async (action, seek, then) => {
    let next = null;
    try {
      await action(seek.id);
      next = then;
    } catch (error) {
      if (error.body.match_id) next = `/m/${error.body.match_id}`;
      else toast(error.message);
    }
    if (next) ctx.navigate(next);
    else await reload();
  };
  // A slow search may wait long for people: bots can fill its table whenever the player likes.
  const row = (seek) => h("li", { class: "match-row seek-row", testid: "open-seek", dataset: { seekId: seek.id } },
    h("a", { class: "match-main", href: `/play?seek=${seek.id}` },
      h("strong", {}, seekLabel(seek)),
      h("span", { class: "muted" }, foundText(seek))),
    h("span", { class: "row-buttons" },
      paceOf(seek.pace)?.live ? null : h("button", { class: "btn btn-small", type: "button", testid: "open-seek-bots-now",
        onclick: () => answer(api.botsNow, seek, `/play?seek=${seek.id}`) }, gettext("Start now with bots")),
      h("button", { class: "btn btn-small", type: "button", testid: "open-seek-cancel",
        onclick: () => answer(api.cancelSeek, seek) }, gettext("Cancel"))));
  async function reload() {
    try {
      const seeks = await api.seeks();
      show(part, seeks.filter((s) => s.status === "open").map(row));
    } catch {
      show(part, []);
    }
  }
  return { section: part.section, reload };
}

// A table's rules by the name of the preset they are (the server's words), if any.
// Public tables waiting for players, with their rules, length and pace.
export function tableSection(ctx) {
  const part = section(gettext("Open tables"), "open-tables");
  let presets = null;
  const join = async (table, button) => {
    button.disabled = true;
    try {
      const view = await api.join(table.invite_code);
      ctx.navigate(`/m/${view.id}`);
    } catch (error) {
      toast(error.message);
      button.disabled = false;
      await reload();
    }
  };
  const row = (table) => {
    const button = h("button", { class: "btn btn-primary btn-small", type: "button", testid: "open-table-join" }, gettext("Join"));
    button.addEventListener("click", () => join(table, button));
    const about = termsOf(table.hands, table.turn_seconds);
    const rules = presets ? rulesName(table.rules, presets) : null;
    return h("li", { class: "match-row", testid: "open-table", dataset: { matchId: table.match_id } },
      h("span", { class: "match-main" },
        h("strong", {}, interpolate(gettext("with %(players)s"), { players: list(table.players) })),
        h("span", { class: "muted", testid: "open-table-about" }, list(rules ? [rules, ...about] : about)),
        h("span", { class: "muted", testid: "open-table-free" },
          interpolate(ngettext("%(n)s seat free", "%(n)s seats free", table.seats_free), { n: number(table.seats_free) }))),
      button);
  };
  async function reload() {
    try {
      const tables = await api.tables();
      if (tables.length && !presets) {
        presets = (await api.rules().catch(() => null))?.presets || null;
      }
      show(part, tables.map(row));
    } catch {
      show(part, []);
    }
  }
  return { section: part.section, reload };
}

// The latest finished matches, each opening its replay; the whole list is in History.
export function recentSection() {
  const part = section(gettext("Recent"), "recent-matches");
  const row = (m) => {
    const mine = m.my_seat;
    const place = m.places && mine !== null ? m.places[mine] : null;
    const others = list(m.seats.filter((s) => s.seat !== mine).map(seatLabel));
    return h("li", {},
      h("a", { class: "match-row", href: `/replay/${m.id}`, testid: "recent-match", dataset: { matchId: m.id } },
        h("span", { class: "match-main" },
          h("strong", {}, interpolate(gettext("vs %(players)s"), { players: others })),
          h("span", { class: "muted" }, interpolate(gettext("total %(total)s"), { total: score(m.scores?.[mine] ?? 0) }))),
        place ? h("span", { class: `badge${place === 1 ? " badge-win" : ""}` }, ordinal(place)) : null));
  };
  async function reload() {
    try {
      const page = await api.matches("finished");
      show(part, page.results.slice(0, RECENT).map(row));
      return page.results.length > 0;
    } catch {
      return false;
    }
  }
  return { section: part.section, reload };
}
