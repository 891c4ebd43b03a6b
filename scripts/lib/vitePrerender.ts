import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig, type Rollup } from "vite";

/** The app's one lazy screen that `/` shows at once; its chunks are preloaded by index.html. */
const LANDING_MODULE = "src/features/landing/LandingPage.tsx";
const SSR_ENTRY = "src/prerender.tsx";
export const APP_SHELL_FILE = "app-shell.html";

interface PrerenderModule {
  renderLanding: () => Promise<string>;
  renderAppShell: () => string;
}

/** The chunk files a chunk needs before it runs: itself and its static imports, recursively. */
function staticChunkFiles(bundle: Rollup.OutputBundle, chunk: Rollup.OutputChunk): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    const next = bundle[file];
    if (files.has(file) || next?.type !== "chunk") return;
    files.add(file);
    next.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...files];
}

/** index.html with `html` inside #root (marked with what it is) and extra tags in <head>. */
function fillTemplate(template: string, kind: string, html: string, headTags = ""): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`index.html has no ${root} to prerender into`);
  return template
    .replace("</head>", `${headTags}</head>`)
    .replace(root, `<div id="root" data-prerendered="${kind}">${html}</div>`);
}

/**
 * `vite build` also writes the first screen's HTML: the landing page into index.html (hydrated
 * by main.tsx) and the bare app shell into app-shell.html (served for every other page, see
 * serveAppShell). It bundles src/prerender.tsx for Node into a temporary directory and runs it.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  let landingPreloads: string[] = [];
  return {
    name: "clink-prerender",
    apply: (_, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((out) => out.type === "chunk");
      const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(LANDING_MODULE));
      if (!landing) throw new Error(`No chunk for ${LANDING_MODULE}: is it still a lazy screen?`);
      const entryFiles = new Set(
        chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => staticChunkFiles(bundle, chunk)),
      );
      landingPreloads = staticChunkFiles(bundle, landing).filter((file) => !entryFiles.has(file));
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      // Inside the project, so the bundle's imports of react and friends find node_modules.
      const tmpDir = join(config.root, "node_modules/.tmp");
      mkdirSync(tmpDir, { recursive: true });
      const ssrDir = mkdtempSync(join(tmpDir, "prerender-"));
      try {
        await build({
          root: config.root,
          configFile: config.configFile,
          mode: config.mode,
          logLevel: "warn",
          // The Convex client is made (never connected) while rendering; any URL will do.
          define: config.env.VITE_CONVEX_URL
            ? {}
            : { "import.meta.env.VITE_CONVEX_URL": JSON.stringify("https://prerender.invalid") },
          build: { ssr: SSR_ENTRY, outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
        });
        const entry = readdirSync(ssrDir).find((file) => /^prerender\.m?js$/.test(file));
        if (!entry) throw new Error(`The prerender bundle has no entry in ${ssrDir}`);
        const app = (await import(pathToFileURL(join(ssrDir, entry)).href)) as PrerenderModule;

        const template = readFileSync(join(outDir, "index.html"), "utf8");
        const preloadTags = landingPreloads
          .map((file) => `<link rel="modulepreload" crossorigin href="${config.base}${file}">`)
          .join("");
        writeFileSync(
          join(outDir, "index.html"),
          fillTemplate(template, "landing", await app.renderLanding(), preloadTags),
        );
        writeFileSync(
          join(outDir, APP_SHELL_FILE),
          fillTemplate(template, "shell", app.renderAppShell()),
        );
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}

/** A page address (not a file) asked for by a browser, other than `/`. */
function wantsAppShell(request: IncomingMessage): boolean {
  const path = new URL(request.url ?? "/", "http://localhost").pathname;
  return (
    request.method === "GET" &&
    path !== "/" &&
    !/\.[a-z0-9]+$/i.test(path) &&
    (request.headers.accept ?? "").includes("text/html")
  );
}

/**
 * `vite preview` serves app-shell.html for every page but `/` (whose index.html holds the
 * landing page). A production host needs the same rule: `/` → index.html, other page
 * addresses → app-shell.html.
 */
export function serveAppShell(): Plugin {
  return {
    name: "clink-serve-app-shell",
    configurePreviewServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (wantsAppShell(request)) request.url = `/${APP_SHELL_FILE}`;
        next();
      });
    },
  };
}
