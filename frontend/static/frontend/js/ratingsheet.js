// The match-end sheet's rating line: the player's rating before and after, once the worker
// has rated the match (a moment after the end; asked again a few times meanwhile).
import { h } from "./dom.js";
import { number } from "./format.js";
import { gettext, interpolate } from "./i18n.js";
import { changeText, ratingText, social } from "./social.js";

export function ratingChange(view) {
  const line = h("p", { class: "rating-change", testid: "rating-change", "aria-live": "polite" });
  if (view.my_seat === null) return line;
  let tries = 0;
  const ask = () => social.matchRatings(view.id).then((changes) => {
    const mine = changes.find((c) => c.seat === view.my_seat);
    if (mine) {
      line.textContent = interpolate(gettext("Rating %(before)s → %(after)s (%(change)s)"), {
        before: number(mine.before), after: ratingText({ rating: mine.after, provisional: mine.provisional }),
        change: changeText(mine.change),
      });
    } else if (++tries < 6) setTimeout(ask, 1500);
  }).catch(() => { /* the sheet works without it */ });
  ask();
  return line;
}
