/**
 * The HTTP API of the cloud origin: what `ConvexHttpClient` and `npm run backend:run` call
 * (`/api/query`, `/api/mutation`, `/api/action`, `/api/function`, `/api/run/…`, `/api/query_ts`), file uploads
 * and downloads (`/api/storage/…`), and the deployment's `/version` and `/instance_name`.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { UserIdentity } from "convex/server";
import { convexToJson } from "convex/values";
import { AuthFailure } from "./auth.ts";
import type { Callers } from "./callers.ts";
import type { Engine } from "./engine.ts";
import { FunctionFailure } from "./failures.ts";
import { functionRouteFor, parseFunctionRequest, type FunctionRoute } from "./functionRequest.ts";
import {
  decodeUrlComponent,
  megabytes,
  parseRequestUrl,
  readBody,
  refuseRestarting,
  refuseTooLarge,
  sendJson,
  setCors,
} from "./httpMessages.ts";
import { MAX_MESSAGE_BYTES } from "./inbound.ts";
import type { Persistence } from "./persistence.ts";
import { canonicalUdfPath, encodeTs } from "./protocol.ts";
import type { QueryHub } from "./queryHub.ts";
import type { StopGate } from "./stopGate.ts";

const UPLOAD_TOKEN_TTL_MS = 60 * 60_000;
const STATUS_UDF_FAILED = 560;

/** The upload URLs `generateUploadUrl` hands out: each takes one file, within an hour. */
export class UploadTokens {
  private readonly expiries = new Map<string, number>();

  constructor(private readonly cloudUrl: string) {}

  url(): string {
    const token = randomBytes(24).toString("hex");
    this.expiries.set(token, Date.now() + UPLOAD_TOKEN_TTL_MS);
    return `${this.cloudUrl}/api/storage/upload?token=${token}`;
  }

  isValid(token: string): boolean {
    const expiresAt = this.expiries.get(token);
    return expiresAt !== undefined && expiresAt >= Date.now();
  }

  use(token: string): void {
    this.expiries.delete(token);
  }
}

export type CloudApiContext = {
  cloudUrl: string;
  engine: Engine;
  hub: QueryHub;
  persistence: Persistence;
  callers: Callers;
  uploads: UploadTokens;
  maxUploadBytes: number;
  gate: StopGate;
  log: (line: string) => void;
};

/** The cloud origin's request handler. */
export function cloudApi(
  ctx: CloudApiContext,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (ctx.gate.stopping) {
      setCors(res);
      return refuseRestarting(res);
    }
    ctx.gate.track(
      handleCloudRequest(ctx, req, res).catch((error: unknown) => {
        ctx.log(
          `request ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`,
        );
        if (!res.headersSent)
          sendJson(res, 500, { code: "InternalServerError", message: (error as Error).message });
      }),
    );
  };
}

async function handleCloudRequest(
  ctx: CloudApiContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  setCors(res);
  const url = parseRequestUrl(req, ctx.cloudUrl);
  if (!url) return sendJson(res, 400, { code: "BadRequest", message: "Invalid request URL" });
  if (req.method === "OPTIONS") return void res.writeHead(204).end();
  if (req.method === "GET" && url.pathname === "/version")
    return void res.writeHead(200).end("clink-local-backend");
  if (req.method === "GET" && url.pathname === "/instance_name")
    return void res.writeHead(200).end("clink-local");
  if (url.pathname === "/api/storage/upload" && req.method === "POST")
    return await upload(ctx, req, res, url);
  const file = /^\/api\/storage\/([^/]+)$/.exec(url.pathname);
  if (file && (req.method === "GET" || req.method === "HEAD")) return serveFile(ctx, res, file[1]);
  if (req.method === "POST" && url.pathname === "/api/query_ts") {
    return sendJson(res, 200, { ts: encodeTs(ctx.hub.currentTs) });
  }
  const route = functionRouteFor(url.pathname);
  if (route && req.method === "POST") return await callFunction(ctx, req, res, route);
  sendJson(res, 404, { code: "NotFound", message: `No route for ${req.method} ${url.pathname}` });
}

async function callFunction(
  { engine, persistence, callers }: CloudApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  route: FunctionRoute,
): Promise<void> {
  const body = await readBody(req, MAX_MESSAGE_BYTES);
  if (!body)
    return refuseTooLarge(
      res,
      `Request refused: bodies larger than ${megabytes(MAX_MESSAGE_BYTES)} MB are not accepted by this deployment.`,
    );
  const request = parseFunctionRequest(route, body.toString("utf8"));
  if (!request.ok)
    return sendJson(res, 400, {
      code: "BadRequest",
      message: `Invalid request body: ${request.error}`,
    });
  const admin = callers.isAdmin(req);
  let identity: UserIdentity | null;
  try {
    identity = admin ? null : await callers.identity(req);
  } catch (error) {
    if (error instanceof AuthFailure)
      return sendJson(res, 401, { code: "Unauthenticated", message: error.message });
    throw error;
  }
  const udfPath = canonicalUdfPath(request.value.udfPath);
  try {
    const fn = await engine.describeFunction(udfPath);
    if (!fn || (fn.visibility !== "public" && !admin)) {
      throw new FunctionFailure(
        `Could not find public function for '${udfPath}'. Did you forget to run \`npx convex dev\` or \`npx convex deploy\`?`,
        undefined,
      );
    }
    if (route.kind !== "any" && fn.kind !== route.kind) {
      throw new FunctionFailure(
        `Trying to execute ${udfPath} as ${route.kind}, but it is defined as ${fn.kind}.`,
        undefined,
      );
    }
    const value = await engine.runFunction(
      fn.kind,
      udfPath,
      await engine.decodeArgs(udfPath, request.value.args),
      identity,
    );
    // Acknowledged means on disk.
    if (fn.kind !== "query") await persistence.durable();
    sendJson(res, 200, { status: "success", value: convexToJson(value), logLines: [] });
  } catch (error) {
    const failure = error as FunctionFailure;
    sendJson(res, STATUS_UDF_FAILED, {
      status: "error",
      errorMessage: failure.message,
      logLines: [],
      ...(failure.errorData !== undefined ? { errorData: failure.errorData } : {}),
    });
  }
}

async function upload(
  { engine, persistence, uploads, maxUploadBytes }: CloudApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const token = url.searchParams.get("token") ?? "";
  if (!uploads.isValid(token)) {
    return sendJson(res, 401, {
      code: "InvalidUploadToken",
      message: "This upload URL is invalid or has expired; generate a new one.",
    });
  }
  const bytes = await readBody(req, maxUploadBytes);
  if (!bytes)
    return refuseTooLarge(
      res,
      `Upload refused: files larger than ${megabytes(maxUploadBytes)} MB are not accepted by this deployment.`,
    );
  uploads.use(token);
  const type = req.headers["content-type"] ?? "";
  const storageId = await engine.storeFile(new Blob([new Uint8Array(bytes)], { type }));
  await persistence.durable(); // the file and its `_storage` document
  sendJson(res, 200, { storageId });
}

function serveFile(
  { engine }: CloudApiContext,
  res: ServerResponse,
  encodedStorageId: string,
): void {
  const file = engine.getFile(decodeUrlComponent(encodedStorageId) ?? "");
  if (!file) return sendJson(res, 404, { code: "NotFound", message: "File not found" });
  void file.blob.arrayBuffer().then((buffer) => {
    res.writeHead(200, {
      "Content-Type": file.contentType ?? "application/octet-stream",
      "Content-Length": buffer.byteLength,
      "Cache-Control": "private, max-age=2592000, immutable",
    });
    res.end(Buffer.from(buffer));
  });
}
