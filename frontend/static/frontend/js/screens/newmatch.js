// The custom match: drawn from the rule catalogue the server sends (GET /api/rules/, in the player's
// language), so the form offers exactly what the engine has — presets, choices, toggles,
// hands (or no fixed end), turn times and bot levels — with the server's own words for each.
import { api } from "../api.js";
import { h, toast } from "../dom.js";
import { duration, number } from "../format.js";
import { gettext, interpolate } from "../i18n.js";
import { social } from "../social.js";

const OPEN_ENDED = "open";

const options = (items, selected) => items.map(([value, label, disabled]) =>
  h("option", { value, selected: String(value) === String(selected), disabled: Boolean(disabled) }, label));
const numbers = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => [from + i, number(from + i)]);

function select(name, label, items, selected, hint) {
  return h("div", { class: "field" }, h("label", { for: `nm-${name}` }, label),
    h("select", { id: `nm-${name}`, name, testid: `nm-${name}` }, options(items, selected)),
    hint === undefined ? null : h("p", { class: "hint", id: `nm-${name}-hint` }, hint));
}

function turnLabel({ seconds, live }) {
  return live ? interpolate(gettext("%(time)s (live)"), { time: duration(seconds) }) : duration(seconds);
}

// Friends come first: an invitation by name, one tap away.
function opponentRow(i, levels, friends) {
  const kinds = [
    ...friends.map((f) => [`user:${f.username}`, interpolate(gettext("Friend: %(name)s"), { name: f.username })]),
    ...levels.map((level) => [`bot:${level.name}`, interpolate(gettext("Bot: %(level)s"), { level: level.label })]),
    ["open", gettext("Open seat (invite link)")],
    ["user", gettext("Invite a player by name")],
  ];
  const kind = h("select", { id: `nm-opp-${i}`, name: `opp-${i}`, testid: `nm-opponent-${i}` }, options(kinds, "bot:normal"));
  const name = h("input", {
    name: `opp-name-${i}`, placeholder: gettext("Player name"), autocapitalize: "none", hidden: true,
    testid: `nm-opponent-name-${i}`, "aria-label": interpolate(gettext("Name of opponent %(n)s"), { n: number(i + 1) }),
  });
  kind.addEventListener("change", () => { name.hidden = kind.value !== "user"; name.required = !name.hidden; });
  return h("div", { class: "field" },
    h("label", { for: `nm-opp-${i}` }, interpolate(gettext("Opponent %(n)s"), { n: number(i + 1) })), kind, name);
}

