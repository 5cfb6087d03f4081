// Sign in and sign up: one form each, field errors under their fields.
import { api } from "../api.js";
import { h, showFieldErrors, toast } from "../dom.js";
import { gettext } from "../i18n.js";

function field(label, name, attrs) {
  const input = h("input", { id: `f-${name}`, name, required: true, testid: `auth-${name}`, ...attrs });
  return h("div", { class: "field" },
    h("label", { for: `f-${name}` }, label), input,
    h("p", { class: "field-error", id: `f-${name}-error`, "aria-live": "polite" }));
}

export function mount(main, route, ctx) {
  const signup = route.name === "signup";
  const form = h("form", { class: "panel auth", testid: signup ? "signup-form" : "signin-form", novalidate: true },
    h("h1", {}, signup ? gettext("Create your player") : gettext("Sign in")),
    field(gettext("Name at the table"), "username", { autocomplete: "username", autocapitalize: "none", maxlength: 150 }),
    signup ? field(gettext("Email (optional, for password reset)"), "email", { type: "email", required: false, autocomplete: "email" }) : null,
    field(gettext("Password"), "password", { type: "password", autocomplete: signup ? "new-password" : "current-password", minlength: signup ? 8 : undefined }),
    h("button", { class: "btn btn-primary btn-wide", type: "submit", testid: "auth-submit" }, signup ? gettext("Sign up") : gettext("Sign in")),
    h("p", { class: "muted" }, signup ? gettext("Already playing?") : gettext("New here?"), " ",
      h("a", { href: signup ? "/signin" : "/signup", testid: signup ? "to-signin" : "to-signup" },
        signup ? gettext("Sign in") : gettext("Create a player"))),
    signup ? null : h("p", {}, h("a", { class: "onward", href: "/forgot-password", testid: "to-forgot" }, gettext("Forgot your password?"))),
    h("p", {}, h("a", { class: "onward", href: "/", testid: "to-welcome" }, gettext("Play vs computer without signing up"))));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const p of form.querySelectorAll(".field-error")) p.textContent = "";
    const data = Object.fromEntries(new FormData(form));
    if (!data.email) delete data.email;
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await (signup ? api.register(data) : api.login(data));
      await ctx.setUser(await api.me());
      const next = sessionStorage.getItem("next");
      sessionStorage.removeItem("next");
      ctx.navigate(next && next !== "/signin" && next !== "/signup" ? next : "/", { replace: true });
    } catch (error) {
      if (!showFieldErrors(form, error.fields, "f")) toast(error.message);
    } finally {
      button.disabled = false;
    }
  });
  main.append(form);
  form.querySelector("input").focus();
}
