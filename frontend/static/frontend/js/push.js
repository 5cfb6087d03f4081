// The service worker (offline shell, push) and the browser's push subscription.
import { api } from "./api.js";
import { gettext } from "./i18n.js";

export async function registerWorker() {
  if (!("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  } catch {
    return null;
  }
}

export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function keyBytes(base64url) {
  const padded = (base64url + "===".slice((base64url.length + 3) % 4))
    .replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

export async function currentSubscription() {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

const blocked = () => new Error(gettext("Notifications are blocked for this site. Open the browser's site settings, allow notifications, then press the button again."));

// What a failed opt-in means, in words a player can act on (never the browser's own text).
function optInError(error) {
  if (error?.name === "NotAllowedError") return blocked();
  if (error?.status === 0) return new Error(gettext("No connection. Turn push on again once you are online."));
  return new Error(gettext("This browser could not turn on push notifications. Try again later, or add the app to your home screen and try there."));
}

export async function enablePush() {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw blocked();
  try {
    const { public_key: key } = await api.pushKey();
    const registration = await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (!subscription) {
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key),
      });
    }
    await api.subscribe(subscription.toJSON());
    return subscription;
  } catch (error) {
    throw optInError(error);
  }
}

export async function disablePush() {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await api.unsubscribe(subscription.endpoint);
  } finally {
    await subscription.unsubscribe();
  }
}
