// History API routing. Every path here is also served by the shell (frontend/urls.py).

const ROUTES = [
  ["/", "lobby"],
  ["/signin", "signin"],
  ["/signup", "signup"],
  ["/new", "newmatch"],
  ["/play", "online"],
  ["/m/:id", "table"],
  ["/offline", "offline"],
  ["/offline/:id", "offline-table"],
  ["/join/:code", "join"],
  ["/history", "history"],
  ["/replay/:id", "replay"],
  ["/stats", "stats"],
  ["/stats/:username", "stats"],
  ["/settings", "settings"],
  ["/account", "account"],
  ["/forgot-password", "forgot"],
  ["/reset-password/:uid/:token", "reset"],
  ["/confirm-email/:token", "confirm-email"],
  ["/friends", "friends"],
  ["/leaderboard", "leaderboard"],
  ["/rules", "rules"],
  ["/u/:username", "profile"],
];

const compiled = ROUTES.map(([pattern, name]) => {
  const keys = [];
  const source = pattern.replace(/:(\w+)/g, (_, key) => {
    keys.push(key);
    return "([^/]+)";
  });
  return { name, keys, regex: new RegExp(`^${source}/?$`) };
});

export function match(pathname) {
  for (const route of compiled) {
    const found = route.regex.exec(pathname);
    if (found) {
      const params = {};
      route.keys.forEach((key, i) => { params[key] = decodeURIComponent(found[i + 1]); });
      return { name: route.name, params };
    }
  }
  return { name: "notfound", params: {} };
}

export function startRouter(onRoute) {
  const go = (path, { replace = false } = {}) => {
    if (path !== location.pathname + location.search) {
      history[replace ? "replaceState" : "pushState"]({}, "", path);
    }
    return onRoute(match(location.pathname));
  };
  // Same-origin links navigate inside the app without reloading the page.
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[href]");
    if (!link || link.target || link.hasAttribute("download") || event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
    if (url.pathname.startsWith("/admin")) return;
    event.preventDefault();
    go(url.pathname + url.search);
  });
  addEventListener("popstate", () => onRoute(match(location.pathname)));
  return go;
}
