// Offline play's files on this phone (Pyodide, the engine bundle, the engine worker): the
// service worker keeps them; the page asks it what it has, to keep them or to drop them.

const NONE = { available: false, ready: false };

// One question to the active service worker, answered on a channel of its own; ``onProgress``
// hears each file kept. A first visit waits for the app to register its worker (once the first
// screen is drawn); a browser with none, or one that never registers it, keeps nothing.
async function askWorker(type, onProgress = () => {}) {
  const registration = await Promise.race([
    navigator.serviceWorker?.ready ?? Promise.resolve(null),
    new Promise((resolve) => setTimeout(() => resolve(null), 20000)),
  ]);
  const worker = registration?.active;
  if (!worker) return NONE;
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => {
      if (data.done !== undefined) onProgress(data.done, data.total);
      else if (data.error) reject(Object.assign(new Error(data.error), { status: data.status }));
      else resolve(data.status);
    };
    worker.postMessage({ type }, [channel.port2]);
  });
}

export const offlineStatus = () => askWorker("offline-status");
export const keepOffline = (onProgress) => askWorker("offline-keep", onProgress);
export const removeOffline = () => askWorker("offline-remove");

// The installed app keeps offline play's files by itself on a connection that is not
// metered (Wi-Fi or a cable; a desktop, which does not say, unless it asks to save data),
// and a player who kept them gets a deploy's new ones.
export async function keepOfflineIfFree() {
  const status = await offlineStatus();
  if (!status.available || status.ready) return;
  const connection = navigator.connection;
  const installed = matchMedia("(display-mode: standalone)").matches;
  const unmetered = connection && !connection.saveData
    && (connection.type ? ["wifi", "ethernet"].includes(connection.type) : true);
  if (status.wanted || (installed && unmetered)) await keepOffline().catch(() => {});
}
