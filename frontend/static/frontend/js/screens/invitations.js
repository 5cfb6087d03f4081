// Invitations that arrived: at the top of the lobby, each with Accept and Decline.
import { request } from "../api.js";
import { fill, h, toast } from "../dom.js";
import { list } from "../format.js";
import { termsOf } from "../handlabel.js";
import { gettext, interpolate } from "../i18n.js";

function invitationRow(invitation, ctx, reload) {
  const who = invitation.invited_by
    ? interpolate(gettext("%(name)s invited you"), { name: invitation.invited_by })
    : gettext("You are invited");
  const answer = async (verb) => {
    try {
      await request("POST", `/api/invitations/${invitation.match_id}/${verb}/`);
      if (verb === "accept") ctx.navigate(`/m/${invitation.match_id}`);
      else reload();
    } catch (error) {
      toast(error.message);
      reload();
    }
  };
  // What is asked of the player before they accept: how many hands, and how long each turn.
  const about = termsOf(invitation.hands, invitation.turn_seconds);
  return h("li", { class: "match-row invitation-row", testid: "invitation", dataset: { matchId: invitation.match_id } },
    h("span", { class: "match-main" },
      h("strong", {}, who),
      h("span", { class: "muted", testid: "invitation-about" }, list(about))),
    h("span", { class: "row" },
      h("button", { class: "btn btn-primary btn-small", type: "button", testid: "invitation-accept", onclick: () => answer("accept") }, gettext("Accept")),
      h("button", { class: "btn btn-small", type: "button", testid: "invitation-decline", onclick: () => answer("decline") }, gettext("Decline"))));
}

// The section (hidden while there is no invitation) and a function that reloads it.
export function invitationSection(ctx) {
  const list = h("ul", { class: "match-list", testid: "invitations" });
  const section = h("section", { hidden: true }, h("h2", {}, gettext("Invitations")), list);
  async function reload() {
    try {
      const invitations = await request("GET", "/api/invitations/");
      section.hidden = invitations.length === 0;
      fill(list, ...invitations.map((i) => invitationRow(i, ctx, reload)));
    } catch {
      section.hidden = true;
    }
  }
  return { section, reload };
}
