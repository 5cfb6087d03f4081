// /join/<code>: an invite link. Signed-in players join at once and go to the table.
import { api } from "../api.js";
import { fill, h } from "../dom.js";

export async function mount(main, route, ctx) {
  main.append(h("section", { class: "panel" }, h("p", { class: "loading" }, "Joining the match…")));
  try {
    const view = await api.join(route.params.code);
    ctx.navigate(`/m/${view.id}`, { replace: true });
  } catch (error) {
    fill(main, h("section", { class: "panel" }, h("h1", {}, "Could not join"),
      h("p", { testid: "join-error" }, error.message),
      h("a", { class: "btn", href: "/" }, "Back to the lobby")));
  }
}
