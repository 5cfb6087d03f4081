// The player's websocket: match views pushed after every move, with reconnect and backoff.
// Listeners get ("view", match), ("resync") after a reconnect or a wake, ("status", bool),
// ("latest", {match, seq}) with the watched match's latest seq when the watch begins and at
// every heartbeat, and ("seek", {match}) when a search for players has found a table.

export class Live {
  constructor() {
    this.listeners = new Set();
    this.socket = null;
    this.watching = null;
    this.retry = 0;
    this.timer = null;
    this.pinger = null;
    this.connected = false;
    this.stopped = true;
    this.everOpened = false;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible" || this.stopped) return;
      // A phone waking up: the socket may be dead without having told us.
      if (!this.connected) this.reconnectNow();
      else this.send({ type: "ping" });
      this.emit("resync");
    });
    addEventListener("online", () => { if (!this.stopped && !this.connected) this.reconnectNow(); });
  }

  on(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(kind, data) {
    for (const listener of [...this.listeners]) listener(kind, data);
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.socket) this.socket.close();
    this.socket = null;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/`);
    this.socket = socket;
    socket.onopen = () => {
      const again = this.everOpened;
      this.everOpened = true;
      this.retry = 0;
      this.setConnected(true);
      if (this.watching) this.send({ type: "watch", match: this.watching });
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
      if (again) this.emit("resync");
    };
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "match.view" && message.match) this.emit("view", message.match);
      else if (["watching", "pong"].includes(message.type) && message.match) this.emit("latest", message);
      else if (message.type === "match.reaction") this.emit("reaction", message);
      else if (message.type === "seek.matched" && message.match) this.emit("seek", message);
      else if (message.type === "invitation" && message.match) this.emit("invitation", message);
      else if (message.type === "invitation.declined" && message.match) this.emit("declined", message);
      else if (message.type === "friends") this.emit("friends", message);
      else if (message.type === "turn" && message.match) this.emit("turn", message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.setConnected(false);
      clearInterval(this.pinger);
      // Closed for too many sockets or too many messages: wait long before trying again.
      if (event.code === 4409 || event.code === 4429) this.retry = Math.max(this.retry, 5);
      if (!this.stopped) this.schedule();
    };
  }

  schedule() {
    const base = Math.min(30000, 1000 * 2 ** this.retry);
    this.retry += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), base / 2 + Math.random() * (base / 2));
  }

  reconnectNow() {
    clearTimeout(this.timer);
    if (this.socket) {
      this.socket.onclose = null;
      this.socket.close();
    }
    this.retry = 0;
    this.open();
  }

  setConnected(value) {
    this.connected = value;
    this.emit("status", value);
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  }

  watch(matchId) {
    this.watching = matchId;
    this.send({ type: "watch", match: matchId });
  }

  unwatch() {
    this.watching = null;
    this.send({ type: "unwatch" });
  }
}
