// Friends: add by username, answer requests, see who is online (friends only) and their
// rating, invite one to a match at the pace chosen; remove or block; unblock.
import { fill, h, toast } from "../dom.js";
import { gettext, interpolate } from "../i18n.js";
import { choosePace } from "../quickplay.js";
import { inviteToMatch, ratingText, social } from "../social.js";

function button(label, onclick, { testid, primary = false } = {}) {
  return h("button", { class: `btn btn-small${primary ? " btn-primary" : ""}`, type: "button", testid, onclick }, label);
}

export async function mount(main, route, ctx) {
  const lists = h("div", { testid: "friends-lists" });
  const name = h("input", { name: "username", autocapitalize: "none", required: true, testid: "friend-name",
    "aria-label": gettext("Username"), placeholder: gettext("Username") });
  const form = h("form", { class: "row", testid: "add-friend" }, name,
    h("button", { class: "btn btn-primary", type: "submit" }, gettext("Send request")));
  main.append(h("section", { class: "panel friends", testid: "friends" },
    h("h1", {}, gettext("Friends")), form, lists,
    h("p", { class: "row" }, h("a", { class: "onward", href: `/u/${encodeURIComponent(ctx.user.username)}` }, gettext("Your profile and rating →")),
      h("a", { class: "onward", href: "/leaderboard" }, gettext("Leaderboard →")))));

  // Every action redraws the lists from the server's answer; a refusal says why.
  const run = (action, done) => async () => {
    try {
      await action();
      if (done) toast(done, "info");
    } catch (error) {
      toast(error.message);
    }
    await load();
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const username = name.value.trim();
    await run(() => social.ask(username), interpolate(gettext("Request sent to %(name)s."), { name: username }))();
    name.value = "";
  });

  function friendRow(f) {
    return h("li", { class: "friend-row", testid: "friend", dataset: { username: f.username } },
      h("span", { class: `presence${f.online ? " is-online" : ""}`, "aria-hidden": "true" }),
      h("a", { href: `/u/${encodeURIComponent(f.username)}`, class: "friend-name" }, f.username),
      h("span", { class: "sr-only" }, f.online ? gettext("online") : gettext("offline")),
      h("span", { class: "muted", testid: "friend-rating" }, ratingText(f.rating)),
      h("span", { class: "row" },
        button(gettext("Invite to a match"), () => choosePace((seconds) => inviteToMatch(ctx, f.username, seconds)),
          { testid: "invite-friend", primary: true }),
        button(gettext("Remove"), run(() => social.remove(f.username)), { testid: "remove-friend" }),
        button(gettext("Block"), run(() => social.block(f.username)), { testid: "block-friend" })));
  }

  const section = (title, testid, rows) => (rows.length
    ? h("div", { testid }, h("h2", {}, title), h("ul", { class: "match-list" }, rows)) : null);

  async function load() {
    let data;
    try {
      data = await social.friends();
    } catch (error) {
      fill(lists, h("p", {}, error.message));
      return;
    }
    fill(lists,
      section(gettext("Requests for you"), "incoming", data.incoming.map((r) => h("li", { class: "friend-row", testid: "incoming-request" },
        h("strong", {}, r.username),
        button(gettext("Accept"), run(() => social.accept(r.username)), { testid: "accept", primary: true }),
        button(gettext("Decline"), run(() => social.decline(r.username)), { testid: "decline" }),
        button(gettext("Block"), run(() => social.block(r.username)), { testid: "block-asker" })))),
      data.friends.length ? h("ul", { class: "match-list", testid: "friend-list" }, data.friends.map(friendRow))
        : h("p", { class: "muted" }, gettext("No friends yet: send a request by username.")),
      section(gettext("Requests you sent"), "outgoing", data.outgoing.map((r) => h("li", { class: "friend-row" },
        h("span", {}, r.username), button(gettext("Withdraw"), run(() => social.remove(r.username)))))),
      section(gettext("Blocked"), "blocked", data.blocked.map((r) => h("li", { class: "friend-row" },
        h("span", {}, r.username), button(gettext("Unblock"), run(() => social.unblock(r.username)), { testid: "unblock" })))));
  }
  await load();
  // A request or an answer from someone shows at once.
  return ctx.live.on((kind) => { if (kind === "friends") load(); });
}
