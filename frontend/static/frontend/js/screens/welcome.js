// The first screen a signed-out visitor sees: one tap to a game against the computer, or sign
// in / sign up. The tap makes a guest on this browser (no name, no password) and a 5-hand match.
import { api } from "../api.js";
import { h, toast } from "../dom.js";
import { gettext } from "../i18n.js";

export function mount(main, route, ctx) {
  const play = h("button", { class: "btn btn-primary btn-wide btn-large", type: "button", testid: "play-vs-computer" },
    gettext("Play vs computer"));
  play.addEventListener("click", async () => {
    if (!navigator.onLine) {
      ctx.navigate("/offline");
      return;
    }
    play.disabled = true;
    play.setAttribute("aria-busy", "true");
    try {
      const view = await api.vsComputer();
      ctx.setUser(await api.me());
      ctx.navigate(`/m/${view.id}`, { replace: true });
    } catch (error) {
      toast(error.message);
      play.disabled = false;
      play.removeAttribute("aria-busy");
    }
  });
  main.append(h("section", { class: "panel welcome", testid: "welcome" },
    h("h1", {}, gettext("Call Break")),
    h("p", { class: "lead" }, gettext("Four players, spades are trump: call how many tricks you will win, then win them.")),
    play,
    h("p", { class: "muted" }, gettext("No sign-up needed: you play as a guest and can keep the account later.")),
    h("div", { class: "row welcome-links" },
      h("a", { class: "btn", href: "/signin", testid: "to-signin" }, gettext("Sign in")),
      h("a", { class: "btn", href: "/signup", testid: "to-signup" }, gettext("Create a player"))),
    h("p", { class: "muted" }, h("a", { href: "/offline", testid: "to-offline" }, gettext("Play vs computer offline →")))));
  play.focus();
}
