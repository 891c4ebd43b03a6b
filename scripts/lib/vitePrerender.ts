import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig, type Rollup } from "vite";
import { APP_SHELL_FILE, pageFileFor } from "../../shared/appShell.ts";

/** The app's one lazy screen that `/` shows at once; its chunks are preloaded by index.html. */
const LANDING_MODULE = "src/features/landing/LandingPage.tsx";
const SSR_ENTRY = "src/prerender.tsx";

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
 * index.html with its module script and preloads started by an inline script once the first
 * contentful paint has happened. The landing page paints from its HTML and CSS alone, so a phone spends its
 * first round trips on them instead of sharing them with ~120 KB of JavaScript, whose compiling
 * also held the first paint back. A tab opened in the background (no paint yet)
 * and a browser without paint timing start at once.
 */
function scriptsAfterFirstPaint(html: string): string {
  const scriptTags =
    /<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const preloads: string[] = [];
  const entries: string[] = [];
  const withoutScripts = html.replace(scriptTags, (_, entry?: string, preload?: string) => {
    if (entry) entries.push(entry);
    else preloads.push(preload!);
    return "";
  });
  if (entries.length !== 1)
    throw new Error(`index.html has ${entries.length} module scripts, not 1`);
  const loader =
    `const start=()=>{for(const href of ${JSON.stringify(preloads)}){const link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href=href;document.head.append(link)}` +
    `const script=document.createElement("script");script.type="module";script.crossOrigin="";script.src=${JSON.stringify(entries[0])};document.head.append(script)};` +
    `PerformanceObserver.supportedEntryTypes.includes("paint")&&document.visibilityState!=="hidden"?new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true}):start()`;
  return withoutScripts.replace("</body>", `<script>${loader}</script></body>`);
}

/**
 * `vite build` also writes the first screen's HTML: the landing page into index.html (hydrated
 * by main.tsx, whose scripts start after the first paint) and the bare app shell into
 * app-shell.html (served for every other page, see serveAppShell). It bundles
 * src/prerender.tsx for Node into a temporary directory and runs it.
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
          scriptsAfterFirstPaint(
            fillTemplate(template, "landing", await app.renderLanding(), preloadTags),
          ),
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
    pageFileFor(path) === APP_SHELL_FILE &&
    (request.headers.accept ?? "").includes("text/html")
  );
}

/**
 * `vite preview` serves app-shell.html for every page but `/` (whose index.html holds the
 * landing page). A production host needs the same rule (shared/appShell.ts), as does the
 * service worker: `/` → index.html, other page addresses → app-shell.html.
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
