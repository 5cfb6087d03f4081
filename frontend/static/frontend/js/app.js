// Boot: who is signed in, the router, the websocket and the service worker.
import { api } from "./api.js";
import { h, toast } from "./dom.js";
import { number, setLatinDigits } from "./format.js";
import { gettext, interpolate, language, onLanguage, setLanguage } from "./i18n.js";
import { Live } from "./live.js";
import { match, startRouter } from "./router.js";
import { cachedOwner, clearViews, keepOwner } from "./viewcache.js";

const SCREENS = {
  welcome: () => import("./screens/welcome.js"),
  signin: () => import("./screens/auth.js"),
  signup: () => import("./screens/auth.js"),
  lobby: () => import("./screens/lobby.js"),
  newmatch: () => import("./screens/newmatch.js"),
  online: () => import("./screens/online.js"),
  join: () => import("./screens/join.js"),
  table: () => import("./screens/table.js"),
  offline: () => import("./screens/offline.js"),
  "offline-table": () => import("./screens/table.js"),
  history: () => import("./screens/history.js"),
  replay: () => import("./screens/replay.js"),
  stats: () => import("./screens/stats.js"),
  settings: () => import("./screens/settings.js"),
  account: () => import("./screens/account.js"),
  forgot: () => import("./screens/recover.js"),
  reset: () => import("./screens/recover.js"),
  "confirm-email": () => import("./screens/recover.js"),
  friends: () => import("./screens/friends.js"),
  leaderboard: () => import("./screens/leaderboard.js"),
  profile: () => import("./screens/profile.js"),
  rules: () => import("./screens/rules.js"),
};
// Screens for signed-out visitors only, and screens for anyone (a link opened signed in or out).
const PUBLIC = new Set(["signin", "signup", "forgot", "reset"]);
// Offline play and a search for players need no account: a guest is made when its first
// match is sent, or its first search made.
const ANYONE = new Set(["join", "confirm-email", "offline", "offline-table", "online", "rules"]);

const main = document.getElementById("main");
const bar = document.getElementById("bar");
const live = new Live();
const ctx = { user: null, live, navigate: null, setUser };
let cleanup = null;
let renderId = 0;

// The bar tells the player when live updates are paused (the table then polls). The
// browser's own offline event is heard at once; a dead socket may take longer to notice.
// A match played offline on purpose is not waiting for a connection: its pill says only that.
function showConnection() {
  bar.classList.toggle("offline", !navigator.onLine || (Boolean(ctx.user) && !live.connected));
  bar.dataset.offline = document.body.dataset.screen === "offline-table" ? gettext("Offline") : gettext("Offline · reconnecting");
}
live.on((kind, connected) => {
  if (kind !== "status") return;
  document.body.dataset.live = connected ? "on" : "off";
  showConnection();
});
addEventListener("offline", showConnection);
// A search found its table while the player is on another screen than its wait: one tap away.
// An invitation, a declined one and a friend's request or answer are told wherever the player
// is, one tap from where to answer; the screen that lists them redraws itself instead. At a
// table the message is brief and only its "Open" leaves the table: a tap meant to clear it
// from over the seat across never takes the player away mid-turn. A message about a match
// goes once its table opens.
live.on((kind, data) => {
  const screen = document.body.dataset.screen;
  const atTable = screen === "table" || screen === "offline-table";
  const tell = (href, testid, text) => {
    const item = atTable
      ? toast(h("span", {}, text, " ", h("a", { href, testid, class: "toast-open" }, gettext("Open"))), "info", 8000)
      : toast(h("a", { href, testid }, text), "info", 20000);
    if (data.match) item.dataset.match = data.match;
  };
  if (kind === "seek" && screen !== "online") {
    tell(`/m/${data.match}`, "match-found", gettext("Players were found: your match has started."));
  } else if (kind === "invitation" && screen !== "lobby") {
    tell(`/m/${data.match}`, "invitation-toast", interpolate(data.rematch ? gettext("%(name)s offers a rematch.")
      : gettext("%(name)s invited you to a match."), { name: data.invited_by }));
  } else if (kind === "declined") {
    tell(`/m/${data.match}`, "declined-toast", interpolate(gettext("%(name)s declined your invitation: the seat is open."), { name: data.declined_by }));
  } else if (kind === "turn" && location.pathname !== `/m/${data.match}`) {
    tell(`/m/${data.match}`, "turn-toast", interpolate(gettext("Your turn in match #%(id)s."), { id: number(data.match) }));
  } else if (kind === "friends" && screen !== "friends") {
    tell("/friends", "friends-toast", interpolate(data.event === "request" ? gettext("%(name)s asked to be your friend.")
      : gettext("%(name)s accepted your friend request."), { name: data.by }));
  }
});
addEventListener("online", showConnection);

