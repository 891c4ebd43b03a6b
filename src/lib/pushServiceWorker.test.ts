/**
 * The service worker's push handlers (src/lib/pushServiceWorker.ts), run against a stand-in for
 * the worker's global scope: a push shows its notification, a click opens its page.
 */
import { beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { openNotificationPage, showPush, type PushWorkerScope } from "./pushServiceWorker";

type WindowClient = { url: string; focus: Mock<() => Promise<void>> };

const ORIGIN = "https://clink.example";

function workerScope(windows: WindowClient[] = []) {
  return {
    location: { origin: ORIGIN },
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn(() => Promise.resolve(null)),
    },
  } satisfies PushWorkerScope;
}

const pushData = (payload: unknown) => ({
  json: () =>
    JSON.parse(typeof payload === "string" ? payload : JSON.stringify(payload)) as unknown,
  text: () => (typeof payload === "string" ? payload : JSON.stringify(payload)),
});

const clicked = (url: string) => ({ data: { url } });

describe("push", () => {
  it("shows the payload's title, body and tag, keeping its url for the click", async () => {
    const worker = workerScope();
    await showPush(
      worker,
      pushData({ title: "Crew invitation", body: "Sam invited you", url: "/crew/1", tag: "t" }),
    );
    expect(worker.registration.showNotification).toHaveBeenCalledWith("Crew invitation", {
      body: "Sam invited you",
      tag: "t",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: "/crew/1" },
    });
  });

  it("a payload that is not JSON still shows, under the brand, opening the home page", async () => {
    const worker = workerScope();
    await showPush(worker, pushData("Cheers!"));
    expect(worker.registration.showNotification).toHaveBeenCalledWith(
      "Clink",
      expect.objectContaining({ body: "Cheers!", data: { url: "/" } }),
    );
  });

  it("a push without data shows the brand", async () => {
    const worker = workerScope();
    await showPush(worker, null);
    expect(worker.registration.showNotification).toHaveBeenCalledWith(
      "Clink",
      expect.objectContaining({ body: "", data: { url: "/" } }),
    );
  });
});

describe("notificationclick", () => {
  let home: WindowClient;
  let session: WindowClient;
  beforeEach(() => {
    home = { url: `${ORIGIN}/`, focus: vi.fn(() => Promise.resolve()) };
    session = { url: `${ORIGIN}/event/friday-stouts`, focus: vi.fn(() => Promise.resolve()) };
  });

  it("opens the notification's page in a new window", async () => {
    const worker = workerScope([home]);
    await openNotificationPage(worker, clicked("/crew/abc"));
    expect(worker.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/crew/abc`);
    expect(home.focus).not.toHaveBeenCalled();
  });

  it("focuses a tab already on that page instead", async () => {
    const worker = workerScope([home, session]);
    await openNotificationPage(worker, clicked("/event/friday-stouts"));
    expect(session.focus).toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it("never leaves the app: another origin opens the home page", async () => {
    const worker = workerScope();
    await openNotificationPage(worker, clicked("https://evil.example/phish"));
    expect(worker.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
