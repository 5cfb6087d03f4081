// New match: drawn from the rule catalogue the server sends (GET /api/rules/), so the form
// offers exactly what the engine has: presets, choices, toggles, hands and turn times.
import { api } from "../api.js";
import { h, toast } from "../dom.js";
import { duration, number } from "../format.js";
import { gettext, interpolate } from "../i18n.js";

const opponentKinds = () => [["open", gettext("Open seat (invite link)")], ["user", gettext("Invite a player by name")]];
const levelNames = () => ({ easy: gettext("Bot — easy"), normal: gettext("Bot — normal"), hard: gettext("Bot — hard") });

const options = (pairs, selected) => pairs.map(([value, label]) =>
  h("option", { value, selected: String(value) === String(selected) }, label));
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => [from + i, number(from + i)]);

function turnLabel({ seconds, live }) {
  return live ? interpolate(gettext("%(time)s (live)"), { time: duration(seconds) }) : duration(seconds);
}

function select(name, label, pairs, selected, hint) {
  return h("div", { class: "field" }, h("label", { for: `nm-${name}` }, label),
    h("select", { id: `nm-${name}`, name, testid: `nm-${name}` }, options(pairs, selected)),
    hint ? h("p", { class: "hint", id: `nm-${name}-hint` }, hint) : null);
}

function opponentRow(i, levels) {
  const names = levelNames();
  const pairs = [...levels.map((level) => [`bot:${level}`, names[level] || level]), ...opponentKinds()];
  const kind = h("select", { id: `nm-opp-${i}`, name: `opp-${i}`, testid: `nm-opponent-${i}` }, options(pairs, "bot:normal"));
  const name = h("input", { name: `opp-name-${i}`, placeholder: gettext("Player name"), autocapitalize: "none", hidden: true, testid: `nm-opponent-name-${i}`, "aria-label": interpolate(gettext("Name of opponent %(n)s"), { n: number(i + 1) }) });
  kind.addEventListener("change", () => { name.hidden = kind.value !== "user"; name.required = !name.hidden; });
  return h("div", { class: "field" }, h("label", { for: `nm-opp-${i}` }, interpolate(gettext("Opponent %(n)s"), { n: number(i + 1) })), kind, name);
}

export async function mount(main, route, ctx) {
  let catalogue;
  try {
    catalogue = await api.rules();
  } catch (error) {
    toast(error.message);
    return;
  }
  const presets = Object.fromEntries(catalogue.presets.map((p) => [p.name, p]));
  const base = presets[catalogue.default_preset].rules;
  const described = (options, value) => options.find((o) => o.value === value)?.description || "";
  const calls = range(catalogue.limits.call.min, catalogue.limits.call.max);
  const form = h("form", { class: "panel newmatch", testid: "new-match-form" },
    h("h1", {}, gettext("New match")),
    select("preset", gettext("Rules"), catalogue.presets.map((p) => [p.name, p.label]), catalogue.default_preset,
      presets[catalogue.default_preset].description),
    h("details", { class: "rules-details" },
      h("summary", { testid: "nm-rules-toggle" }, gettext("Rule options")),
      catalogue.choices.map((c) => select(c.name, c.label, c.options.map((o) => [o.value, o.label]),
        base[c.name], described(c.options, base[c.name]))),
      h("div", { class: "row" }, select("min_call", gettext("Lowest call"), calls, base.min_call),
        select("max_call", gettext("Highest call"), calls, base.max_call)),
      h("fieldset", { class: "switches" }, h("legend", {}, gettext("Variants")),
        catalogue.toggles.map((t) => h("label", { class: "switch" },
          h("input", { type: "checkbox", name: t.name, testid: `nm-${t.name}`, checked: base[t.name] }),
          h("span", {}, h("strong", {}, t.label), h("small", { class: "hint" }, t.description)))))),
    h("div", { class: "row" },
      select("hands", gettext("Hands"), range(catalogue.limits.hands.min, catalogue.limits.hands.max), catalogue.limits.hands.default),
      select("turn_seconds", gettext("Time per move"), catalogue.turn_seconds.map((t) => [t.seconds, turnLabel(t)]), 86400)),
    h("fieldset", { class: "opponents" }, h("legend", {}, gettext("Opponents")), [0, 1, 2].map((i) => opponentRow(i, catalogue.bot_levels))),
    h("button", { class: "btn btn-primary btn-wide", type: "submit", testid: "nm-submit" }, gettext("Start match")));

  const f = form.elements;
  const explain = (name, text) => { const hint = form.querySelector(`#nm-${name}-hint`); if (hint) hint.textContent = text; };
  f.preset.addEventListener("change", () => {
    const preset = presets[f.preset.value];
    for (const [key, value] of Object.entries(preset.rules)) {
      if (!f[key] || key === "hands") continue;
      if (f[key].type === "checkbox") f[key].checked = value; else f[key].value = value;
    }
    explain("preset", preset.description);
    for (const c of catalogue.choices) explain(c.name, described(c.options, f[c.name].value));
  });
  for (const c of catalogue.choices) {
    f[c.name].addEventListener("change", () => explain(c.name, described(c.options, f[c.name].value)));
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const hands = Number(f.hands.value);
    const rules = { preset: f.preset.value, hands, min_call: Number(f.min_call.value), max_call: Number(f.max_call.value) };
    for (const c of catalogue.choices) rules[c.name] = f[c.name].value;
    for (const t of catalogue.toggles) rules[t.name] = f[t.name].checked;
    const opponents = [0, 1, 2].map((i) => (f[`opp-${i}`].value === "user"
      ? `user:${f[`opp-name-${i}`].value.trim()}` : f[`opp-${i}`].value));
    const button = form.querySelector("[type=submit]");
    button.disabled = true;
    try {
      const view = await api.createMatch({ rules, hands, turn_seconds: Number(f.turn_seconds.value), opponents });
      ctx.navigate(`/m/${view.id}`, { replace: true });
    } catch (error) {
      const fieldErrors = Object.values(error.fields || {}).flat().join(" ");
      toast(fieldErrors ? `${error.message} ${fieldErrors}` : error.message);
    } finally {
      button.disabled = false;
    }
  });
  main.append(form);
}
