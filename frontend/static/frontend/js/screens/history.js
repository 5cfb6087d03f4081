// Finished matches: place, total and a link to each replay. Readable offline (service worker).
import { api } from "../api.js";
import { h, seatLabel, toast } from "../dom.js";
import { date, list, ordinal, score } from "../format.js";
import { handsLabel } from "../handlabel.js";
import { gettext, interpolate } from "../i18n.js";
import { changeText } from "../social.js";

function row(m) {
  const mine = m.my_seat;
  const place = m.places && mine !== null ? m.places[mine] : null;
  const others = list(m.seats.filter((s) => s.seat !== mine).map(seatLabel));
  return h("li", {},
    h("a", { class: "match-row", href: `/replay/${m.id}`, testid: "history-row", dataset: { matchId: m.id } },
      h("span", { class: "match-main" },
        h("strong", {}, interpolate(gettext("vs %(players)s"), { players: others })),
        h("span", { class: "muted" }, interpolate(gettext("%(date)s · %(hands)s"),
          { date: date(m.updated_at), hands: handsLabel(m.hands, m.hand_number) }))),
      h("span", { class: "match-side" },
        place ? h("span", { class: `badge${place === 1 ? " badge-win" : ""}` }, ordinal(place)) : null,
        m.rating_change ? h("span", { class: "badge", testid: "history-rating-change" },
          interpolate(gettext("rating %(change)s"), { change: changeText(m.rating_change.change) })) : null,
        m.offline ? h("span", { class: "badge", testid: "history-offline" }, gettext("Offline")) : null,
        h("strong", { testid: "history-total" }, interpolate(gettext("total %(total)s"), { total: score(m.scores?.[mine] ?? 0) })))));
}

export async function mount(main, route, ctx) {
  const list = h("ul", { class: "match-list", testid: "history-list" });
  const more = h("button", { class: "btn btn-wide", type: "button", hidden: true, testid: "history-more" }, gettext("Older matches"));
  main.append(h("section", { class: "panel" }, h("h1", {}, gettext("History")), list, more,
    h("p", {}, h("a", { class: "onward", href: "/stats" }, gettext("Your statistics →")))));
  let page = 1;
  async function load() {
    try {
      const data = await api.matches("finished", page);
      if (page === 1 && !data.results.length) {
        list.append(h("li", { class: "empty muted" }, gettext("No finished matches yet.")));
      }
      list.append(...data.results.map(row));
      more.hidden = !data.next;
    } catch (error) {
      toast(error.message);
    }
  }
  more.addEventListener("click", () => { page += 1; load(); });
  await load();
}
