/**
 * The Clink local backend: a Convex deployment for development and tests,
 * served from this process. Cloud origin: the sync WebSocket, the HTTP
 * function API and file storage. Site origin: the HTTP actions of
 * `convex/http.ts`.
 */
import { randomBytes } from "node:crypto";
import { rmSync, watch, type FSWatcher } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import path from "node:path";
import type { UserIdentity } from "convex/server";
import { convexToJson } from "convex/values";
import { WebSocketServer } from "ws";
import { AuthFailure, TokenVerifier } from "./auth.ts";
import { CronRunner } from "./crons.ts";
import { Engine } from "./engine.ts";
import { FunctionFailure } from "./failures.ts";
import { adminKey, deploymentEnv } from "./env.ts";
import { functionRouteFor, parseFunctionRequest, type FunctionRoute } from "./functionRequest.ts";
import { MAX_MESSAGE_BYTES } from "./inbound.ts";
import { Persistence } from "./persistence.ts";
import { canonicalUdfPath, encodeTs } from "./protocol.ts";
import { QueryHub } from "./queryHub.ts";
import { MutationLog } from "./mutationLog.ts";
import { SyncSession } from "./sync.ts";
import { checkPinnedVersions } from "./versions.ts";

export type LocalBackendOptions = {
  projectDir?: string;
  functionsDir?: string;
  dataDir?: string;
  host?: string;
  port?: number;
  sitePort?: number;
  appUrl?: string;
  watch?: boolean;
  fresh?: boolean;
  maxUploadBytes?: number;
  /** Snapshot once the write-ahead log is larger than the last snapshot and at least this large (default 4 MB). */
  compactLogAfterBytes?: number;
  log?: (line: string) => void;
};

export type LocalBackend = {
  cloudUrl: string;
  siteUrl: string;
  dataDir: string;
  engine: Engine;
  hub: QueryHub;
  persistence: Persistence;
  stop: () => Promise<void>;
};

export const DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
const UPLOAD_TOKEN_TTL_MS = 60 * 60_000;
const STATUS_UDF_FAILED = 560;

