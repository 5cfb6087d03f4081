// The social API (friends, blocks, ratings, leaderboards, profiles, reactions) and how a
// rating reads: one number, said to be provisional for the first 10 rated matches.
import { request } from "./api.js";
import { toast } from "./dom.js";
import { number } from "./format.js";
import { gettext, interpolate } from "./i18n.js";

const at = encodeURIComponent;

export const social = {
  friends: () => request("GET", "/api/friends/"),
  ask: (username) => request("POST", "/api/friends/requests/", { username }),
  accept: (name) => request("POST", `/api/friends/requests/${at(name)}/accept/`),
  decline: (name) => request("POST", `/api/friends/requests/${at(name)}/decline/`),
  remove: (name) => request("DELETE", `/api/friends/${at(name)}/`),
  block: (username) => request("POST", "/api/blocks/", { username }),
  unblock: (name) => request("DELETE", `/api/blocks/${at(name)}/`),
  profile: (name) => request("GET", `/api/users/${at(name)}/profile/`),
  leaderboard: (scope, period, page) => request("GET", `/api/leaderboard/?scope=${scope}&period=${period}&page=${page}`),
  myRating: () => request("GET", "/api/ratings/me/"),
  setListed: (on) => request("PATCH", "/api/ratings/me/", { on_global_leaderboard: on }),
  matchRatings: (id) => request("GET", `/api/matches/${id}/ratings/`),
  reactions: () => request("GET", "/api/reactions/"),
  react: (id, reaction) => request("POST", `/api/matches/${id}/reactions/`, { reaction }),
};

// A rating is provisional for a player's first rated matches (PROVISIONAL_MATCHES in
// social/selectors.py): "925 (provisional, 3 of 10 matches)". Where ``matches`` counts
// something else (a leaderboard's period), ``counted: false`` leaves the count out.
const PROVISIONAL_MATCHES = 10;

export function ratingText({ rating, provisional, matches }, { counted = true } = {}) {
  if (rating === null || rating === undefined) return gettext("unrated");
  if (!provisional) return number(rating);
  if (!counted || matches === undefined) return interpolate(gettext("%(rating)s (provisional)"), { rating: number(rating) });
  return interpolate(gettext("%(rating)s (provisional, %(n)s of %(total)s matches)"),
    { rating: number(rating), n: number(matches), total: number(PROVISIONAL_MATCHES) });
}

// "+12" or "−7": a rating change as the end sheet and history show it.
export function changeText(change) {
  const sign = change > 0 ? "+" : change < 0 ? "−" : "±";
  return `${sign}${number(Math.abs(change))}`;
}

// A match with the friend invited by name and two normal bots, at ``turnSeconds`` a move.
export async function inviteToMatch(ctx, username, turnSeconds) {
  let view;
  try {
    view = await request("POST", "/api/matches/", {
      rules: { preset: "standard" }, turn_seconds: turnSeconds, opponents: [`user:${username}`, "bot:normal", "bot:normal"],
    });
  } catch (error) {
    if (error.code !== "already_invited") throw error;
    // One table waits for them already: that is where to go, with the reason in words.
    toast(error.message, "info");
    ctx.navigate(`/m/${error.body.match}`);
    return;
  }
  ctx.navigate(`/m/${view.id}`);
}
