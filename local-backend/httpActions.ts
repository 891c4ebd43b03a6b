/** The site origin: the HTTP actions of `convex/http.ts`, each request handed to its route. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { UserIdentity } from "convex/server";
import type { Callers } from "./callers.ts";
import type { Engine } from "./engine.ts";
import { megabytes, readBody, refuseRestarting } from "./httpMessages.ts";
import type { Persistence } from "./persistence.ts";
import type { StopGate } from "./stopGate.ts";

export type HttpActionsContext = {
  engine: Engine;
  persistence: Persistence;
  callers: Callers;
  maxUploadBytes: number;
  gate: StopGate;
  log: (line: string) => void;
};

/** The site origin's request handler. */
export function httpActions(
  ctx: HttpActionsContext,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (ctx.gate.stopping) return refuseRestarting(res);
    ctx.gate.track(
      handleSiteRequest(ctx, req, res).catch((error: unknown) => {
        ctx.log(
          `HTTP action ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`,
        );
        if (!res.headersSent)
          res.writeHead(500, { "Content-Type": "text/plain" }).end("Internal Server Error");
      }),
    );
  };
}

async function handleSiteRequest(
  { engine, persistence, callers, maxUploadBytes }: HttpActionsContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!engine.hasHttpRouter())
    return void res.writeHead(404).end("This deployment has no HTTP actions (convex/http.ts).");
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const bytes = hasBody ? await readBody(req, maxUploadBytes) : Buffer.alloc(0);
  if (!bytes)
    return void res
      .writeHead(413, { "Content-Type": "text/plain" })
      .end(`Request bodies larger than ${megabytes(maxUploadBytes)} MB are not accepted.`);
  const body = hasBody ? new Uint8Array(bytes) : undefined;
  let identity: UserIdentity | null = null;
  try {
    identity = await callers.identity(req);
  } catch {
    identity = null; // HTTP actions see an invalid token as no identity, as on Convex.
  }
  const response = await engine.fetchHttp(
    req.url ?? "/",
    { method: req.method, headers, body },
    identity,
  );
  await persistence.durable(); // what the HTTP action wrote
  const outHeaders: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") outHeaders[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outHeaders["set-cookie"] = cookies;
  res.writeHead(response.status, outHeaders);
  res.end(Buffer.from(await response.arrayBuffer()));
}
