// Service worker, served at /sw.js by frontend.views.ServiceWorkerView, which fills in the
// version and the hashed shell files. Offline: the shell starts, and finished matches (the
// history list and each record) can be read. Push: a notification that opens the match.

const VERSION = "__VERSION__";
const PRECACHE = ["__PRECACHE__"];
// The modules of the table screen, the one players open most.
const TABLE_MODULES = ["__TABLE_MODULES__"];
const SHELL = `cb-shell-${VERSION}`;
const API = "cb-api";
// Offline play's files (the engine worker, Pyodide, the engine bundle) with their sizes and
// version; null when the server has none. Kept only once the player asks (or the installed
// app is on an unmetered connection), in a cache named for the version.
const OFFLINE = "__OFFLINE__";
const OFFLINE_CACHE = OFFLINE && `cb-offline-${OFFLINE.version}`;

// GET endpoints kept for offline reading (network first, the copy only when offline).
const OFFLINE_API = [
  /^\/api\/auth\/me\/$/,
  /^\/api\/matches\/$/,
  /^\/api\/matches\/\d+\/record\/$/,
  /^\/api\/users\/[^/]+\/stats\/$/,
  /^\/api\/rules\/$/, // the presets, for a match started offline
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("cb-shell-") && name !== SHELL) await caches.delete(name);
    }
    await self.clients.claim();
    // A deploy that changed offline play's files replaces them once, for a player who kept them.
    if (OFFLINE && (await offlineCaches()).some((name) => name !== OFFLINE_CACHE)) keepOffline(() => {}).catch(() => {});
  })());
});

// The copy is written behind the answer, which the page gets as soon as it arrives.
async function networkFirst(event, cacheName) {
  const request = event.request;
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(cacheName).then((cache) => cache.put(request, copy)));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw error;
  }
}

// Every app route is the same shell, so one copy of "/" starts any of them: from the cache at
// once, refreshed from the network behind it for the next start (stale-while-revalidate). The
// page itself fetches its data fresh. A refreshed shell that names new files comes with a new
// worker, and the page reloads at its next navigation (see app.js).
async function shellFirst(event) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match("/");
  const fresh = fetch("/", { credentials: "same-origin" }).then(async (response) => {
    if (response.ok) await cache.put("/", response.clone());
    return response;
  });
  event.waitUntil(fresh.catch(() => {}));
  if (!cached) return fetch(event.request);
  // The copy is the same for every route, so this start's own first requests are announced
  // here: its data as Link headers, its modules in the page itself, after the import map (a
  // module asked for before the import map is read would bypass it).
  const { data, modules, match } = firstLoads(new URL(event.request.url).pathname);
  const headers = new Headers(cached.headers);
  headers.delete("Content-Length");
  for (const url of data) headers.append("Link", `<${url}>; rel=preload; as=fetch; crossorigin`);
  if (!modules.length) return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
  const [text, snapshot] = await Promise.all([cached.text(), keptSnapshot(match)]);
  const drawn = snapshot && text.match(SHELL_LANGUAGE)?.[1] === snapshot.lang;
  // With the table already drawn, the modules are left to the entry's own imports: a
  // preload of each, all at once, keeps the page's one thread from parsing the table.
  const links = drawn ? "" : modules.map((url) => `<link rel="modulepreload" href="${url}">`).join("");
  let body = text.replace(SCREEN_MODULES, () => `<!-- screen modules -->${links}<!-- /screen modules -->`);
  // The table as the page last drew it, so its cards are on screen once the HTML is parsed;
  // only in the language the shell is in, as its words are. The entry module moves to the
  // end of the body: asked for in the head, its fetch and compiling share the page's one
  // thread with the parser, which reaches the cards only after them. The style sheets come
  // inline, as in the server's own drawn page: the first frame then waits for no request.
  if (drawn) {
    const entry = body.match(ENTRY)?.[0] ?? "";
    const inline = await inlineStyles(body, snapshot.css, headers);
    body = body
      .replace(ENTRY, "")
      .replace(STYLESHEET, (link) => inline ?? `${link}<link rel="stylesheet" href="/m/${match}/snapshot.css">`)
      .replace(/<body>/, '<body data-screen="table">')
      .replace(/(<header class="bar" id="bar") hidden>/, "$1>")
      .replace(MAIN, (_, open) => `${open}${snapshot.html}</main>`)
      .replace("</body>", () => `${entry}</body>`);
  }
  return new Response(body, { status: cached.status, statusText: cached.statusText, headers });
}

