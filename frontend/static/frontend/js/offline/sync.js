// Finished offline matches go to the player's history once there is a network: each is sent
// with its record (POST /api/matches/offline/), which the server replays through the engine.
// Sending one twice stores it once (the record's id), so a lost answer is simply sent again.
// A record the server refuses keeps its code here and is not sent again; nothing is deleted.
import { api } from "../api.js";
import { allMatches, updateMatch } from "./store.js";

let running = null;

export function syncOfflineMatches() {
  running ??= (async () => {
    try {
      if (!navigator.onLine || !window.indexedDB) return 0;
      let sent = 0;
      for (const entry of await allMatches()) {
        if (!entry.upload || entry.synced || entry.refused) continue;
        try {
          const stored = await api.sendOfflineMatch(entry.upload);
          await updateMatch(entry.id, (e) => ({ ...e, synced: { match_id: stored.id } }));
          sent += 1;
        } catch (error) {
          if (error.status === 0 || error.status >= 500 || error.status === 429) break; // later
          await updateMatch(entry.id, (e) => ({ ...e, refused: { code: error.code, detail: error.message } }));
        }
      }
      return sent;
    } finally {
      running = null;
    }
  })();
  return running;
}
