// Settings: which notifications to receive, push on this device, sign out.
import { api } from "../api.js";
import { h, toast } from "../dom.js";
import { gettext } from "../i18n.js";
import { prefs, setPref } from "../prefs.js";
import { currentSubscription, disablePush, enablePush, pushSupported } from "../push.js";
import { listingSwitch } from "./leaderboard.js";

const KINDS = [
  ["notify_turn", "When it is my turn"],
  ["notify_deadline", "When my time is running out"],
  ["notify_finished", "When a match ends"],
];

const SPEED_LABELS = [["off", "Off"], ["slow", "Slow"], ["normal", "Normal"], ["fast", "Fast"]];

// How the table looks and sounds on this phone (kept on the phone, not on the server).
function tablePrefs() {
  const current = prefs();
  const speed = h("select", { id: "pref-speed", testid: "pref-speed",
    onchange: (e) => setPref("speed", e.target.value) },
  SPEED_LABELS.map(([value, label]) => h("option", { value, selected: value === current.speed }, label)));
  const box = (name, label, checked) => h("label", { class: "switch" },
    h("input", { type: "checkbox", checked, testid: `pref-${name}`, onchange: (e) => setPref(name, e.target.checked) }),
    h("span", {}, label));
  return h("fieldset", { class: "switches", testid: "table-prefs" }, h("legend", {}, "At the table"),
    h("div", { class: "field" }, h("label", { for: "pref-speed" }, "Card animations"), speed),
    box("muted", "Mute sounds", current.muted),
    box("confirmTap", "Tap a card to pick it, tap again to play it", current.confirmTap));
}

export async function mount(main, route, ctx) {
  const kinds = h("fieldset", { class: "switches", testid: "notify-kinds" }, h("legend", {}, "Notify me"));
  const pushState = h("p", { class: "muted", testid: "push-state" });
  const pushButton = h("button", { class: "btn btn-wide", type: "button", testid: "push-toggle" });
  main.append(h("section", { class: "panel settings", testid: "settings" },
    h("h1", {}, "Settings"),
    h("p", {}, "Signed in as ", h("strong", {}, ctx.user.username)),
    kinds,
    tablePrefs(),
    listingSwitch(),
    h("h2", {}, "Notifications on this device"), pushState, pushButton,
    h("h2", {}, "Account"),
    h("a", { class: "btn btn-wide", href: "/account", testid: "to-account" },
      ctx.user.is_guest ? gettext("Keep your account") : gettext("Email, password, export, delete")),
    ctx.user.is_guest ? h("p", { class: "muted" }, gettext("A guest who signs out cannot sign back in: keep your account first.")) : null,
    h("button", { class: "btn btn-wide btn-danger", type: "button", testid: "sign-out", onclick: signOut }, "Sign out")));

  try {
    const current = await api.settings();
    for (const [name, label] of KINDS) {
      const box = h("input", { type: "checkbox", name, checked: Boolean(current[name]), testid: `setting-${name}` });
      box.addEventListener("change", async () => {
        try {
          await api.saveSettings({ [name]: box.checked });
        } catch (error) {
          box.checked = !box.checked;
          toast(error.message);
        }
      });
      kinds.append(h("label", { class: "switch" }, box, h("span", {}, label)));
    }
  } catch (error) {
    kinds.append(h("p", { class: "muted" }, error.message));
  }

  async function showPush() {
    if (!pushSupported()) {
      pushState.textContent = "This browser cannot receive push notifications. On iPhone, add the app to the home screen first.";
      pushButton.hidden = true;
      return;
    }
    const subscribed = Boolean(await currentSubscription());
    pushState.textContent = subscribed ? "Push notifications are on for this device."
      : Notification.permission === "denied" ? "Notifications are blocked in the browser settings."
        : "Push notifications are off for this device.";
    pushButton.textContent = subscribed ? "Turn off push on this device" : "Enable push notifications";
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