// The shell's style sheet and the snapshot's rules as two style elements, each allowed by its
// hash in the page's policy (set in ``headers``); null, and nothing changed, when the sheet is
// not in the cache or the policy names no style sources.
async function inlineStyles(html, rules, headers) {
  const policy = headers.get("Content-Security-Policy") ?? "";
  const href = html.match(STYLESHEET)?.[1];
  const directives = policy.split(";");
  const at = directives.findIndex((part) => part.trim().split(/\s+/)[0] === "style-src");
  const sheet = href && at >= 0 ? await shellSheet(href) : null;
  if (!sheet) return null;
  const own = rules ?? "";
  directives[at] += ` ${sheet.hash} ${await sourceHash(own)}`;
  headers.set("Content-Security-Policy", directives.join(";"));
  return `<style>${sheet.text}</style><style>${own}</style>`;
}

// The shell's style sheet, as text with its hash, read from the shell's cache once for as
// long as this worker runs (a hashed name never changes its contents).
const sheets = new Map();
function shellSheet(href) {
  if (!sheets.has(href)) {
    sheets.set(href, (async () => {
      const response = await caches.match(href, { cacheName: SHELL });
      if (!response) return null;
      const text = await response.text();
      return { text, hash: await sourceHash(text) };
    })().catch(() => null).then((sheet) => {
      if (!sheet) sheets.delete(href); // not kept yet: asked again next time
      return sheet;
    }));
  }
  return sheets.get(href);
}

// The sheet of the shell this worker keeps, read ahead (while a new window starts).
async function readShellSheet() {
  const shell = await caches.match("/", { cacheName: SHELL });
  const href = shell && (await shell.text()).match(STYLESHEET)?.[1];
  if (href) await shellSheet(href);
}

// How a policy names one inline element: 'sha256-<base64 of the text's digest>'.
async function sourceHash(text) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

const SCREEN_MODULES = /<!-- screen modules -->[\s\S]*?<!-- \/screen modules -->/;
const ENTRY = /<script type="module" src="[^"]+"><\/script>/;
const SNAPSHOT_STYLE = /^\/m\/(\d+)\/snapshot\.css$/;
// The shell's stylesheet: the snapshot's own is asked for beside it, not behind the modules.
const STYLESHEET = /<link rel="stylesheet" href="([^"]+)">/;
const SHELL_LANGUAGE = /<html lang="([\w-]+)">/;
const MAIN = /(<main id="main"[^>]*>)[\s\S]*?<\/main>/;

// The snapshot the page kept of match ``id`` (js/snapshot.js, stored by js/viewcache.js) for
// the player this phone last knew, or null. A database the page has not made yet is left
// for the page to make (its upgrade creates the stores).
function keptSnapshot(id) {
  return new Promise((resolve) => {
    const open = indexedDB.open("cb-views", 1);
    open.onupgradeneeded = () => open.transaction.abort();
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      const done = (value) => {
        db.close();
        resolve(value);
      };
      try {
        const tx = db.transaction(["views", "owner"], "readonly");
        const entry = tx.objectStore("views").get(id);
        const owner = tx.objectStore("owner").get("owner");
        tx.oncomplete = () => {
          const mine = entry.result && owner.result && entry.result.user === owner.result.id;
          done(mine ? entry.result.snapshot ?? null : null);
        };
        tx.onabort = () => done(null);
      } catch {
        done(null);
      }
    };
  });
}

// The properties the snapshot's elements had as style attributes, which the policy refuses.
async function snapshotStyle(id) {
  const snapshot = await keptSnapshot(id);
  return new Response(snapshot?.css ?? "", { headers: { "Content-Type": "text/css; charset=utf-8" } });
}

// What the screen at ``path`` asks for first (the shell page lists the same when it is served
// from the network).
function firstLoads(path) {
  const table = path.match(/^\/m\/(\d+)\/?$/);
  if (!table) return { data: ["/api/auth/me/"], modules: [] };
  return { data: ["/api/auth/me/", `/api/matches/${table[1]}/`], modules: TABLE_MODULES, match: Number(table[1]) };
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(SHELL)).put(request, response.clone());
  return response;
}

// --- Offline play's files ---------------------------------------------------------------------