export async function startLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const projectDir = path.resolve(options.projectDir ?? ".");
  checkPinnedVersions(projectDir);
  const functionsDir = path.resolve(projectDir, options.functionsDir ?? "convex");
  const dataDir = path.resolve(projectDir, options.dataDir ?? ".local-backend/data");
  const host = options.host ?? "127.0.0.1";
  const log = options.log ?? ((line: string) => console.log(`[local-backend] ${line}`));
  const maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });

  // Listen first: the URLs are part of the deployment's environment.
  // Requests that arrive while the functions are still loading wait for them.
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const cloudServer = http.createServer(
    (req, res) => void ready.then(() => cloudServer.emit("ready-request", req, res)),
  );
  const siteServer = http.createServer(
    (req, res) => void ready.then(() => siteServer.emit("ready-request", req, res)),
  );
  await listen(cloudServer, options.port ?? 3210, host);
  const cloudPort = (cloudServer.address() as AddressInfo).port;
  // Port 0 (tests) means any free port for both origins.
  await listen(siteServer, options.sitePort ?? (options.port === 0 ? 0 : cloudPort + 1), host);
  const cloudUrl = `http://${host}:${(cloudServer.address() as AddressInfo).port}`;
  const siteUrl = `http://${host}:${(siteServer.address() as AddressInfo).port}`;

  const env = await deploymentEnv({
    dataDir,
    projectDir,
    cloudUrl,
    siteUrl,
    appUrl: options.appUrl ?? "http://localhost:5173",
  });
  Object.assign(process.env, env);

  const uploadTokens = new Map<string, number>();
  const engine = await Engine.create({
    functionsDir,
    log,
    uploadUrl: () => {
      const token = randomBytes(24).toString("hex");
      uploadTokens.set(token, Date.now() + UPLOAD_TOKEN_TTL_MS);
      return `${cloudUrl}/api/storage/upload?token=${token}`;
    },
    fileUrl: (storageId) => `${cloudUrl}/api/storage/${storageId}`,
  });
  let persistence: Persistence;
  try {
    persistence = await Persistence.open(engine, dataDir, log, options.compactLogAfterBytes);
  } catch (error) {
    // Damaged data: refuse to start, and leave nothing running.
    await Promise.all([close(cloudServer), close(siteServer)]);
    await engine.dispose();
    throw error;
  }
  const hub = new QueryHub(engine, persistence);
  engine.setBackgroundGate(() => hub.flushedThrough(engine.lastCommitTs));
  const verifier = new TokenVerifier(functionsDir);
  await verifier.loadConfig(engine.moduleLoader);
  const crons = new CronRunner(engine, log);
  await crons.start();
  const mutationLog = new MutationLog();
  mutationLog.restore(persistence.recoveredOutcomes);

  const deploymentAdminKey = adminKey(dataDir);
  /** `Authorization: Convex <admin key>`: the deployment's operator (`npm run backend:run`), who may run internal functions. */
  const isAdmin = (req: IncomingMessage) =>
    req.headers.authorization === `Convex ${deploymentAdminKey}`;

  const identityFrom = async (req: IncomingMessage): Promise<UserIdentity | null> => {
    const header = req.headers.authorization;
    if (!header?.startsWith("Bearer ")) return null;
    return (await verifier.verify(header.slice("Bearer ".length))).identity;
  };

  /** Set when the backend stops: new requests, connections and messages are refused. */
  let draining = false;
  /** HTTP requests being handled, on both origins. */
  const requests = new Set<Promise<void>>();
  const track = (request: Promise<void>) => {
    requests.add(request);
    void request.finally(() => requests.delete(request));
  };

  cloudServer.on("ready-request", (req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      setCors(res);
      return refuseRestarting(res);
    }
    track(
      handleCloudRequest(req, res).catch((error: unknown) => {
        log(`request ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent)
          sendJson(res, 500, { code: "InternalServerError", message: (error as Error).message });
      }),
    );
  });

  async function handleCloudRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setCors(res);
    const url = parseRequestUrl(req, cloudUrl);
    if (!url) return sendJson(res, 400, { code: "BadRequest", message: "Invalid request URL" });
    if (req.method === "OPTIONS") return void res.writeHead(204).end();
    if (req.method === "GET" && url.pathname === "/version")
      return void res.writeHead(200).end("clink-local-backend");
    if (req.method === "GET" && url.pathname === "/instance_name")
      return void res.writeHead(200).end("clink-local");
    if (url.pathname === "/api/storage/upload" && req.method === "POST")
      return await upload(req, res, url);
    const file = /^\/api\/storage\/([^/]+)$/.exec(url.pathname);
    if (file && (req.method === "GET" || req.method === "HEAD")) return serveFile(res, file[1]);
    if (req.method === "POST" && url.pathname === "/api/query_ts") {
      return sendJson(res, 200, { ts: encodeTs(hub.currentTs) });
    }
    const route = functionRouteFor(url.pathname);
    if (route && req.method === "POST") return await callFunction(req, res, route);
    sendJson(res, 404, { code: "NotFound", message: `No route for ${req.method} ${url.pathname}` });
  }

  async function callFunction(
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
    const admin = isAdmin(req);
    let identity: UserIdentity | null;
    try {
      identity = admin ? null : await identityFrom(req);
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

  async function upload(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const token = url.searchParams.get("token") ?? "";
    const expiresAt = uploadTokens.get(token);
    if (!expiresAt || expiresAt < Date.now()) {
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
    uploadTokens.delete(token);
    const type = req.headers["content-type"] ?? "";
    const storageId = await engine.storeFile(new Blob([new Uint8Array(bytes)], { type }));
    await persistence.durable(); // the file and its `_storage` document
    sendJson(res, 200, { storageId });
  }

  function serveFile(res: ServerResponse, encodedStorageId: string): void {
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

  siteServer.on("ready-request", (req: IncomingMessage, res: ServerResponse) => {
    if (draining) return refuseRestarting(res);
    track(
      handleSiteRequest(req, res).catch((error: unknown) => {
        log(
          `HTTP action ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`,
        );
        if (!res.headersSent)
          res.writeHead(500, { "Content-Type": "text/plain" }).end("Internal Server Error");
      }),
    );
  });

  async function handleSiteRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
      identity = await identityFrom(req);
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

  // A larger frame closes its connection (1009) before it is read.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const sessions = new Set<SyncSession>();
  cloudServer.on(
    "upgrade",
    (req, socket: Duplex, head) =>
      void ready.then(() => {
        const pathname = parseRequestUrl(req, cloudUrl)?.pathname ?? "";
        if (!/^\/api\/[^/]+\/sync$/.test(pathname)) return void socket.destroy();
        if (draining) return refuseUpgradeRestarting(socket);
        sockets.handleUpgrade(req, socket, head, (ws) => {
          const session = new SyncSession(ws, {
            engine,
            hub,
            verifier,
            mutationLog,
            durable: () => persistence.durable(),
            log,
          });
          sessions.add(session);
          ws.once("close", () => sessions.delete(session));
        });
      }),
  );
  markReady();

  let watcher: FSWatcher | null = null;
  let stopping: Promise<void> | null = null;
  if (options.watch) watcher = watchFunctions();

  function watchFunctions(): FSWatcher {
    let timer: NodeJS.Timeout | null = null;
    let reloading = Promise.resolve();
    return watch(functionsDir, { recursive: true }, (_event, file) => {
      if (!file || file.startsWith("_generated") || file.includes(".tmp")) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        reloading = reloading.then(async () => {
          try {
            // Loaded on first use: codegen brings in prettier, which slows every start.
            const { writeGeneratedFiles } = await import("./codegen.ts");
            await writeGeneratedFiles(functionsDir);
            await engine.reload();
            await verifier.loadConfig(engine.moduleLoader);
            await crons.start();
            await hub.invalidateAll();
            log(`reloaded convex/ (${file} changed)`);
          } catch (error) {
            log(`reload failed, keeping the previous code: ${(error as Error).message}`);
          }
        });
      }, 100);
    });
  }

  return {
    cloudUrl,
    siteUrl,
    dataDir,
    engine,
    hub,
    persistence,
    stop: () => (stopping ??= stop()),
  };

  /**
   * A clean stop: new work is refused first (requests answer 503, new connections are turned
   * away, open ones read no more messages); what is under way is finished and answered — client
   * requests, cron runs, running scheduled functions, while no new one starts; then every
   * commit is on disk before the servers close.
   */
  async function stop(): Promise<void> {
    draining = true;
    watcher?.close();
    engine.stopStartingScheduledFunctions();
    await Promise.all([
      crons.stop(),
      ...[...sessions].map((session) => session.drain()),
      ...requests,
    ]);
    // After the rest: a scheduled function may have started just before the stop, in the same turn.
    await engine.scheduledFunctionsSettled();
    await persistence.stop();
    for (const client of sockets.clients) client.terminate();
    sockets.close();
    hub.close();
    await Promise.all([close(cloudServer), close(siteServer)]);
    await engine.dispose();
  }
}

/** Answered while the backend stops: try again shortly (against the restarted backend). */
function refuseRestarting(res: ServerResponse): void {
  res.setHeader("Retry-After", "1");
  res.setHeader("Connection", "close");
  sendJson(res, 503, {
    code: "ServiceUnavailable",
    message: "The deployment is restarting; try again shortly.",
  });
}

function refuseUpgradeRestarting(socket: Duplex): void {
  socket.once("finish", () => socket.destroy());
  socket.end(
    "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
  );
}

function refuseTooLarge(res: ServerResponse, message: string): void {
  sendJson(res, 413, { code: "PayloadTooLarge", message });
}

function megabytes(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}

/** The request's URL, or null when its target is not one (any byte string gets this far). */
function parseRequestUrl(req: IncomingMessage, base: string): URL | null {
  try {
    return new URL(req.url ?? "/", base);
  } catch {
    return null;
  }
}

function decodeUrlComponent(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

function setCors(res: ServerResponse): void {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Headers", "Content-Type, Authorization, Convex-Client");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

/** The request's body, or null when it is larger than `limit` (declared or sent); the rest is drained unread. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => {
      req.off("data", onData);
      req.resume();
      resolve(null);
    };
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return tooLarge();
      chunks.push(chunk);
    };
    if (Number(req.headers["content-length"] ?? 0) > limit) return tooLarge();
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
