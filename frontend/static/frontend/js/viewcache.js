// The last view of each open match this phone has seen, kept in IndexedDB with its seq, so a
// table opens drawn before the network answers (the table marks it as updating and plays
// nothing from it). Each view belongs to the player who saw it; the player is kept beside
// them, so a start can draw the table before the sign-in check answers. Beside each view is
// the table as last drawn from it (snapshot.js), which the service worker puts into the
// page's HTML (sw.js reads this database too). Signing out, or another player signing in,
// forgets them all.

const DB = "cb-views";
const VIEWS = "views";
const OWNER = "owner";
let opened = null;

function database() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(VIEWS, { keyPath: "id" });
      request.result.createObjectStore(OWNER);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

// One transaction over both stores; resolves with what ``work`` left in ``out.value``.
async function run(mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction([VIEWS, OWNER], mode);
    const out = { value: null };
    work(tx.objectStore(VIEWS), tx.objectStore(OWNER), out);
    tx.oncomplete = () => resolve(out.value);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

// Storage refused (a private window, a full disk): the table simply waits for the network.
const quietly = (promise, fallback = null) => promise.catch(() => fallback);

// The kept view of match ``id`` for the player ``userId`` (any kept player when omitted), or null.
export function cachedView(id, userId = undefined) {
  return quietly(run("readonly", (views, owner, out) => {
    const read = views.get(id);
    const who = owner.get(OWNER);
    read.onsuccess = () => {
      who.onsuccess = () => {
        const entry = read.result;
        const user = who.result;
        const mine = entry && user && entry.user === user.id && (userId === undefined || userId === user.id);
        out.value = mine ? entry.view : null;
      };
    };
  }));
}

// The player the kept views belong to, or null.
export const cachedOwner = () => quietly(run("readonly", (views, owner, out) => {
  const read = owner.get(OWNER);
  read.onsuccess = () => { out.value = read.result ?? null; };
}));

// Keeps ``view`` (and ``snapshot``, the table drawn from it) as the last of its match, unless
// the copy already there is newer: read and write in one transaction, so two tabs never put
// an older view over a newer one. A finished match is forgotten here (the history keeps
// those). Nothing is kept for a player who is no longer the signed-in one (a write landing
// after a sign-out).
export function keepView(view, userId, snapshot = null) {
  if (!view || userId === undefined || userId === null) return Promise.resolve();
  return quietly(run("readwrite", (views, owner) => {
    const who = owner.get(OWNER);
    const read = views.get(view.id);
    read.onsuccess = () => {
      const old = read.result;
      if (view.status === "finished" || who.result?.id !== userId) {
        if (old) views.delete(view.id);
      } else if (!old || old.user !== userId || old.seq <= view.seq) {
        views.put({ id: view.id, seq: view.seq, user: userId, view, snapshot });
      }
    };
  }));
}

// The signed-in player: kept for the next start. Another player's views go.
export function keepOwner(user) {
  return quietly(run("readwrite", (views, owner) => {
    const read = owner.get(OWNER);
    read.onsuccess = () => {
      if (read.result && read.result.id !== user.id) views.clear();
      owner.put(user, OWNER);
    };
  }));
}

// A match that is no more (called off, or not this player's any longer): its copy goes.
export const forgetView = (id) => quietly(run("readwrite", (views) => {
  views.delete(id);
}));

// Sign-out: every kept view and the player.
export const clearViews = () => quietly(run("readwrite", (views, owner) => {
  views.clear();
  owner.clear();
}));