export async function mount(main, route, ctx) {
  let catalogue;
  let friends;
  try {
    [catalogue, friends] = await Promise.all([api.rules(), social.friends().then((f) => f.friends, () => [])]);
  } catch (error) {
    toast(error.message);
    return;
  }
  const presets = Object.fromEntries(catalogue.presets.map((p) => [p.name, p]));
  const base = presets[catalogue.default_preset].rules;
  const described = (choice, value) => choice.options.find((o) => o.value === value)?.description || "";
  const calls = numbers(catalogue.limits.call.min, catalogue.limits.call.max);
  const hands = [...numbers(catalogue.limits.hands.min, catalogue.limits.hands.max), [OPEN_ENDED, catalogue.open_ended.label]];
  const form = h("form", { class: "panel newmatch", testid: "new-match-form" },
    h("h1", {}, gettext("Custom match")),
    select("preset", gettext("Rules"), catalogue.presets.map((p) => [p.name, p.label]), catalogue.default_preset,
      presets[catalogue.default_preset].description),
    h("details", { class: "rules-details" },
      h("summary", { testid: "nm-rules-toggle" }, gettext("Rule options")),
      catalogue.choices.map((c) => select(c.name, c.label, c.options.map((o) => [o.value, o.label]),
        base[c.name], described(c, base[c.name]))),
      h("div", { class: "row" }, select("min_call", gettext("Lowest call"), calls, base.min_call),
        select("max_call", gettext("Highest call"), calls, base.max_call)),
      h("fieldset", { class: "switches" }, h("legend", {}, gettext("Variants")),
        catalogue.toggles.map((t) => h("label", { class: "switch" },
          h("input", { type: "checkbox", name: t.name, testid: `nm-${t.name}`, checked: base[t.name] }),
          h("span", {}, h("strong", {}, t.label), h("small", { class: "hint" }, t.description)))))),
    h("div", { class: "row wrap-fields" },
      select("hands", gettext("Hands"), hands, catalogue.limits.hands.default, ""),
      select("turn_seconds", gettext("Time per move"), catalogue.turn_seconds.map((t) => [t.seconds, turnLabel(t)]),
        catalogue.default_turn_seconds.bots_only)),
    h("fieldset", { class: "opponents" }, h("legend", {}, gettext("Opponents")),
      [0, 1, 2].map((i) => opponentRow(i, catalogue.bot_levels, friends)),
      h("p", { class: "hint", id: "nm-levels-hint", testid: "nm-levels-hint" }),
      h("label", { class: "switch", testid: "nm-public-switch", hidden: true },
        h("input", { type: "checkbox", name: "public", testid: "nm-public" }),
        h("span", {}, h("strong", {}, gettext("Public table")),
          h("small", { class: "hint" }, gettext("Listed under Open tables: anyone may take the open seats."))))),
    h("button", { class: "btn btn-primary btn-wide", type: "submit", testid: "nm-submit" }, gettext("Start match")));

  const f = form.elements;
  const explain = (name, text) => { const hint = form.querySelector(`#nm-${name}-hint`); if (hint) hint.textContent = text; };
  const opponentSelects = [0, 1, 2].map((i) => f[`opp-${i}`]);
  let turnTouched = false;

  // A level that thinks for long is offered only where the turn time leaves room for it.
  function offerLevels() {
    const seconds = Number(f.turn_seconds.value);
    const tooSlow = new Set(catalogue.bot_levels
      .filter((level) => level.min_turn_seconds && seconds < level.min_turn_seconds).map((level) => `bot:${level.name}`));
    for (const kind of opponentSelects) {
      for (const option of kind.options) option.disabled = tooSlow.has(option.value);
      if (tooSlow.has(kind.value)) kind.value = "bot:normal";
    }
    const needing = catalogue.bot_levels.filter((level) => tooSlow.has(`bot:${level.name}`));
    // Each greyed level named before why it is greyed: "Expert: searches deepest of all…".
    explain("levels", needing.map((level) => interpolate(gettext("%(level)s: %(about)s"), { level: level.label, about: level.description })).join(" "));
  }

  // Only a table with an open seat can be listed for anyone to join.
  const anyOpen = () => opponentSelects.some((kind) => kind.value === "open");
  const publicSwitch = form.querySelector("[data-testid=nm-public-switch]");
  const offerPublic = () => { publicSwitch.hidden = !anyOpen(); };

  // Without another person at the table the match plays at a live pace, unless chosen.
  function defaultTurnTime() {
    if (turnTouched) return;
    const people = opponentSelects.some((kind) => kind.value === "open" || kind.value.startsWith("user"));
    f.turn_seconds.value = String(catalogue.default_turn_seconds[people ? "with_people" : "bots_only"]);
    offerLevels();
  }

  f.preset.addEventListener("change", () => {
    const preset = presets[f.preset.value];
    for (const [key, value] of Object.entries(preset.rules)) {
      if (!f[key] || key === "hands") continue;
      if (f[key].type === "checkbox") f[key].checked = value; else f[key].value = value;
    }
    explain("preset", preset.description);
    for (const c of catalogue.choices) explain(c.name, described(c, f[c.name].value));
  });
  for (const c of catalogue.choices) {
    f[c.name].addEventListener("change", () => explain(c.name, described(c, f[c.name].value)));
  }
  // The lowest call never above the highest: moving one past the other takes the other along.
  f.min_call.addEventListener("change", () => {
    if (Number(f.min_call.value) > Number(f.max_call.value)) f.max_call.value = f.min_call.value;
  });
  f.max_call.addEventListener("change", () => {
    if (Number(f.max_call.value) < Number(f.min_call.value)) f.min_call.value = f.max_call.value;
  });
  f.hands.addEventListener("change", () => explain("hands", f.hands.value === OPEN_ENDED ? catalogue.open_ended.description : ""));
  f.turn_seconds.addEventListener("change", () => { turnTouched = true; offerLevels(); });
  for (const kind of opponentSelects) {
    kind.addEventListener("change", defaultTurnTime);
    kind.addEventListener("change", offerPublic);
  }
  defaultTurnTime();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const rules = { preset: f.preset.value, min_call: Number(f.min_call.value), max_call: Number(f.max_call.value) };
    for (const c of catalogue.choices) rules[c.name] = f[c.name].value;
    for (const t of catalogue.toggles) rules[t.name] = f[t.name].checked;
    const opponents = opponentSelects.map((kind, i) => (kind.value === "user"
      ? `user:${f[`opp-name-${i}`].value.trim()}` : kind.value));
    const button = form.querySelector("[type=submit]");
    button.disabled = true;
    try {
      const view = await api.createMatch({
        rules, hands: f.hands.value === OPEN_ENDED ? null : Number(f.hands.value),
        turn_seconds: Number(f.turn_seconds.value), opponents, public: f.public.checked && anyOpen(),
      });
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
