// The JSON API: session cookie + CSRF header, errors as ApiError with the server's sentence.
import { uuid } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.detail || interpolate(gettext("The server answered %(status)s."), { status }));
    this.status = status;
    this.code = body?.code || (status === 0 ? "offline" : "error");
    this.fields = body?.fields || {};
    this.body = body || {};
  }
}

function cookie(name) {
  const found = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
}

async function csrfToken() {
  if (!cookie("csrftoken")) await fetch("/api/auth/csrf/", { credentials: "same-origin" });
  return cookie("csrftoken");
}

const RETRIES = 2;

// One request; a POST carrying an Idempotency-Key is retried on network failure, since the
// server acts on that key at most once. ``keepalive`` lets it outlive the page.
export async function request(method, url, body, { idempotent = false, keepalive = false } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["X-CSRFToken"] = await csrfToken();
  if (idempotent) headers["Idempotency-Key"] = uuid();
  const init = { method, headers, credentials: "same-origin", keepalive };
  if (body !== undefined) init.body = JSON.stringify(body);
  let response;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(url, init);
      break;
    } catch {
      if (!(idempotent || method === "GET") || attempt >= RETRIES) {
        throw new ApiError(0, { code: "offline", detail: gettext("No connection. Check your network and try again.") });
      }
      await new Promise((r) => setTimeout(r, 600 * (attempt + 1)));
    }
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// A GET started at boot for the screen being opened, before that screen's module has loaded:
// the screen's own call takes the request in flight over (once, while fresh), so the page
// waits for one answer instead of a module and then an answer.
const early = new Map();
const FRESH_MS = 5000;

export function prefetch(url) {
  const started = request("GET", url);
  started.catch(() => {}); // the screen's own call sees the error
  early.set(url, { started, at: Date.now() });
}

function get(url) {
  const found = early.get(url);
  early.delete(url);
  return found && Date.now() - found.at < FRESH_MS ? found.started : request("GET", url);
}

// A list of my searches waits for the cancels already sent (leaving /play sends them without
// waiting), so the lobby never lists a search the player has just left.
let cancelling = Promise.resolve();
function cancelSeek(id, options) {
  const sent = request("DELETE", `/api/seeks/${id}/`, undefined, options);
  cancelling = Promise.all([cancelling, sent.catch(() => {})]);
  return sent;
}

const matchUrl = (id) => `/api/matches/${id}/`;
const post = (url, body, idempotent = false) => request("POST", url, body ?? {}, { idempotent });
const act = (url, body) => post(url, body, true);

export const api = {
  me: () => get("/api/auth/me/"),
  register: (data) => post("/api/auth/register/", data),
  login: (data) => post("/api/auth/login/", data),
  logout: () => post("/api/auth/logout/"),
  guest: () => post("/api/auth/guest/"),
  vsComputer: () => post("/api/matches/vs-computer/"),
  sendOfflineMatch: (body) => post("/api/matches/offline/", body),
  claim: (data) => post("/api/auth/claim/", data),
  setEmail: (email) => post("/api/auth/email/", { email }),
  confirmEmail: (token) => post("/api/auth/email/confirm/", { token }),
  resetPassword: (email) => post("/api/auth/password-reset/", { email }),
  resetConfirm: (data) => post("/api/auth/password-reset/confirm/", data),
  changePassword: (data) => post("/api/auth/password/", data),
  deleteAccount: (data) => post("/api/auth/delete/", data),
  invite: (code) => get(`/api/invites/${encodeURIComponent(code)}/`),
  rules: () => get("/api/rules/"),
  matches: (status, page = 1) => get(`/api/matches/?status=${status}&page=${page}`),
  match: (id) => get(matchUrl(id)),
  prefetchMatch: (id) => prefetch(matchUrl(id)),
  createMatch: (data) => act("/api/matches/", data),
  join: (code) => act("/api/matches/join/", { invite_code: code }),
  call: (id, call, seq) => act(`/api/matches/${id}/call/`, { call, seq }),
  play: (id, card, seq) => act(`/api/matches/${id}/play/`, { card, seq }),
  redeal: (id, seq) => act(`/api/matches/${id}/redeal/`, { seq }),
  back: (id) => act(`/api/matches/${id}/back/`, {}),
  finish: (id, seq) => act(`/api/matches/${id}/finish/`, { seq }),
  fill: (id) => act(`/api/matches/${id}/fill/`, {}),
  cancel: (id) => act(`/api/matches/${id}/cancel/`, {}),
  leave: (id) => act(`/api/matches/${id}/leave/`, {}),
  inviteToTable: (id, username) => act(`/api/matches/${id}/invite/`, { username }),
  acceptInvitation: (id) => act(`/api/invitations/${id}/accept/`, {}),
  declineInvitation: (id) => act(`/api/invitations/${id}/decline/`, {}),
  rematch: (id) => act(`/api/matches/${id}/rematch/`, {}),
  record: (id) => get(`/api/matches/${id}/record/`),
  analysis: (id, seat) => get(`/api/matches/${id}/analysis/?seat=${seat}`),
  retryAnalysis: (id, seat) => post(`/api/matches/${id}/analysis/?seat=${seat}`),
  stats: (username) => get(`/api/users/${encodeURIComponent(username)}/stats/`),
  saveAccount: (data) => request("PATCH", "/api/auth/me/", data),
  settings: () => get("/api/me/settings/"),
  saveSettings: (data) => request("PATCH", "/api/me/settings/", data),
  seek: (data) => post("/api/seeks/", data),
  seeks: () => cancelling.then(() => request("GET", "/api/seeks/")),
  botsNow: (id) => post(`/api/seeks/${id}/bots/`),
  cancelSeek,
  tables: () => request("GET", "/api/tables/"),
  pushKey: () => get("/api/push/key/"),
  subscribe: (sub) => post("/api/push/subscribe/", sub),
  unsubscribe: (endpoint) => post("/api/push/unsubscribe/", { endpoint }),
};
