// Leaderboards: global (established players who have not opted out) or among friends, all
// time or the last 30 days; names, ratings and match counts only.
import { fill, h, toast } from "../dom.js";
import { number } from "../format.js";
import { gettext } from "../i18n.js";
import { ratingText, social } from "../social.js";

export async function mount(main, route, ctx) {
  const params = new URLSearchParams(location.search);
  let scope = params.get("scope") === "friends" ? "friends" : "global";
  let period = params.get("period") === "30d" ? "30d" : "all";
  let page = 1;
  const rows = h("ol", { class: "match-list leaderboard", testid: "leaderboard" });
  const more = h("button", { class: "btn btn-wide", type: "button", hidden: true, testid: "leaderboard-more" }, gettext("More"));
  const choice = (name, pairs, current, onPick) => h("div", { class: "row", role: "group", "aria-label": name },
    pairs.map(([value, label]) => h("button", { class: `btn btn-small${value === current() ? " btn-primary" : ""}`, type: "button",
      testid: `board-${value}`, "aria-pressed": String(value === current()), onclick: () => onPick(value) }, label)));
  const controls = h("div", { class: "board-controls" });
  // What the board lists depends on its scope, so its note does too.
  const note = h("p", { class: "muted", testid: "board-note" });
  function drawControls() {
    note.textContent = scope === "friends"
      ? gettext("Friends show here once a rated match has given them a rating.")
      : gettext("The global board lists players after their first 10 rated matches. You can leave it in Settings.");
    fill(controls,
      choice(gettext("Players"), [["global", gettext("Everyone")], ["friends", gettext("Friends")]], () => scope, (v) => { scope = v; restart(); }),
      choice(gettext("Period"), [["all", gettext("All time")], ["30d", gettext("Last 30 days")]], () => period, (v) => { period = v; restart(); }));
  }
  main.append(h("section", { class: "panel", testid: "leaderboard-screen" }, h("h1", {}, gettext("Leaderboard")), controls, rows, more, note));

  async function load() {
    try {
      const data = await social.leaderboard(scope, period, page);
      if (page === 1 && !data.results.length) rows.append(h("li", { class: "empty muted" }, gettext("Nobody here yet.")));
      rows.append(...data.results.map((r) => h("li", { class: `match-row${r.username === ctx.user.username ? " is-me" : ""}`, testid: "board-row" },
        h("span", { class: "match-main" }, h("strong", {}, `${number(r.rank)}. `),
          h("a", { href: `/u/${encodeURIComponent(r.username)}` }, r.username)),
        h("span", { class: "match-side" }, h("span", { class: "muted" }, number(r.matches)), h("strong", {}, ratingText(r, { counted: false }))))));
      more.hidden = !data.next;
    } catch (error) {
      toast(error.message);
    }
  }
  function restart() {
    page = 1;
    rows.replaceChildren();
    drawControls();
    history.replaceState({}, "", `/leaderboard?scope=${scope}&period=${period}`);
    load();
  }
  more.addEventListener("click", () => { page += 1; load(); });
  drawControls();
  await load();
}

// The Settings switch: listed on the global leaderboard or not.
export function listingSwitch() {
  const box = h("input", { type: "checkbox", testid: "setting-global-leaderboard", disabled: true });
  social.myRating().then((mine) => { box.checked = mine.on_global_leaderboard; box.disabled = false; })
    .catch((error) => toast(error.message));
  box.addEventListener("change", async () => {
    try {
      await social.setListed(box.checked);
    } catch (error) {
      box.checked = !box.checked;
      toast(error.message);
    }
  });
  return h("fieldset", { class: "switches" }, h("legend", {}, gettext("Leaderboard")),
    h("label", { class: "switch" }, box, h("span", {}, gettext("Show me on the global leaderboard"))));
}
