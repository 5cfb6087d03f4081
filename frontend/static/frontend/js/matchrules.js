// A match's own rules in words, from the server's rule catalogue: the preset they match (or
// "Own rules"), how to follow suit, the scoring, the calls, a tie for first and every extra
// rule that is on. The table opens them in a sheet; the lobby names a table's preset.
import { api } from "./api.js";
import { dialog, h } from "./dom.js";
import { number } from "./format.js";
import { gettext, interpolate } from "./i18n.js";

export function rulesName(rules, presets) {
  const same = (preset) => Object.entries(preset.rules).every(([key, value]) => key === "hands" || rules[key] === value);
  return presets.find(same)?.label || gettext("Own rules");
}

function ruleLines(rules, catalogue) {
  const lines = [];
  for (const choice of catalogue.choices) {
    const option = choice.options.find((o) => o.value === rules[choice.name]);
    if (option) lines.push([`${choice.label}: ${option.label}`, option.description]);
  }
  lines.push([gettext("Calls"), interpolate(gettext("Calls in this match run from %(min)s to %(max)s."),
    { min: number(rules.min_call), max: number(rules.max_call) })]);
  for (const toggle of catalogue.toggles) if (rules[toggle.name]) lines.push([toggle.label, toggle.description]);
  return lines;
}

// The sheet; without the catalogue (offline with no copy of it) it still leads to the rules.
export async function showMatchRules(view) {
  const body = h("div", { testid: "match-rules" });
  try {
    const catalogue = await api.rules();
    body.append(h("p", {}, h("strong", { testid: "match-rules-name" }, rulesName(view.rules, catalogue.presets))),
      h("dl", { class: "rules-presets" }, ruleLines(view.rules, catalogue).flatMap(([term, text]) => [h("dt", {}, term), h("dd", {}, text)])));
  } catch {
    /* the link below still reads */
  }
  body.append(h("p", {}, h("a", { class: "onward", href: "/rules", testid: "match-rules-more" }, gettext("How to play →"))));
  return dialog(gettext("Rules of this match"), body, { testid: "match-rules-dialog" });
}
