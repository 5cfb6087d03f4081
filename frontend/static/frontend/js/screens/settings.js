// Settings: language and digits, which notifications to receive, push on this device, offline
// play on this phone, sign out.
import { api } from "../api.js";
import { h, toast } from "../dom.js";
import { latinDigits, number, setLatinDigits } from "../format.js";
import { gettext, interpolate, setLanguage } from "../i18n.js";
import { prefs, setPref } from "../prefs.js";
import { currentSubscription, disablePush, enablePush, pushSupported } from "../push.js";
import { listingSwitch } from "./leaderboard.js";
import { offlineControl } from "./offline.js";

const kinds = () => [
  ["notify_turn", gettext("When it is my turn")],
  ["notify_deadline", gettext("When my time is running out")],
  ["notify_finished", gettext("When a match ends")],
];

const speedLabels = () => [["off", gettext("Off")], ["slow", gettext("Slow")], ["normal", gettext("Normal")], ["fast", gettext("Fast")]];

// The site's languages, each named in its own words (from the shell, see frontend/views.py).
const LANGUAGES = JSON.parse(document.getElementById("languages")?.textContent || "[]");

// The language the browser asks for first among ours, for an account that follows it.
function browserLanguage() {
  const ours = new Set(LANGUAGES.map((l) => l.code));
  for (const wanted of navigator.languages || [navigator.language]) {
    const code = String(wanted).toLowerCase().split("-")[0];
    if (ours.has(code)) return code;
  }
  return "en";
}

// Language and digits, kept on the account (and the language in the cookie), so every device
// of the player and their notifications speak the same.
function languagePrefs(ctx) {
  const picker = h("select", { id: "pref-language", testid: "pref-language", "aria-label": gettext("Language") },
    h("option", { value: "", selected: !ctx.user.language }, gettext("The browser's language")),
    LANGUAGES.map(({ code, name }) => h("option", { value: code, lang: code, selected: code === ctx.user.language }, name)));
  const digits = h("input", { type: "checkbox", checked: latinDigits(), testid: "pref-latin-digits" });
  async function save(data) {
    picker.disabled = digits.disabled = true;
    try {
      ctx.user = await api.saveAccount(data);
    } catch (error) {
      toast(error.message);
      return;
    } finally {
      picker.disabled = digits.disabled = false;
    }
    setLatinDigits(ctx.user.latin_digits);
    // Drawing the screen again in the new words and digits: no reload.
    await setLanguage(ctx.user.language || browserLanguage());
  }
  picker.addEventListener("change", () => save({ language: picker.value }));
  digits.addEventListener("change", () => save({ latin_digits: digits.checked }));
  return h("fieldset", { class: "switches", testid: "language-prefs" }, h("legend", {}, gettext("Language")),
    h("div", { class: "field" }, picker),
    h("label", { class: "switch" }, digits,
      h("span", {}, interpolate(gettext("Latin digits (%(example)s)"), { example: "0123" }))),
    h("p", { class: "hint" }, interpolate(gettext("Numbers look like this: %(example)s"), { example: number(1234.5) })));
}

// How the table looks and sounds on this phone (kept on the phone, not on the server).
function tablePrefs() {
  const current = prefs();
  const speed = h("select", { id: "pref-speed", testid: "pref-speed",
    onchange: (e) => setPref("speed", e.target.value) },
  speedLabels().map(([value, label]) => h("option", { value, selected: value === current.speed }, label)));
  const box = (name, label, checked) => h("label", { class: "switch" },
    h("input", { type: "checkbox", checked, testid: `pref-${name}`, onchange: (e) => setPref(name, e.target.checked) }),
    h("span", {}, label));
  return h("fieldset", { class: "switches", testid: "table-prefs" }, h("legend", {}, gettext("At the table")),
    h("div", { class: "field" }, h("label", { for: "pref-speed" }, gettext("Card animations")), speed),
    box("muted", gettext("Mute sounds"), current.muted),
    box("confirmTap", gettext("Tap a card to pick it, tap again to play it"), current.confirmTap));
}

export async function mount(main, route, ctx) {
  const notify = h("fieldset", { class: "switches", testid: "notify-kinds" }, h("legend", {}, gettext("Notify me")));
  const pushState = h("p", { class: "muted", testid: "push-state" });
  const pushButton = h("button", { class: "btn btn-wide", type: "button", testid: "push-toggle" });
  main.append(h("section", { class: "panel settings", testid: "settings" },
    h("h1", {}, gettext("Settings")),
    h("p", {}, gettext("Signed in as"), " ", h("strong", {}, ctx.user.username)),
    languagePrefs(ctx),
    notify,
    tablePrefs(),
    listingSwitch(),
    h("h2", {}, gettext("Notifications on this device")), pushState, pushButton,
    h("h2", {}, gettext("Offline play")), offlineControl(),
    h("p", { class: "muted" }, h("a", { class: "onward", href: "/offline", testid: "to-offline" }, gettext("Play vs computer offline →"))),
    h("p", { class: "muted" }, h("a", { class: "onward", href: "/rules", testid: "settings-rules" }, gettext("How to play →"))),
    h("h2", {}, gettext("Account")),
    h("a", { class: "btn btn-wide", href: "/account", testid: "to-account" },
      ctx.user.is_guest ? gettext("Keep your account") : gettext("Email, password, export, delete")),
    ctx.user.is_guest ? h("p", { class: "muted" }, gettext("A guest who signs out cannot sign back in: keep your account first.")) : null,
    h("button", { class: "btn btn-wide btn-danger", type: "button", testid: "sign-out", onclick: signOut }, gettext("Sign out"))));

  try {
    const current = await api.settings();
    for (const [name, label] of kinds()) {
      const box = h("input", { type: "checkbox", name, checked: Boolean(current[name]), testid: `setting-${name}` });
      box.addEventListener("change", async () => {
        try {
          await api.saveSettings({ [name]: box.checked });
        } catch (error) {
          box.checked = !box.checked;
          toast(error.message);
        }
      });
      notify.append(h("label", { class: "switch" }, box, h("span", {}, label)));
    }
  } catch (error) {
    notify.append(h("p", { class: "muted" }, error.message));
  }

  async function showPush() {
    if (!pushSupported()) {
      pushState.textContent = gettext("This browser cannot receive push notifications. On iPhone, add the app to the home screen first.");
      pushButton.hidden = true;
      return;
    }
    const subscribed = Boolean(await currentSubscription());
    pushState.textContent = subscribed ? gettext("Push notifications are on for this device.")
      : Notification.permission === "denied" ? gettext("Notifications are blocked in the browser settings.")
        : gettext("Push notifications are off for this device.");
    pushButton.textContent = subscribed ? gettext("Turn off push on this device") : gettext("Enable push notifications");
    pushButton.onclick = async () => {
      pushButton.disabled = true;
      try {
        await (subscribed ? disablePush() : enablePush());
      } catch (error) {
        toast(error.message);
      } finally {
        pushButton.disabled = false;
        showPush();
      }
    };
  }
  showPush();

  async function signOut() {
    // This browser stops getting the player's notifications before the session ends.
    try {
      await disablePush();
    } catch {
      /* no subscription, or the push service is unreachable: signing out goes on */
    }
    try {
      await api.logout();
    } catch (error) {
      if (error.status === 0) {
        toast(error.message);
        return;
      }
    }
    // Forget what this phone kept of the player's matches.
    if (window.caches) await caches.delete("cb-api");
    ctx.setUser(null);
    ctx.navigate("/signin", { replace: true });
  }
}
