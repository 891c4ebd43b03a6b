import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { preview, type PreviewServer } from "vite";
import { backendUrl, siteUrl } from "./env.ts";

const root = join(import.meta.dirname, "../../..");

/** The build this run serves: playwright.config.ts builds it beside the backend's data. */
export const servedBuild = (): string => `${process.env.CLINK_E2E_DATA_DIR}-dist`;

/**
 * The app built again with every script under a new name (support/nextVersion.config.ts), as a
 * later deployment would be: ~10 s on a busy machine. Resolves to its directory.
 */
export async function buildNextVersion(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), "clink-next-version-"));
  await promisify(execFile)(
    join(root, "node_modules/.bin/vite"),
    ["build", "--config", "tests/e2e/support/nextVersion.config.ts"].concat([
      "--outDir",
      outDir,
      "--emptyOutDir",
      "--logLevel",
      "error",
    ]),
    {
      cwd: root,
      env: { ...process.env, VITE_CONVEX_URL: backendUrl, VITE_CONVEX_SITE_URL: siteUrl },
    },
  );
  return outDir;
}

/**
 * A host of its own (`vite preview` on a free port, so its service worker and caches are this
 * test's alone) serving a copy of a build; `deploy` replaces the files with another build's,
 * the old ones gone, as a host does.
 */
export class Deployment {
  private constructor(
    readonly url: string,
    private readonly dir: string,
    private readonly server: PreviewServer,
  ) {}

  static async start(build: string): Promise<Deployment> {
    const dir = await mkdtemp(join(tmpdir(), "clink-deployment-"));
    await cp(build, dir, { recursive: true });
    const server = await preview({
      root,
      configFile: join(root, "vite.config.ts"),
      logLevel: "error",
      build: { outDir: dir },
      preview: { port: 0, host: "localhost" },
    });
    const url = server.resolvedUrls?.local[0]?.replace(/\/$/, "");
    if (!url) throw new Error("vite preview did not say where it listens");
    return new Deployment(url, dir, server);
  }

  async deploy(build: string): Promise<void> {
    for (const entry of await readdir(this.dir))
      await rm(join(this.dir, entry), { recursive: true, force: true });
    await cp(build, this.dir, { recursive: true });
  }

  async stop(): Promise<void> {
    await this.server.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Waits until the app's service worker controls the page (installed, precached, active). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      message: "the service worker controls the page",
      timeout: 30_000,
    })
    .toBe(true);
}
