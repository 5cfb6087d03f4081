// A player's statistics: matches, wins, average total, calls made, results over time.
import { api } from "../api.js";
import { fill, h, svg } from "../dom.js";
import { date, number, ordinal, percent, score } from "../format.js";
import { handsLabel } from "../handlabel.js";
import { gettext, interpolate, ngettext } from "../i18n.js";

// Bars of each match's total, oldest on the left; first places drawn solid, others outlined.
function resultsChart(results) {
  const width = 340;
  const height = 120;
  const shown = results.slice(-30);
  const peak = Math.max(10, ...shown.map((r) => Math.abs(r.total)));
  const mid = height / 2;
  const step = Math.min(28, width / Math.max(shown.length, 1));
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img",
    "aria-label": interpolate(ngettext("Totals of the last %(n)s match", "Totals of the last %(n)s matches", shown.length), { n: number(shown.length) }) },
  svg("line", { x1: 0, x2: width, y1: mid, y2: mid, class: "axis" }));
  shown.forEach((r, i) => {
    const size = (Math.abs(r.total) / peak) * (mid - 6);
    chart.append(svg("rect", {
      x: (i * step + step * 0.15).toFixed(1), width: (step * 0.7).toFixed(1),
      y: (r.total >= 0 ? mid - size : mid).toFixed(1), height: Math.max(1, size).toFixed(1),
      class: r.place === 1 ? "bar bar-win" : "bar",
    }, svg("title", {}, interpolate(gettext("%(date)s: %(total)s, %(place)s"), { date: date(r.finished_at), total: score(r.total), place: ordinal(r.place) }))));
  });
  return h("figure", { class: "chart-box", testid: "results-chart" }, chart,
    h("figcaption", { class: "muted" }, gettext("Totals over time; solid bars are wins.")));
}

export async function mount(main, route, ctx) {
  const username = route.params.username || ctx.user.username;
  main.append(h("p", { class: "loading" }, gettext("Loading statistics…")));
  let stats;
  try {
    stats = await api.stats(username);
  } catch (error) {
    fill(main, h("section", { class: "panel" }, h("h1", {}, gettext("Statistics")), h("p", {}, error.message)));
    return;
  }
  const tile = (label, value, testid) => h("div", { class: "tile", testid }, h("strong", {}, value), h("span", {}, label));
  const winPct = stats.matches_played ? Math.round((100 * stats.wins) / stats.matches_played) : 0;
  fill(main, h("section", { class: "panel stats", testid: "stats" },
    h("h1", {}, username === ctx.user.username ? gettext("Your statistics") : interpolate(gettext("Statistics of %(name)s"), { name: username })),
    h("div", { class: "tiles" },
      tile(gettext("matches"), number(stats.matches_played), "stat-played"),
      tile(interpolate(gettext("wins (%(percent)s)"), { percent: percent(winPct) }), number(stats.wins), "stat-wins"),
      tile(gettext("average total"), score(Math.round(stats.average_total ?? 0)), "stat-average"),
      tile(gettext("calls made"), percent(Math.round(stats.calls_made_pct ?? 0)), "stat-calls")),
    h("p", {}, h("a", { class: "onward", href: `/u/${encodeURIComponent(username)}`, testid: "open-profile" }, gettext("Profile and rating →"))),
    stats.results.length ? resultsChart(stats.results) : h("p", { class: "muted" }, gettext("Finish a match to see results here.")),
    h("ul", { class: "match-list" }, [...stats.results].reverse().slice(0, 20).map((r) => h("li", {},
      h("a", { class: "match-row", href: `/replay/${r.match_id}` },
        h("span", { class: "match-main" }, h("strong", {}, ordinal(r.place)),
          h("span", { class: "muted" }, interpolate(gettext("%(date)s · %(hands)s"),
            { date: date(r.finished_at), hands: handsLabel(r.hands, r.hands_played) }))),
        h("span", { class: "match-side" }, h("strong", {}, score(r.total)))))))));
}