// The account's language and digits win over the browser's; "" follows the browser, which
// the shell was already rendered in.
// Signing out forgets the views kept of the player's matches (``forget: false`` when the
// sign-in check only failed for want of a network).
let signingIn = false;
async function setUser(user, { forget = true } = {}) {
  ctx.user = user;
  bar.hidden = !user;
  if (user) live.start();
  else live.stop();
  if (!user) {
    if (forget) await clearViews();
    return;
  }
  keepOwner(user);
  setLatinDigits(user.latin_digits);
  if (user.language && user.language !== language()) {
    // The caller draws the next screen itself (boot, sign-in): no redraw of this one.
    signingIn = true;
    try {
      await setLanguage(user.language);
    } catch {
      /* offline with no copy of that catalogue: the shell's language stays */
    } finally {
      signingIn = false;
    }
  }
}

// The bar is in the shell HTML (translated by the server); a switch redraws its words here.
function drawBar() {
  bar.querySelector("[data-testid=nav-lobby]").textContent = gettext("Lobby");
  bar.querySelector("[data-testid=nav-history]").textContent = gettext("History");
  bar.querySelector("[data-testid=nav-stats]").textContent = gettext("Stats");
  bar.querySelector("[data-testid=nav-settings]").setAttribute("aria-label", gettext("Settings"));
  bar.querySelector("nav").setAttribute("aria-label", gettext("Main"));
  document.querySelector(".skip").textContent = gettext("Skip to content");
}

// A language switch redraws the bar and the screen in place: no reload, the socket stays up.
onLanguage(() => {
  drawBar();
  if (ctx.user) keepOwner(ctx.user); // the table's early draw is in the player's language
  if (!signingIn) show(match(location.pathname));
});

// The shell starts from the service worker's copy. When a newer worker takes over (a deploy),
// this page still runs the files it started with, so the next screen is loaded as a new page
// rather than routed inside the old one.
let replaced = false;
if (navigator.serviceWorker?.controller) {
  navigator.serviceWorker.addEventListener("controllerchange", () => { replaced = true; });
}

