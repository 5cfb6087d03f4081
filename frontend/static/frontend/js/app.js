// Boot: who is signed in, the router, the websocket and the service worker.
import { api } from "./api.js";
import { h, toast } from "./dom.js";
import { Live } from "./live.js";
import { keepForOffline } from "./offline.js";
import { registerWorker } from "./push.js";
import { startRouter } from "./router.js";

const SCREENS = {
  signin: () => import("./screens/auth.js"),
  signup: () => import("./screens/auth.js"),
  lobby: () => import("./screens/lobby.js"),
  newmatch: () => import("./screens/newmatch.js"),
  join: () => import("./screens/join.js"),
  table: () => import("./screens/table.js"),
  history: () => import("./screens/history.js"),
  replay: () => import("./screens/replay.js"),
  stats: () => import("./screens/stats.js"),
  settings: () => import("./screens/settings.js"),
};
const PUBLIC = new Set(["signin", "signup"]);

const main = document.getElementById("main");
const bar = document.getElementById("bar");
const live = new Live();
const ctx = { user: null, live, navigate: null, setUser };
let cleanup = null;
let renderId = 0;

// The bar tells the player when live updates are paused (the table then polls). The
// browser's own offline event is heard at once; a dead socket may take longer to notice.
function showConnection() {
  bar.classList.toggle("offline", !navigator.onLine || (Boolean(ctx.user) && !live.connected));
}
live.on((kind, connected) => {
  if (kind !== "status") return;
  document.body.dataset.live = connected ? "on" : "off";
  showConnection();
});
addEventListener("offline", showConnection);
addEventListener("online", showConnection);

function setUser(user) {
  ctx.user = user;
  bar.hidden = !user;
  if (user) live.start();
  else live.stop();
}

async function show(route) {
  const id = ++renderId;
  if (cleanup) {
    try { cleanup(); } catch { /* a screen failing to clean up must not block the next */ }
    cleanup = null;
  }
  if (!ctx.user && !PUBLIC.has(route.name)) {
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
  if (!SCREENS[route.name]) {
    main.replaceChildren(h("section", { class: "panel" }, h("h1", {}, "Not found"),
      h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
    return;
  }
  try {
    const module = await SCREENS[route.name]();
    if (id !== renderId) return;
    main.replaceChildren();
    scrollTo(0, 0); // a new screen starts at its top, not where the last one was scrolled
    cleanup = (await module.mount(main, route, ctx)) || null;
    if (id !== renderId && cleanup) cleanup();
  } catch (error) {
    if (id !== renderId) return;
    main.replaceChildren(h("section", { class: "panel" }, h("h1", {}, "Something went wrong"),
      h("p", {}, error.message || String(error)),
      h("button", { class: "btn", onclick: () => show(route) }, "Try again")));
  }
}

async function boot() {
  ctx.navigate = startRouter(show);
  try {
    setUser(await api.me());
  } catch (error) {
    setUser(null);
    if (error.status === 0) toast("You are offline: showing what this phone remembers.", "info");
  }
  ctx.navigate(location.pathname + location.search, { replace: true });
  await registerWorker(ctx);
  if (ctx.user) setTimeout(keepForOffline, 2000);
}

boot();
