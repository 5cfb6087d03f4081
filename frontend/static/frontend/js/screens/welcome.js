// The first screen a signed-out visitor sees: one tap to a game against the computer, a
// search for other players, or sign in / sign up, and the language. Playing makes a guest on
// this browser (no name, no password).
import { h, toast } from "../dom.js";
import { gettext, language, setLanguage } from "../i18n.js";
import { vsComputerButton } from "../quickplay.js";

// The site's languages, each named in its own words (from the shell, see frontend/views.py).
const LANGUAGES = JSON.parse(document.getElementById("languages")?.textContent || "[]");
const YEAR = 60 * 60 * 24 * 365;

// A language chosen before there is an account: the page is drawn again in it, and the
// language cookie makes the server answer in it too (signing up keeps following it).
function languagePicker() {
  const picker = h("select", { id: "welcome-language", testid: "welcome-language", "aria-label": gettext("Language") },
    LANGUAGES.map(({ code, name }) => h("option", { value: code, lang: code, selected: code === language() }, name)));
  picker.addEventListener("change", async () => {
    document.cookie = `django_language=${encodeURIComponent(picker.value)}; path=/; max-age=${YEAR}; samesite=lax`;
    try {
      await setLanguage(picker.value);
    } catch (error) {
      toast(error.message);
    }
  });
  return h("div", { class: "welcome-language" }, h("label", { for: "welcome-language" }, "🌐 ", gettext("Language")), " ", picker);
}

export function mount(main, route, ctx) {
  const play = vsComputerButton(ctx);
  main.append(h("section", { class: "panel welcome", testid: "welcome" },
    languagePicker(),
    h("h1", {}, gettext("Call Break")),
    h("p", { class: "lead" }, gettext("Four players, spades are trump: call how many tricks you will win, then win them.")),
    play,
    h("a", { class: "btn btn-wide btn-large", href: "/play", testid: "play-online" }, gettext("Play online")),
    h("p", { class: "muted" }, gettext("No sign-up needed: you play as a guest and can keep the account later.")),
    h("div", { class: "row welcome-links" },
      h("a", { class: "btn", href: "/signin", testid: "to-signin" }, gettext("Sign in")),
      h("a", { class: "btn", href: "/signup", testid: "to-signup" }, gettext("Create a player"))),
    h("p", { class: "muted row" }, h("a", { class: "onward", href: "/offline", testid: "to-offline" }, gettext("Play vs computer offline →")),
      h("a", { class: "onward", href: "/rules", testid: "to-rules" }, gettext("How to play →")))));
  play.focus();
}