async function show(route) {
  if (replaced) {
    location.reload();
    return;
  }
  const id = ++renderId;
  if (route.name === "table") {
    for (const told of document.querySelectorAll(`#toasts [data-match="${Number(route.params.id)}"]`)) told.remove();
  }
  if (cleanup) {
    try { cleanup(); } catch { /* a screen failing to clean up must not block the next */ }
    cleanup = null;
  }
  // A signed-out visitor's home is the welcome screen: one tap to a game.
  if (!ctx.user && route.name === "lobby") route = { ...route, name: "welcome" };
  if (!ctx.user && !PUBLIC.has(route.name) && !ANYONE.has(route.name) && route.name !== "welcome") {
    // Remember where the player was going (an invite link, a match) for after sign-in.
    sessionStorage.setItem("next", location.pathname);
    ctx.navigate("/signin", { replace: true });
    return;
  }
  if (ctx.user && PUBLIC.has(route.name)) {
    ctx.navigate("/", { replace: true });
    return;
  }
  for (const link of bar.querySelectorAll("nav a")) {
    const here = link.getAttribute("href") === location.pathname;
    if (here) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  document.body.dataset.screen = route.name;
  showConnection();
  if (!SCREENS[route.name]) {
    main.replaceChildren(h("section", { class: "panel" }, h("h1", {}, gettext("Not found")),
      h("p", {}, h("a", { class: "onward", href: "/" }, gettext("Back to the lobby")))));
    return;
  }
  try {
    const module = await SCREENS[route.name]();
    if (id !== renderId) return;
    // The table's still copy, put in the page by the service worker, stays until the table
    // draws over it.
    const snapshot = route.name === "table" ? main.querySelector(`:scope > .table-snapshot[data-match="${route.params.id}"]`) : null;
    main.replaceChildren(...(snapshot ? [snapshot] : []));
    // A new screen starts at its top, not where the last one was scrolled. The first screen
    // of a visit already does, and scrolling would cost a whole layout before it is drawn.
    if (id > 1) scrollTo(0, 0);
    cleanup = (await module.mount(main, route, ctx)) || null;
    if (id !== renderId && cleanup) cleanup();
  } catch (error) {
    if (id !== renderId) return;
    main.replaceChildren(h("section", { class: "panel" }, h("h1", {}, gettext("Something went wrong")),
      h("p", {}, error.message || String(error)),
      h("button", { class: "btn", onclick: () => show(route) }, gettext("Try again"))));
  }
}

// The first screen's module, its data and the sign-in check are all asked for at once; the
// service worker is registered only once that screen is drawn, so its download of the whole
// shell never competes with it.
async function boot() {
  await shellInChosenLanguage();
  ctx.navigate = startRouter(show);
  // A notification tapped while the app is open asks this window to open its match; heard
  // from the start, so a window opened a moment ago is routed too.
  navigator.serviceWorker?.addEventListener("message", (event) => {
    if (event.data?.type === "open" && event.data.url) ctx.navigate(event.data.url);
  });
  const first = match(location.pathname);
  if (first.name === "lobby") SCREENS.welcome().catch(() => {}); // drawn if no one is signed in
  if (first.name === "table") api.prefetchMatch(Number(first.params.id));
  SCREENS[first.name]?.().catch(() => {}); // show() reports a module that fails to load
  const me = api.me();
  me.catch(() => {});
  // A table opens at once for the player this phone last knew, from its kept view; the
  // sign-in check then confirms them, or the screen is drawn again for whoever it is.
  const known = first.name === "table" ? await cachedOwner() : null;
  const early = known && (!known.language || known.language === language()) ? known : null;
  if (early) {
    ctx.user = early;
    bar.hidden = false;
    setLatinDigits(early.latin_digits);
    live.start();
    ctx.navigate(location.pathname + location.search, { replace: true });
  }
  let user = null;
  let failed = null;
  try {
    user = await me;
  } catch (error) {
    failed = error;
  }
  const noNetwork = failed?.status === 0;
  if (noNetwork) toast(gettext("You are offline: showing what this phone remembers."), "info");
  // Offline, a table drawn from its copy stays (marked as updating, nothing playable).
  if (!(noNetwork && early)) {
    const drawnIn = language();
    await setUser(user, { forget: !user && [401, 403].includes(failed?.status) });
    // Drawn again for someone else, or in the account's language when it changed on another
    // screen or device since the view was kept.
    if (!early || user?.id !== early.id || language() !== drawnIn) {
      await ctx.navigate(location.pathname + location.search, { replace: true });
    }
  }
  await idle();
  // Loaded only now: nothing in them is needed to draw the first screen.
  const [{ registerWorker }, { keepForOffline }] = await Promise.all([import("./push.js"), import("./offline.js")]);
  await registerWorker();
  if (ctx.user) setTimeout(keepForOffline, 2000);
  const offline = await import("./offline/files.js");
  offline.keepOfflineIfFree().catch(() => {});
  sendOfflineMatches();
  addEventListener("online", sendOfflineMatches);
}

// The worker's copy of the shell is in the language it was last fetched in; a language chosen
// since (the cookie the welcome screen and sign-in write) is loaded before the first screen.
async function shellInChosenLanguage() {
  const chosen = document.cookie.match(/(?:^|;\s*)django_language=([^;]*)/)?.[1];
  const code = chosen && decodeURIComponent(chosen);
  if (!code || code === language()) return;
  signingIn = true; // no screen is drawn yet: the router draws the first one
  try {
    await setLanguage(code);
  } catch {
    /* offline with no copy of that catalogue: the shell's language stays */
  } finally {
    signingIn = false;
  }
}

// Finished offline matches go to the history when there is a network; someone not signed in
// is then a guest on this browser.
async function sendOfflineMatches() {
  const { syncOfflineMatches } = await import("./offline/sync.js");
  if ((await syncOfflineMatches().catch(() => 0)) && !ctx.user) await setUser(await api.me());
}

function idle() {
  return new Promise((resolve) => {
    if (window.requestIdleCallback) requestIdleCallback(resolve, { timeout: 3000 });
    else setTimeout(resolve, 500);
  });
}

boot();
