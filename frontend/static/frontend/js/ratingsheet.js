// The match-end sheet's rating line: what the match did to the player's rating and where it
// stands now ("Rating: +18, now 1,046"), once the worker has rated the match (a moment after
// the end; asked again a few times meanwhile). A guest is told how to be rated instead.
import { h } from "./dom.js";
import { number } from "./format.js";
import { gettext, interpolate } from "./i18n.js";
import { changeText, ratingText, social } from "./social.js";

export function ratingChange(view, { guest = false } = {}) {
  const line = h("p", { class: "rating-change", testid: "rating-change", "aria-live": "polite" });
  if (view.my_seat === null) return line;
  if (guest) {
    line.append(gettext("Guests are unrated."), " ",
      h("a", { href: "/account", testid: "end-keep-account" }, gettext("Keep this account to be rated.")));
    return line;
  }
  let tries = 0;
  const ask = () => social.matchRatings(view.id).then((changes) => {
    const mine = changes.find((c) => c.seat === view.my_seat);
    if (mine) {
      line.textContent = interpolate(gettext("Rating: %(change)s, now %(after)s"), {
        after: ratingText({ rating: mine.after, provisional: mine.provisional, matches: mine.matches }),
        change: changeText(mine.change),
      });
      line.title = interpolate(gettext("Your rating was %(before)s before this match."), { before: number(mine.before) });
    } else if (++tries < 6) setTimeout(ask, 1500);
  }).catch(() => { /* the sheet works without it */ });
  ask();
  return line;
}
