/** The worker's push wiring: each event's work is handed to waitUntil; a click closes its notification. */
import { describe, expect, it, vi } from "vitest";
import { listenForPush } from "./push";

type Handler = (event: Record<string, unknown>) => void;

function fakeWorker() {
  const handlers = new Map<string, Handler>();
  const worker = {
    location: { origin: "https://clink.example" },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      matchAll: vi.fn(() => Promise.resolve([])),
      openWindow: vi.fn(() => Promise.resolve(null)),
    },
  };
  listenForPush(worker as unknown as ServiceWorkerGlobalScope);
  /** Dispatches `type`, resolving once the work it handed to waitUntil is done. */
  const dispatch = async (type: string, fields: Record<string, unknown>) => {
    let pending: Promise<unknown> | undefined;
    handlers.get(type)?.({ ...fields, waitUntil: (work: Promise<unknown>) => (pending = work) });
    expect(pending, `${type} hands its work to waitUntil`).toBeDefined();
    await pending;
  };
  return { worker, dispatch };
}

describe("listenForPush", () => {
  it("shows a push", async () => {
    const { worker, dispatch } = fakeWorker();
    await dispatch("push", { data: { json: () => ({ title: "Hi" }), text: () => "" } });
    expect(worker.registration.showNotification).toHaveBeenCalledWith("Hi", expect.anything());
  });

  it("closes a clicked notification and opens its page", async () => {
    const { worker, dispatch } = fakeWorker();
    const notification = { data: { url: "/crew/abc" }, close: vi.fn() };
    await dispatch("notificationclick", { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(worker.clients.openWindow).toHaveBeenCalledWith("https://clink.example/crew/abc");
  });
});
