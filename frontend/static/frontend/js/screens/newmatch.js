// New match: preset, every rule toggle of docs/RULES.md, hands, turn time and three opponents.
import { api } from "../api.js";
import { h, toast } from "../dom.js";

const PRESETS = {
  standard: { follow: "strict", min_call: 1, max_call: 8, scoring: "standard" },
  pagat: { follow: "free", min_call: 2, max_call: 12, scoring: "exact" },
  casual: { follow: "casual", min_call: 1, max_call: 13, scoring: "standard" },
};
const SWITCHES = [
  ["redeal_no_trump", "Redeal when a hand has no spade"],
  ["redeal_weak_hand", "Redeal when a hand has no spade or no card above a jack"],
  ["min_total_10", "Throw in when the calls total 9 or less"],
  ["eight_wins", "A made call of 8 or more wins the match"],
  ["no_spade_first_lead", "No spade lead on the first trick"],
  ["spades_broken", "Spades may not be led until broken"],
  ["clockwise", "Draw the table clockwise"],
];
const TURN_TIMES = [[15, "15 seconds (live)"], [30, "30 seconds (live)"], [60, "1 minute (live)"],
  [3600, "1 hour"], [43200, "12 hours"], [86400, "1 day"], [259200, "3 days"]];
const OPPONENTS = [["bot:easy", "Bot — easy"], ["bot:normal", "Bot — normal"], ["bot:hard", "Bot — hard"],
  ["open", "Open seat (invite link)"], ["user", "Invite a player by name"]];

const options = (pairs, selected) => pairs.map(([value, label]) =>
  h("option", { value, selected: String(value) === String(selected) }, label));
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => [from + i, String(from + i)]);

function select(name, label, pairs, selected) {
  return h("div", { class: "field" }, h("label", { for: `nm-${name}` }, label),
    h("select", { id: `nm-${name}`, name, testid: `nm-${name}` }, options(pairs, selected)));
}

function opponentRow(i) {
  const kind = h("select", { id: `nm-opp-${i}`, name: `opp-${i}`, testid: `nm-opponent-${i}` }, options(OPPONENTS, "bot:normal"));
  const name = h("input", { name: `opp-name-${i}`, placeholder: "Player name", autocapitalize: "none", hidden: true, testid: `nm-opponent-name-${i}`, "aria-label": `Name of opponent ${i + 1}` });
  kind.addEventListener("change", () => { name.hidden = kind.value !== "user"; name.required = !name.hidden; });
  return h("div", { class: "field" }, h("label", { for: `nm-opp-${i}` }, `Opponent ${i + 1}`), kind, name);
}

export function mount(main, route, ctx) {
  const form = h("form", { class: "panel newmatch", testid: "new-match-form" },
    h("h1", {}, "New match"),
    select("preset", "Rules", [["standard", "Standard (strict, calls 1–8)"], ["pagat", "Pagat (free follow, 2–12, exact)"], ["casual", "Casual (follow suit, 1–13)"]], "standard"),
    h("details", { class: "rules-details" },
      h("summary", { testid: "nm-rules-toggle" }, "Rule options"),
      select("follow", "Following", [["strict", "Strict: must win if you can"], ["free", "Free: any card of the led suit"], ["casual", "Casual: follow suit, else anything"]], "strict"),
      h("div", { class: "row" }, select("min_call", "Lowest call", range(1, 13), 1), select("max_call", "Highest call", range(1, 13), 8)),
      select("scoring", "Scoring", [["standard", "Standard (+0.1 per extra trick)"], ["bonus13", "Bonus 13 for a made 8+"], ["exact", "Exact (call or one more)"]], "standard"),
      h("fieldset", { class: "switches" }, h("legend", {}, "Variants"),
        SWITCHES.map(([name, label]) => h("label", { class: "switch" },
          h("input", { type: "checkbox", name, testid: `nm-${name}` }), h("span", {}, label))))),
    h("div", { class: "row" },
      select("hands", "Hands", range(1, 20), 5),
      select("turn_seconds", "Time per move", TURN_TIMES, 86400)),
    h("fieldset", { class: "opponents" }, h("legend", {}, "Opponents"), [0, 1, 2].map(opponentRow)),
    h("button", { class: "btn btn-primary btn-wide", type: "submit", testid: "nm-submit" }, "Start match"));

  const preset = form.elements.preset;
  preset.addEventListener("change", () => {
    for (const [key, value] of Object.entries(PRESETS[preset.value])) form.elements[key].value = value;
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = form.elements;
    const hands = Number(f.hands.value);
    const rules = { preset: f.preset.value, follow: f.follow.value, hands,
      min_call: Number(f.min_call.value), max_call: Number(f.max_call.value), scoring: f.scoring.value };
    for (const [name] of SWITCHES) rules[name] = f[name].checked;
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
