// One tap to a game, from the welcome screen and the lobby: against the computer, against
// strangers at the last pace used, or (with the pace chosen) at a table of friends to invite.
import { api } from "./api.js";
import { dialog, h, toast } from "./dom.js";
import { gettext } from "./i18n.js";
import { lastSeek, paceLabel, paceOf, seekBody, seekLabel } from "./paces.js";

// A button that runs ``action`` once at a time, busy meanwhile; a refusal is told and the
// button can be tapped again.
function actionButton(attrs, children, action) {
  const button = h("button", { type: "button", ...attrs }, ...children);
  button.addEventListener("click", async () => {
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    try {
      await action();
    } catch (error) {
      toast(error.message);
    } finally {
      button.disabled = false;
      button.removeAttribute("aria-busy");
    }
  });
  return button;
}

const big = (primary) => `btn btn-wide btn-large action${primary ? " btn-primary" : ""}`;
const caption = (text, testid) => h("small", { class: "action-note", testid }, text);

// The server answers with the player's own such match still in play rather than a new one:
// it is one where the player has called, or a hand is under way or over.
const resumed = (view) => view.hand_number > 1 || view.hand_results.length > 0
  || view.tricks.length > 0 || view.trick.length > 0
  || (view.my_seat !== null && view.calls[view.my_seat] !== null);

// A 5-hand match against three bots at once. Someone not signed in becomes a guest first
// (the server makes one); offline, the game runs on the phone instead. Back at a match in
// play, a message says so.
export function vsComputerButton(ctx) {
  return actionButton({ class: big(true), testid: "play-vs-computer" }, [gettext("Play vs computer")], async () => {
    if (!navigator.onLine) {
      ctx.navigate("/offline");
      return;
    }
    const guest = !ctx.user;
    const view = await api.vsComputer();
    if (guest) ctx.setUser(await api.me());
    ctx.navigate(`/m/${view.id}`, { replace: guest });
    if (resumed(view)) toast(gettext("Back to your match against the computer."), "info");
  });
}

// A search at the last pace used, waited on at /play; before any search, /play asks for one.
export function playOnlineButton(ctx) {
  const last = lastSeek(ctx.user);
  const note = last ? caption(seekLabel(last), "play-online-pace") : caption(gettext("Choose a pace"), "play-online-pace");
  return actionButton({ class: big(false), testid: "play-online" }, [h("span", {}, gettext("Play online")), note], async () => {
    if (!last) {
      ctx.navigate("/play");
      return;
    }
    let seek;
    try {
      seek = await api.seek(seekBody(last));
    } catch (error) {
      // Already looking at this pace: that search is the one to wait on.
      if (error.code !== "seek_open") throw error;
    }
    ctx.navigate(seek ? `/play?seek=${seek.id}` : "/play");
  });
}

// A match among friends is played now, together, or over days: the sheet asks which, and
// ``start(seconds)`` makes the match at that pace. The sheet closes once it is done, so a
// refusal's message shows over the screen, not under the sheet.
const FRIEND_PACES = [
  { label: () => gettext("Live"), pace: "30s", testid: "pace-live" },
  { label: () => gettext("At your own pace"), pace: "1d", testid: "pace-slow" },
];

export function choosePace(start) {
  const box = dialog(gettext("How fast will you play?"), h("div", {},
    FRIEND_PACES.map(({ label, pace, testid }) => actionButton({ class: big(false), testid },
      [h("span", {}, label()), caption(paceLabel(pace))], async () => {
        try {
          await start(paceOf(pace).seconds);
        } finally {
          box.close();
        }
      }))), { testid: "choose-pace" });
  return box;
}

// A table with three open seats, at the pace chosen; its screen shares the invite link.
export function inviteFriendsButton(ctx) {
  return actionButton({ class: big(false), testid: "invite-friends" }, [gettext("Invite friends")], async () => {
    choosePace(async (seconds) => {
      const view = await api.createMatch({ rules: { preset: "standard" }, hands: 5, turn_seconds: seconds, opponents: ["open", "open", "open"] });
      ctx.navigate(`/m/${view.id}`);
    });
  });
}
