import type { Page, WebSocketRoute } from "@playwright/test";

type QueryChange = { type: string; queryId: number; udfPath?: string; [field: string]: unknown };
type SyncMessage = { type: string; modifications?: QueryChange[] };

/**
 * Sockets opened from now on go through a proxy that passes each query result
 * (`QueryUpdated`) of this page through `rewrite(udfPath, change)` ('events:mine').
 */
async function rewriteQueryResults(
  page: Page,
  rewrite: (udfPath: string, change: QueryChange) => QueryChange,
): Promise<void> {
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
      if (typeof message !== "string") return client.send(message);
      const parsed = JSON.parse(message) as SyncMessage;
      if (parsed.type !== "Transition") return client.send(message);
      parsed.modifications = (parsed.modifications ?? []).map((change) =>
        change.type === "QueryUpdated" ? rewrite(pathOf.get(change.queryId) ?? "", change) : change,
      );
      client.send(JSON.stringify(parsed));
    });
  });
}

/**
 * Makes the named Convex queries ('events:mine') fail on this page as a backend error would:
 * each of their results becomes `QueryFailed`. Open or reload the page after calling it;
 * `stop()` lets results through again (for Try Again).
 */
export async function failQueries(page: Page, udfPaths: string[]): Promise<{ stop: () => void }> {
  let failing = true;
  await rewriteQueryResults(page, (udfPath, change) =>
    failing && udfPaths.includes(udfPath)
      ? {
          type: "QueryFailed",
          queryId: change.queryId,
          errorMessage: "Injected failure (test)",
          logLines: [],
          journal: change.journal ?? null,
        }
      : change,
  );
  return { stop: () => (failing = false) };
}

/**
 * Makes the named Convex queries return `values[udfPath]` on this page, as a deployment
 * configured differently would (e.g. 'push:config' with VAPID keys). Open the page after.
 */
export async function overrideQueries(page: Page, values: Record<string, unknown>): Promise<void> {
  await rewriteQueryResults(page, (udfPath, change) =>
    udfPath in values ? { ...change, value: values[udfPath] } : change,
  );
}

type MutationMessage = { type: string; requestId?: number; udfPath?: string; success?: boolean };

/**
 * Makes the named Convex mutations ('invitationTokens:process') answer `values[udfPath]` on
 * this page when they succeed, as a server that answers in a shape this client does not know
 * would. Open the page after calling it (not together with the query helpers above: one proxy
 * a page).
 */
export async function overrideMutationResults(
  page: Page,
  values: Record<string, unknown>,
): Promise<void> {
  const pathOf = new Map<number, string>();
  await page.routeWebSocket(/\/api\/[^/]+\/sync$/, (client: WebSocketRoute) => {
    const server = client.connectToServer();
    client.onMessage((message) => {
      if (typeof message === "string") {
        const parsed = JSON.parse(message) as MutationMessage;
        if (parsed.type === "Mutation" && parsed.udfPath && parsed.requestId !== undefined)
          pathOf.set(parsed.requestId, parsed.udfPath.replace(".js:", ":"));
      }
      server.send(message);
    });
    server.onMessage((message) => {
      if (typeof message !== "string") return client.send(message);
      const parsed = JSON.parse(message) as MutationMessage & { result?: unknown };
      const udfPath = parsed.requestId === undefined ? undefined : pathOf.get(parsed.requestId);
      if (parsed.type !== "MutationResponse" || !parsed.success || !udfPath || !(udfPath in values))
        return client.send(message);
      client.send(JSON.stringify({ ...parsed, result: values[udfPath] }));
    });
  });
}