async function offlineCaches() {
  return (await caches.keys()).filter((name) => name.startsWith("cb-offline-"));
}

async function offlineReady() {
  if (!OFFLINE || !(await caches.has(OFFLINE_CACHE))) return false;
  const cache = await caches.open(OFFLINE_CACHE);
  return (await Promise.all(OFFLINE.files.map((url) => cache.match(url)))).every(Boolean);
}

// Every file of this version, each taken from an older version's copy when it has not
// changed (same URL), else downloaded once; then the older versions go.
async function keepOffline(progress) {
  const cache = await caches.open(OFFLINE_CACHE);
  const older = (await offlineCaches()).filter((name) => name !== OFFLINE_CACHE);
  let done = 0;
  for (const url of OFFLINE.files) {
    if (!(await cache.match(url))) {
      let response = null;
      for (const name of older) response ||= await (await caches.open(name)).match(url);
      response ||= await fetch(url, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await cache.put(url, response);
    }
    progress((done += 1), OFFLINE.files.length);
  }
  for (const name of older) await caches.delete(name);
}

async function offlineStatus() {
  if (!OFFLINE) return { available: false };
  return { available: true, ready: await offlineReady(), wanted: (await offlineCaches()).length > 0,
    bytes: OFFLINE.bytes, download: OFFLINE.download, worker: OFFLINE.worker };
}

// The page asks on a MessageChannel: "offline-status", "offline-keep" (progress as it goes,
// then the status) or "offline-remove".
self.addEventListener("message", (event) => {
  const port = event.ports[0];
  const kind = event.data?.type;
  if (!port || !["offline-status", "offline-keep", "offline-remove"].includes(kind)) return;
  event.waitUntil((async () => {
    try {
      if (kind === "offline-keep" && OFFLINE) await keepOffline((done, total) => port.postMessage({ done, total }));
      if (kind === "offline-remove") for (const name of await offlineCaches()) await caches.delete(name);
      port.postMessage({ status: await offlineStatus() });
    } catch (error) {
      port.postMessage({ error: String(error), status: await offlineStatus() });
    }
  })());
});

async function offlineFile(request) {
  const cached = await caches.match(request, { cacheName: OFFLINE_CACHE });
  return cached || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (OFFLINE?.files.includes(url.pathname + url.search)) {
    event.respondWith(offlineFile(request));
  } else if (request.mode === "navigate") {
    if (url.pathname.startsWith("/admin") || url.pathname.startsWith("/api/")) return;
    event.respondWith(shellFirst(event));
  } else if (SNAPSHOT_STYLE.test(url.pathname)) {
    event.respondWith(snapshotStyle(Number(url.pathname.match(SNAPSHOT_STYLE)[1])));
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname === "/manifest.webmanifest" || /^\/i18n\/[\w-]+\.json$/.test(url.pathname)) {
    // The manifest and the catalogues (a language switch offline needs its copy).
    event.respondWith(networkFirst(event, SHELL));
  } else if (OFFLINE_API.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(networkFirst(event, API));
  }
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const url = data.url || (data.match_id ? `/m/${data.match_id}` : "/");
  const icon = PRECACHE.find((path) => path.includes("icon-192"));
  event.waitUntil(self.registration.showNotification(data.title || "Call Break", {
    body: data.body || "",
    tag: data.tag || (data.match_id ? `match-${data.match_id}` : undefined),
    renotify: Boolean(data.tag || data.match_id),
    icon,
    badge: icon,
    data: { url, match_id: data.match_id ?? null },
  }));
});

// A tap on a notification opens its match's table directly (never the lobby first): a window
// already there is focused; another open window of the app routes itself there (no reload,
// the websocket stays up); otherwise a new window starts at the table, drawn from the match's
// kept view while the network answers.
function notificationTarget(data) {
  const path = data?.match_id ? `/m/${data.match_id}` : data?.url || "/";
  return new URL(path, self.location.origin);
}

async function openFromNotification(data) {
  const target = notificationTarget(data);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = windows.find((c) => new URL(c.url).pathname === target.pathname);
  const client = same || windows[0];
  if (client) {
    await client.focus().catch(() => {}); // focus needs the tap's activation; routing does not
    if (!same) client.postMessage({ type: "open", url: target.pathname + target.search });
    return;
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(Promise.all([readShellSheet().catch(() => {}), openFromNotification(event.notification.data)]));
});
