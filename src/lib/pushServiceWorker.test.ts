/**
 * public/sw.js (issue 10, item 6), run against a stand-in for the service
 * worker global: a push shows its notification, a click opens its page.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { beforeEach, describe, expect, it, vi } from "vitest";

type Handler = (event: Record<string, unknown>) => void;
type WindowClient = { url: string; focus: ReturnType<typeof vi.fn> };

const ORIGIN = "https://clink.example";
const source = readFileSync(join(import.meta.dirname, "../../public/sw.js"), "utf8");

function loadWorker(windows: WindowClient[] = []) {
  const handlers = new Map<string, Handler>();
  const worker = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: vi.fn(() => Promise.resolve()),
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      claim: vi.fn(() => Promise.resolve()),
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn(() => Promise.resolve(null)),
    },
  };
  runInNewContext(source, { self: worker, URL });
  /** Dispatches `type`, resolving once the work it handed to waitUntil is done. */
  const dispatch = async (type: string, fields: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    handlers.get(type)?.({ ...fields, waitUntil: (work: Promise<unknown>) => (pending = work) });
    await pending;
  };
  return { worker, dispatch };
}

const pushData = (payload: unknown) => ({
  json: () =>
    JSON.parse(typeof payload === "string" ? payload : JSON.stringify(payload)) as unknown,
  text: () => (typeof payload === "string" ? payload : JSON.stringify(payload)),
});

const clicked = (url: string) => ({ notification: { data: { url }, close: vi.fn() } });

describe("push", () => {
  it("shows the payload's title, body and tag, keeping its url for the click", async () => {
    const { worker, dispatch } = loadWorker();
    await dispatch("push", {
      data: pushData({
        title: "Crew invitation",
        body: "Sam invited you",
        url: "/crew/1",
        tag: "t",
      }),
    });
    expect(worker.registration.showNotification).toHaveBeenCalledWith("Crew invitation", {
      body: "Sam invited you",
      tag: "t",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: "/crew/1" },
    });
  });

  it("a payload that is not JSON still shows, under the brand, opening the home page", async () => {
    const { worker, dispatch } = loadWorker();
    await dispatch("push", { data: pushData("Cheers!") });
    expect(worker.registration.showNotification).toHaveBeenCalledWith(
      "Clink",
      expect.objectContaining({ body: "Cheers!", data: { url: "/" } }),
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
    const { worker, dispatch } = loadWorker([home]);
    const event = clicked("/crew/abc");
    await dispatch("notificationclick", event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(worker.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/crew/abc`);
    expect(home.focus).not.toHaveBeenCalled();
  });

  it("focuses a tab already on that page instead", async () => {
    const { worker, dispatch } = loadWorker([home, session]);
    await dispatch("notificationclick", clicked("/event/friday-stouts"));
    expect(session.focus).toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it("never leaves the app: another origin opens the home page", async () => {
    const { worker, dispatch } = loadWorker();
    await dispatch("notificationclick", clicked("https://evil.example/phish"));
    expect(worker.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
