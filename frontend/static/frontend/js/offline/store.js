// Matches played offline, kept in this browser's IndexedDB so that a reload or a closed app
// finds them exactly as they were. One entry per match: the referee's saved document (the
// engine's state, its seq and the bots' levels), the player's last view for lists, and once
// finished, the body to send to the server and what the server answered. The engine worker
// writes the play; the sync writes what the server answered.

const DB = "cb-offline";
const MATCHES = "matches";
let opened = null;

function database() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(MATCHES, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

async function run(mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(MATCHES, mode);
    const result = work(tx.objectStore(MATCHES));
    tx.oncomplete = () => resolve(result?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const getMatch = (id) => run("readonly", (store) => store.get(id));
export const allMatches = () => run("readonly", (store) => store.getAll());
export const putMatch = (entry) => run("readwrite", (store) => store.put(entry));

// Changes one entry in one transaction (read, change, write), so two writers never undo
// each other's part.
export function updateMatch(id, change) {
  return run("readwrite", (store) => {
    const read = store.get(id);
    read.onsuccess = () => {
      if (read.result) store.put(change(read.result));
    };
    return read;
  });
}
