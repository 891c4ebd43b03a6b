import type { Page, WebSocketRoute } from "@playwright/test";

/** One result the app keeps on the device (IndexedDB `clink-device-copy`). */
export type KeptResult = { userId: string; name: string; json: string };

/**
 * Everything the app keeps on the device, read in the page. An absent database reads as empty
 * (opening it here would create an empty one the app could not upgrade).
 */
export async function keptOnDevice(page: Page): Promise<KeptResult[]> {
  return await page.evaluate(async () => {
    const name = "clink-device-copy";
    if (!(await indexedDB.databases()).some((db) => db.name === name)) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
    try {
      if (!db.objectStoreNames.contains("usage")) return [];
      const all = <T>(store: string) =>
        new Promise<T[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as T[]);
          request.onerror = () => reject(new Error(String(request.error)));
        });
      const usage = await all<{ key: string; userId: string; name: string }>("usage");
      const results = new Map(
        (await all<{ key: string; json: string }>("results")).map((row) => [row.key, row.json]),
      );
      return usage.map((row) => ({
        userId: row.userId,
        name: row.name,
        json: results.get(row.key) ?? "",
      }));
    } finally {
      db.close();
    }
  });
}

/** What the app remembers of who is signed in (local storage), or null. */
export async function rememberedUser(page: Page): Promise<string | null> {
  return await page.evaluate(() => localStorage.getItem("clinkDeviceUser"));
}

/**
 * The app's live connection (the Convex sync WebSocket) through a switch: it passes through
 * until `cut()`, which closes every open socket and refuses the ones the app opens after, as a
 * lost network would, until `restore()`. Call before the page opens the app; it holds across
 * reloads.
 */
export async function switchableLiveConnection(
  page: Page,
): Promise<{ cut: () => void; restore: () => void }> {
  let cut = false;
  const open = new Set<{ page: WebSocketRoute; server: WebSocketRoute }>();
  await page.routeWebSocket(/\/api\/[^/]+\/sync$/, (socket) => {
    if (cut) {
      void socket.close();
      return;
    }
    open.add({ page: socket, server: socket.connectToServer() });
  });
  return {
    cut: () => {
      cut = true;
      for (const { page: socket, server } of open) {
        void socket.close();
        void server.close();
      }
      open.clear();
    },
    restore: () => {
      cut = false;
    },
  };
}
