// /join/<code>: an invite link. Signed-in players join at once and go to the table; a visitor
// not signed in is told who invited them and to what, then signs up, signs in or plays as guest.
import { api } from "../api.js";
import { fill, h, toast } from "../dom.js";
import { duration, number } from "../format.js";
import { gettext, interpolate, ngettext } from "../i18n.js";

async function joinAndGo(main, code, ctx) {
  fill(main, h("section", { class: "panel" }, h("p", { class: "loading" }, gettext("Joining the match…"))));
  try {
    const view = await api.join(code);
    ctx.navigate(`/m/${view.id}`, { replace: true });
  } catch (error) {
    fill(main, h("section", { class: "panel" }, h("h1", {}, gettext("Could not join")),
      h("p", { testid: "join-error" }, error.message),
      h("a", { class: "btn", href: "/" }, gettext("Back to the lobby"))));
  }
}

function invitation(preview) {
  const values = { name: preview.invited_by, hands: number(preview.hands) };
  if (!preview.invited_by) {
    return interpolate(ngettext("You are invited to a %(hands)s-hand match.",
      "You are invited to a %(hands)s-hand match.", preview.hands), values);
  }
  return interpolate(ngettext("%(name)s invited you to a %(hands)s-hand match.",
    "%(name)s invited you to a %(hands)s-hand match.", preview.hands), values);
}

async function preview(main, code, ctx) {
  const here = `/join/${encodeURIComponent(code)}`;
  let found;
  try {
    found = await api.invite(code);
  } catch (error) {
    main.append(h("section", { class: "panel" }, h("h1", {}, gettext("Could not join")),
      h("p", { testid: "join-error" }, error.message), h("a", { class: "btn", href: "/" }, gettext("Go to the start"))));
    return;
  }
  const guest = h("button", { class: "btn btn-primary btn-wide", type: "button", testid: "join-as-guest" }, gettext("Play as guest"));
  guest.addEventListener("click", async () => {
    guest.disabled = true;
    try {
      await api.guest();
      ctx.setUser(await api.me());
      await joinAndGo(main, code, ctx);
    } catch (error) {
      toast(error.message);
      guest.disabled = false;
    }
  });
  // After signing in or up, the player comes back here and joins.
  const remember = () => sessionStorage.setItem("next", here);
  const full = found.started || found.open_seats === 0;
  main.append(h("section", { class: "panel invite", testid: "invite-preview" },
    h("h1", { testid: "invite-text" }, invitation(found)),
    h("p", { testid: "invite-pace" }, interpolate(gettext("%(time)s a turn"), { time: duration(found.turn_seconds) })),
    full ? h("p", { class: "muted" }, gettext("This match has no seat left for a new player, unless one is held for you."))
      : h("p", { class: "muted" }, interpolate(ngettext("%(n)s seat is still open.", "%(n)s seats are still open.", found.open_seats), { n: number(found.open_seats) })),
    guest,
    h("div", { class: "row welcome-links" },
      h("a", { class: "btn", href: "/signin", testid: "to-signin", onclick: remember }, gettext("Sign in")),
      h("a", { class: "btn", href: "/signup", testid: "to-signup", onclick: remember }, gettext("Create a player")))));
}

export async function mount(main, route, ctx) {
  if (ctx.user) return joinAndGo(main, route.params.code, ctx);
  return preview(main, route.params.code, ctx);
}
