/** Starts the local backend on the fixture app and connects real Convex clients to it. */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import WebSocket from "ws";
import { startLocalBackend, type LocalBackend, type LocalBackendOptions } from "../server.ts";

export const projectDir = path.resolve(import.meta.dirname, "../..");
export const fixtureDir = path.join(projectDir, "local-backend/fixtures/convex");

export function tempDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "clink-local-backend-test-"));
}

export async function startFixtureBackend(
  options: LocalBackendOptions = {},
): Promise<LocalBackend> {
  // A data directory made here is removed when the backend stops.
  const ownDataDir = options.dataDir === undefined ? tempDataDir() : null;
  const backend = await startLocalBackend({
    projectDir,
    functionsDir: fixtureDir,
    port: 0,
    log: () => {},
    ...options,
    dataDir: options.dataDir ?? ownDataDir!,
  });
  if (ownDataDir === null) return backend;
  return {
    ...backend,
    stop: async () => {
      await backend.stop();
      removeDir(ownDataDir);
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export function connect(
  backend: Pick<LocalBackend, "cloudUrl">,
  webSocketConstructor: typeof WebSocket = WebSocket,
): ConvexClient {
  return new ConvexClient(backend.cloudUrl, {
    webSocketConstructor: webSocketConstructor as unknown as typeof globalThis.WebSocket,
    unsavedChangesWarning: false,
  });
}

export function httpClient(backend: Pick<LocalBackend, "cloudUrl">): ConvexHttpClient {
  return new ConvexHttpClient(backend.cloudUrl);
}

/** Resolves with the first value of a subscription that satisfies `accept`. */
export function nextValue<T>(
  subscribe: (callback: (value: T) => void, onError: (error: Error) => void) => () => void,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () => finish(() => reject(new Error("Timed out waiting for a matching value"))),
      timeoutMs,
    );
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Called back synchronously from `subscribe`, `unsubscribe` may not be assigned yet.
      queueMicrotask(() => unsubscribe());
      settle();
    };
    const unsubscribe = subscribe(
      (value) => {
        if (accept(value)) finish(() => resolve(value));
      },
      (error) => finish(() => reject(error)),
    );
  });
}
