// A small SVG line chart: one line per player (each with its own dash pattern), hand by hand.
import { h, svg } from "./dom.js";
import { number, score } from "./format.js";
import { gettext, interpolate } from "./i18n.js";

const STYLES = [
  { colour: "#1f6feb", dash: "" },
  { colour: "#d1242f", dash: "6 3" },
  { colour: "#1a7f37", dash: "2 3" },
  { colour: "#9a6700", dash: "9 3 2 3" },
];

// series: four arrays of running totals (tenths), one per seat, starting after hand 1. A
// rating graph passes one series of ratings with ``start: null`` (no zero point), its own
// ``format`` for the numbers and ``lastLabel`` for the right end.
export function totalsChart(names, series, { width = 340, height = 160, label, format = score,
  start = 0, lastLabel = (n) => interpolate(gettext("hand %(n)s"), { n: number(n) }), testid = "totals-chart" } = {}) {
  const points = series.map((s) => (start === null ? [...s] : [start, ...s]));
  const count = Math.max(...points.map((p) => p.length));
  const values = points.flat();
  const lo = start === null ? Math.min(...values) - 5 : Math.min(0, ...values);
  const hi = start === null ? Math.max(...values) + 5 : Math.max(10, ...values);
  const pad = { left: 30, right: 8, top: 8, bottom: 18 };
  const x = (i) => pad.left + (i * (width - pad.left - pad.right)) / Math.max(1, count - 1);
  const y = (v) => pad.top + ((hi - v) * (height - pad.top - pad.bottom)) / (hi - lo || 1);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "aria-label": label || gettext("Running totals") },
    svg("line", { x1: pad.left, x2: width - pad.right, y1: y(start ?? lo), y2: y(start ?? lo), class: "axis" }),
    svg("text", { x: 2, y: y(hi) + 4, class: "tick" }, format(hi)),
    svg("text", { x: 2, y: y(lo) + 4, class: "tick" }, format(lo)),
    svg("text", { x: width - pad.right, y: height - 4, class: "tick", "text-anchor": "end" }, lastLabel(count - 1)));
  points.forEach((p, seat) => {
    const style = STYLES[seat];
    chart.append(svg("polyline", {
      points: p.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
      fill: "none", stroke: style.colour, "stroke-width": 2.5, "stroke-dasharray": style.dash,
    }));
    p.forEach((v, i) => chart.append(svg("circle", { cx: x(i), cy: y(v), r: 2.5, fill: style.colour })));
  });
  const legend = h("ul", { class: "legend" }, names.map((name, seat) => h("li", {},
    h("span", { class: "swatch", style: `border-top: 3px ${STYLES[seat].dash ? "dashed" : "solid"} ${STYLES[seat].colour}` }),
    interpolate(gettext("%(name)s %(total)s"), { name, total: format(points[seat][points[seat].length - 1]) }))));
  return h("figure", { class: "chart-box", testid }, chart, h("figcaption", {}, legend));
}
