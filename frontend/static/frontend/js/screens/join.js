// /join/<code>: an invite link. Signed-in players join at once and go to the table.
import { api } from "../api.js";
import { fill, h } from "../dom.js";
import { gettext } from "../i18n.js";

export async function mount(main, route, ctx) {
  main.append(h("section", { class: "panel" }, h("p", { class: "loading" }, gettext("Joining the match…"))));
  try {
    const view = await api.join(route.params.code);
    ctx.navigate(`/m/${view.id}`, { replace: true });
  } catch (error) {
    fill(main, h("section", { class: "panel" }, h("h1", {}, gettext("Could not join")),
      h("p", { testid: "join-error" }, error.message),
      h("a", { class: "btn", href: "/" }, gettext("Back to the lobby"))));
  }
}
