/**
 * The Clink local backend: a Convex deployment for development and tests, served from this
 * process. Cloud origin: the sync WebSocket (syncSockets.ts), the HTTP function API and file
 * storage (cloudApi.ts). Site origin: the HTTP actions of `convex/http.ts` (httpActions.ts).
 * This file wires the parts together; lifecycle.ts starts and stops them.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { Callers } from "./callers.ts";
import { cloudApi, UploadTokens } from "./cloudApi.ts";
import type { Engine } from "./engine.ts";
import { adminKey, deploymentEnv } from "./env.ts";
import { hotReload } from "./hotReload.ts";
import { httpActions } from "./httpActions.ts";
import { startDeployment, stopBackend } from "./lifecycle.ts";
import { Origins } from "./origins.ts";
import type { Persistence } from "./persistence.ts";
import type { QueryHub } from "./queryHub.ts";
import { StopGate } from "./stopGate.ts";
import { SyncSockets } from "./syncSockets.ts";
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

export async function startLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const projectDir = path.resolve(options.projectDir ?? ".");
  checkPinnedVersions(projectDir);
  const functionsDir = path.resolve(projectDir, options.functionsDir ?? "convex");
  const dataDir = path.resolve(projectDir, options.dataDir ?? ".local-backend/data");
  const log = options.log ?? ((line: string) => console.log(`[local-backend] ${line}`));
  const maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });

  // Listen first: the URLs are part of the deployment's environment.
  const origins = await Origins.listen(options.host ?? "127.0.0.1", options.port, options.sitePort);
  const { cloudUrl, siteUrl } = origins;
  const env = await deploymentEnv({
    dataDir,
    projectDir,
    cloudUrl,
    siteUrl,
    appUrl: options.appUrl ?? "http://localhost:5173",
  });
  Object.assign(process.env, env);

  const uploads = new UploadTokens(cloudUrl);
  const deployment = await startDeployment({
    functionsDir,
    dataDir,
    log,
    compactLogAfterBytes: options.compactLogAfterBytes,
    uploadUrl: () => uploads.url(),
    fileUrl: (storageId) => `${cloudUrl}/api/storage/${storageId}`,
    closeServers: () => origins.close(),
  });
  const { engine, hub, persistence, verifier, mutationLog } = deployment;
  const callers = new Callers(verifier, adminKey(dataDir));
  const gate = new StopGate();
  const sync = new SyncSockets(cloudUrl, gate, {
    engine,
    hub,
    verifier,
    mutationLog,
    durable: () => persistence.durable(),
    log,
  });
  origins.serve({
    cloud: cloudApi({
      cloudUrl,
      engine,
      hub,
      persistence,
      callers,
      uploads,
      maxUploadBytes,
      gate,
      log,
    }),
    site: httpActions({ engine, persistence, callers, maxUploadBytes, gate, log }),
    upgrade: (req, socket, head) => sync.upgrade(req, socket, head),
  });
  const watcher = options.watch ? hotReload({ functionsDir, ...deployment, log }) : null;

  let stopping: Promise<void> | null = null;
  return {
    cloudUrl,
    siteUrl,
    dataDir,
    engine,
    hub,
    persistence,
    stop: () => (stopping ??= stopBackend({ deployment, origins, gate, sync, watcher })),
  };
}
