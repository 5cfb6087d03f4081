// My account: a guest keeps it (username and password); others set their email, change the
// password; everyone can download their finished matches and delete the account.
import { api } from "../api.js";
import { fill, h, showFieldErrors, toast } from "../dom.js";
import { gettext, interpolate } from "../i18n.js";

function field(label, name, attrs = {}) {
  const id = attrs.id || `acc-${name}`;
  return h("div", { class: "field" },
    h("label", { for: id }, label),
    h("input", { id, name, testid: id, ...attrs, required: attrs.required !== false }),
    h("p", { class: "field-error", id: `${id}-error`, "aria-live": "polite" }));
}

// A form that posts its fields to `send` and shows field errors under their fields.
function form(testid, title, fields, submit, send) {
  const el = h("form", { class: "account-form", testid, novalidate: true },
    h("h2", {}, title), ...fields,
    h("button", { class: "btn btn-primary btn-wide", type: "submit", testid: `${testid}-submit` }, submit));
  el.addEventListener("submit", async (event) => {
    event.preventDefault();
    for (const p of el.querySelectorAll(".field-error")) p.textContent = "";
    const button = el.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await send(Object.fromEntries(new FormData(el)), el);
    } catch (error) {
      if (!showFieldErrors(el, error.fields, "acc")) toast(error.message);
    } finally {
      button.disabled = false;
    }
  });
  return el;
}

function claimForm(ctx, redraw) {
  return form("claim-form", gettext("Keep your account"), [
    h("p", { class: "muted" }, gettext("Choose a name and a password to sign in from any device. Your matches and stats stay yours.")),
    field(gettext("Name at the table"), "username", { autocomplete: "username", autocapitalize: "none", maxlength: 30 }),
    field(gettext("Password"), "password", { type: "password", autocomplete: "new-password" }),
    field(gettext("Email (optional, for password reset)"), "email", { type: "email", required: false, autocomplete: "email" }),
  ], gettext("Keep my account"), async (data) => {
    if (!data.email) delete data.email;
    await api.claim(data);
    ctx.setUser(await api.me());
    toast(interpolate(gettext("Welcome, %(name)s. Your account is yours to keep."), { name: ctx.user.username }), "info");
    redraw();
  });
}

function emailForm(ctx, redraw) {
  const user = ctx.user;
  const status = !user.email ? gettext("No email yet: add one to reset a forgotten password.")
    : user.email_confirmed ? gettext("Confirmed.")
      : gettext("Not confirmed yet: open the link we mailed you.");
  return form("email-form", gettext("Email"), [
    h("p", { class: "muted", testid: "email-status" }, status),
    field(gettext("Email address"), "email", { type: "email", value: user.email || "", required: false, autocomplete: "email" }),
  ], gettext("Save email"), async (data) => {
    const answer = await api.setEmail(data.email || "");
    toast(answer.detail, "info");
    ctx.setUser(await api.me());
    redraw();
  });
}

function passwordForm() {
  return form("password-form", gettext("Change password"), [
    field(gettext("Current password"), "old_password", { type: "password", autocomplete: "current-password" }),
    field(gettext("New password"), "password", { type: "password", autocomplete: "new-password" }),
  ], gettext("Change password"), async (data, el) => {
    const answer = await api.changePassword(data);
    el.reset();
    toast(answer.detail, "info");
  });
}

function deleteForm(ctx) {
  const guest = ctx.user.is_guest;
  return form("delete-form", gettext("Delete my account"), [
    h("p", { class: "muted" }, gettext("Your finished matches keep their records, where your name will read \"Deleted player\". Every device is signed out. This cannot be undone.")),
    guest ? null : field(gettext("Password"), "password", { id: "acc-delete-password", type: "password", autocomplete: "current-password" }),
    field(interpolate(gettext("To confirm, type your name: %(name)s"), { name: ctx.user.username }), "confirm",
      { id: "acc-delete-confirm", autocomplete: "off", autocapitalize: "none", spellcheck: false }),
  ], gettext("Delete my account forever"), async (data, el) => {
    const { confirm, ...body } = data;
    if (confirm.trim().normalize("NFKC") !== ctx.user.username) {
      el.querySelector("#acc-delete-confirm-error").textContent = gettext("Type your name exactly as shown to delete the account.");
      el.querySelector("#acc-delete-confirm").focus();
      return;
    }
    await api.deleteAccount(body);
    if (window.caches) await caches.delete("cb-api");
    ctx.setUser(null);
    ctx.navigate("/", { replace: true });
  });
}

export function mount(main, route, ctx) {
  const panel = h("section", { class: "panel account", testid: "account" });
  function draw() {
    const user = ctx.user;
    fill(panel,
      h("h1", {}, gettext("Account")),
      h("p", {}, interpolate(user.is_guest ? gettext("Playing as %(name)s, a guest on this device.")
        : gettext("Signed in as %(name)s."), { name: user.username })),
      user.is_guest ? claimForm(ctx, draw) : emailForm(ctx, draw),
      user.is_guest ? null : passwordForm(),
      h("h2", {}, gettext("My matches")),
      h("a", { class: "btn btn-wide", href: "/api/matches/export/", download: "callbreak-matches.json", testid: "export" },
        gettext("Download my finished matches (JSON)")),
      h("div", { class: "danger-zone" }, deleteForm(ctx)));
  }
  draw();
  main.append(panel);
}
