// Links mailed to a player, and asking for one: forgotten password, the reset link's new
// password, and an email confirmation link.
import { api } from "../api.js";
import { h, toast } from "../dom.js";
import { gettext } from "../i18n.js";

function passwordField(id, label, autocomplete) {
  return h("div", { class: "field" }, h("label", { for: id }, label),
    h("input", { id, name: "password", type: "password", required: true, autocomplete, testid: id }),
    h("p", { class: "field-error", id: `${id}-error`, "aria-live": "polite" }));
}

function forgot(main) {
  const done = h("p", { testid: "recover-result", "aria-live": "polite" });
  const el = h("form", { class: "panel auth", testid: "forgot-form", novalidate: true },
    h("h1", {}, gettext("Forgot your password?")),
    h("p", { class: "muted" }, gettext("Give the email confirmed on your account and we will mail you a link to choose a new password.")),
    h("div", { class: "field" }, h("label", { for: "forgot-email" }, gettext("Email address")),
      h("input", { id: "forgot-email", name: "email", type: "email", required: true, autocomplete: "email", testid: "forgot-email" })),
    h("button", { class: "btn btn-primary btn-wide", type: "submit", testid: "forgot-submit" }, gettext("Send the link")),
    done,
    h("p", {}, h("a", { class: "onward", href: "/signin" }, gettext("Back to sign in"))));
  el.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      done.textContent = (await api.resetPassword(el.elements.email.value)).detail;
    } catch (error) {
      toast(error.message);
    }
  });
  main.append(el);
}

function reset(main, route, ctx) {
  const el = h("form", { class: "panel auth", testid: "reset-form", novalidate: true },
    h("h1", {}, gettext("Choose a new password")),
    passwordField("reset-password", gettext("New password"), "new-password"),
    h("button", { class: "btn btn-primary btn-wide", type: "submit", testid: "reset-submit" }, gettext("Set the password")));
  el.addEventListener("submit", async (event) => {
    event.preventDefault();
    const slot = el.querySelector("#reset-password-error");
    slot.textContent = "";
    try {
      const answer = await api.resetConfirm({ uid: route.params.uid, token: route.params.token, password: el.elements.password.value });
      toast(answer.detail, "info");
      ctx.navigate("/signin", { replace: true });
    } catch (error) {
      slot.textContent = [].concat(error.fields.password || error.fields.token || error.message).join(" ");
    }
  });
  main.append(el);
}

async function confirmEmail(main, route, ctx) {
  const result = h("p", { testid: "recover-result", "aria-live": "polite" }, gettext("Confirming your email…"));
  main.append(h("section", { class: "panel" }, h("h1", {}, gettext("Email confirmation")), result,
    h("a", { class: "btn", href: "/" }, ctx.user ? gettext("Back to the lobby") : gettext("Go to the start"))));
  try {
    result.textContent = (await api.confirmEmail(route.params.token)).detail;
  } catch (error) {
    result.textContent = [].concat(error.fields.token || error.message).join(" ");
  }
}

export function mount(main, route, ctx) {
  if (route.name === "reset") return reset(main, route, ctx);
  if (route.name === "confirm-email") return confirmEmail(main, route, ctx);
  return forgot(main);
}
