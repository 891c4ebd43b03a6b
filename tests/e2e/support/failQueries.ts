import type { Page, WebSocketRoute } from "@playwright/test";

type SyncMessage = {
  type: string;
  modifications?: Array<{ type: string; queryId: number; udfPath?: string; journal?: unknown }>;
};

/**
 * Makes the named Convex queries ('events:mine') fail on this page as a backend error would:
 * sockets opened from now on go through a proxy that turns each of their results
 * (`QueryUpdated`) into `QueryFailed`. Open or reload the page after calling it;
 * `stop()` lets results through again (for Try Again).
 */
export async function failQueries(page: Page, udfPaths: string[]): Promise<{ stop: () => void }> {
  let failing = true;
  const pathOf = new Map<number, string>();
  await page.routeWebSocket(/\/api\/[^/]+\/sync$/, (client: WebSocketRoute) => {
    const server = client.connectToServer();
    client.onMessage((message) => {
      if (typeof message === "string") {
        const parsed = JSON.parse(message) as SyncMessage;
        if (parsed.type === "ModifyQuerySet") {
          for (const change of parsed.modifications ?? []) {
            if (change.type === "Add" && change.udfPath)
              pathOf.set(change.queryId, change.udfPath.replace(".js:", ":"));
          }
        }
      }
      server.send(message);
    });
    server.onMessage((message) => {
      if (typeof message !== "string" || !failing) return client.send(message);
      const parsed = JSON.parse(message) as SyncMessage;
      if (parsed.type !== "Transition") return client.send(message);
      parsed.modifications = (parsed.modifications ?? []).map((change) =>
        change.type === "QueryUpdated" && udfPaths.includes(pathOf.get(change.queryId) ?? "")
          ? {
              type: "QueryFailed",
              queryId: change.queryId,
              errorMessage: "Injected failure (test)",
              logLines: [],
              journal: change.journal ?? null,
            }
          : change,
      );
      client.send(JSON.stringify(parsed));
    });
  });
  return { stop: () => (failing = false) };
}
