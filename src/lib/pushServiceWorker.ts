/**
 * What the service worker (src/serviceWorker/sw.ts) does with web push: it shows each push
 * (the payload of shared/pushRules.ts: title, body, url, tag) and opens its page when the
 * notification is clicked. Written against the few parts of the worker's global scope it uses,
 * so it type-checks beside the app and a unit test runs it with stand-ins.
 */
import type { PushPayload } from "../../shared/pushRules";
import { APP_NAME } from "../../shared/brand";

const ICON = "/icons/icon-192.png";

interface PushMessageLike {
  json(): unknown;
  text(): string;
}

interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
}

/** The parts of ServiceWorkerGlobalScope the push handlers use. */
export interface PushWorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: {
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
  };
  readonly clients: {
    matchAll(options: {
      type: "window";
      includeUncontrolled: boolean;
    }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

/** A payload that is not JSON still shows: its text becomes the body. */
function readPayload(data: PushMessageLike | null): Partial<PushPayload> {
  if (!data) return {};
  try {
    const payload = data.json();
    return typeof payload === "object" && payload !== null ? payload : {};
  } catch {
    return { body: data.text() };
  }
}

/** Shows one push as a notification that remembers the page it opens. */
export function showPush(scope: PushWorkerScope, data: PushMessageLike | null): Promise<void> {
  const payload = readPayload(data);
  return scope.registration.showNotification(payload.title || APP_NAME, {
    body: payload.body || "",
    tag: payload.tag || undefined,
    icon: ICON,
    badge: ICON,
    data: { url: payload.url || "/" },
  });
}

/** Only pages of this app: a payload cannot send the person elsewhere. */
function targetUrl(scope: PushWorkerScope, data: unknown): string {
  const path = (data as { url?: unknown } | null)?.url;
  const url = new URL(typeof path === "string" && path ? path : "/", scope.location.origin);
  return url.origin === scope.location.origin ? url.href : `${scope.location.origin}/`;
}

/** A clicked notification focuses a tab already on its page, or opens the page. */
export async function openNotificationPage(
  scope: PushWorkerScope,
  notification: { data: unknown },
): Promise<void> {
  const url = targetUrl(scope, notification.data);
  const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.url === url);
  await (open ? open.focus() : scope.clients.openWindow(url));
}
