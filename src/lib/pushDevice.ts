/**
 * This browser's push subscription. A production build
 * registers the service worker (/sw.js) on start; `subscribeThisDevice`
 * registers it too (in dev, where nothing else does, the dev server's push-only
 * worker, a module) and subscribes only after the person has granted
 * notification permission.
 */

export type PushDeviceState =
  | { kind: "unsupported" }
  | { kind: "denied" }
  /** Supported, permission not refused; `endpoint` is this browser's current subscription. */
  | { kind: "available"; endpoint: string | null };

function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function existingSubscription(): Promise<PushSubscription | null> {
  // getRegistration never registers: before the first opt-in there is none.
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function readPushDevice(): Promise<PushDeviceState> {
  if (!pushSupported()) return { kind: "unsupported" };
  if (Notification.permission === "denied") return { kind: "denied" };
  const subscription = await existingSubscription().catch(() => null);
  return { kind: "available", endpoint: subscription?.endpoint ?? null };
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (key === null) return false;
  const bytes = new Uint8Array(key);
  return bytes.length === expected.length && bytes.every((byte, index) => byte === expected[index]);
}

export class PushPermissionError extends Error {}

type DeviceSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/**
 * Asks for permission (the browser's prompt), then registers /sw.js (or
 * finds it registered), waits for it to be active and subscribes with the
 * deployment's VAPID key (replacing a subscription made with another key).
 */
export async function subscribeThisDevice(publicKey: string): Promise<DeviceSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new PushPermissionError(
      permission === "denied"
        ? "Notifications are blocked for Clink in this browser"
        : "Notification permission was not granted",
    );
  }
  await navigator.serviceWorker.register("/sw.js", {
    scope: "/",
    type: import.meta.env.DEV ? "module" : "classic",
  });
  // Subscribing needs an active worker; a first install may still be running.
  const registration = await navigator.serviceWorker.ready;
  const applicationServerKey = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (
    subscription !== null &&
    !sameKey(subscription.options.applicationServerKey, applicationServerKey)
  ) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  });
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) {
    throw new Error("The browser returned an incomplete subscription");
  }
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

/** Ends this browser's push subscription (the server row is removed by the caller). */
export async function unsubscribeThisDevice(): Promise<void> {
  await (await existingSubscription())?.unsubscribe();
}

const SIGN_OUT_WAIT_MS = 3000;

/**
 * Before signing out: this browser stops getting the account's pushes (the
 * server forgets the device, the browser drops the subscription), so a shared
 * browser shows nobody else's notifications. Never throws; gives up after 3 s.
 */
export async function leavePushOnSignOut(
  forgetDevice: (args: { endpoint: string }) => Promise<unknown>,
): Promise<void> {
  const leave = async () => {
    const subscription = pushSupported() ? await existingSubscription() : null;
    if (subscription === null) return;
    await forgetDevice({ endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  };
  await Promise.race([
    leave().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS)),
  ]);
}
