// A player's profile: rating (provisional mark), its graph, stats, recent finished matches
// with their replays, and "add friend". No presence here: only friends see who is online.
import { totalsChart } from "../chart.js";
import { fill, h, toast } from "../dom.js";
import { date, number, ordinal, score } from "../format.js";
import { gettext, interpolate, ngettext } from "../i18n.js";
import { changeText, ratingText, social } from "../social.js";

function relationPart(profile, reload) {
  const act = (action) => async () => {
    try {
      await action();
    } catch (error) {
      toast(error.message);
    }
    reload();
  };
  const name = profile.username;
  const labels = {
    friends: gettext("You are friends."),
    requested: gettext("Friend request sent."),
    blocked: gettext("You have blocked this player."),
  };
  if (profile.relation === "self") return null;
  if (profile.relation === "none") {
    return h("button", { class: "btn btn-primary", type: "button", testid: "add-friend", onclick: act(() => social.ask(name)) }, gettext("Add friend"));
  }
  if (profile.relation === "incoming") {
    return h("button", { class: "btn btn-primary", type: "button", testid: "accept-friend", onclick: act(() => social.accept(name)) }, gettext("Accept friend request"));
  }
  return h("p", { class: "muted", testid: "relation" }, labels[profile.relation]);
}

export async function mount(main, route, ctx) {
  const username = route.params.username || ctx.user.username;
  const panel = h("section", { class: "panel profile", testid: "profile" }, h("p", { class: "loading" }, gettext("Loading…")));
  main.append(panel);
  async function load() {
    let p;
    try {
      p = await social.profile(username);
    } catch (error) {
      fill(panel, h("h1", {}, username), h("p", {}, error.message));
      return;
    }
    const stats = p.stats;
    const tile = (label, value, testid) => h("div", { class: "tile", testid }, h("strong", {}, value), h("span", {}, label));
    const graph = p.graph.length > 1
      ? totalsChart([gettext("Rating")], [p.graph.map((g) => g.rating)], {
        start: null, format: number, label: gettext("Rating after each rated match"), testid: "rating-graph",
        lastLabel: (n) => interpolate(ngettext("%(n)s match", "%(n)s matches", n + 1), { n: number(n + 1) }),
      })
      : h("p", { class: "muted" }, gettext("The rating graph starts after two rated matches."));
    fill(panel,
      h("h1", {}, p.username),
      h("p", { class: "rating-big", testid: "profile-rating" }, p.rating.rating === null || p.rating.rating === undefined
        ? h("span", { class: "muted" }, gettext("Not rated yet"))
        : [h("span", { class: "muted" }, gettext("Rating"), " "), ratingText(p.rating)]),
      p.guest ? h("div", { class: "banner", testid: "profile-guest" },
        h("span", {}, gettext("Guests are unrated. Keep this account to get a rating and to sign in from any device.")),
        h("a", { class: "btn btn-small btn-primary", href: "/account", testid: "keep-account" }, gettext("Keep this account"))) : null,
      relationPart(p, load),
      graph,
      h("div", { class: "tiles" },
        tile(gettext("matches"), number(stats.matches_played), "stat-played"),
        tile(gettext("wins"), number(stats.wins), "stat-wins"),
        tile(gettext("average total"), score(Math.round(stats.average_total ?? 0)), "stat-average")),
      h("h2", {}, gettext("Recent matches")),
      p.recent.length ? h("ul", { class: "match-list", testid: "recent" }, p.recent.map((r) => h("li", {},
        h("a", { class: "match-row", href: r.replay, testid: "recent-match" },
          h("span", { class: "match-main" }, h("strong", {}, ordinal(r.place)),
            h("span", { class: "muted" }, date(r.finished_at))),
          h("span", { class: "match-side" }, r.rating_change ? h("span", { class: "badge" },
            interpolate(gettext("rating %(change)s"), { change: changeText(r.rating_change.change) })) : null,
          h("strong", {}, interpolate(gettext("total %(total)s"), { total: score(r.total) })))))))
        : h("p", { class: "muted" }, gettext("No finished matches yet.")));
  }
  await load();
}
