import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LogLevel, Plugin, PluginOption } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { APP_DESCRIPTION, APP_NAME, BRAND_BACKGROUND, DEFAULT_TITLE } from "../../shared/brand.ts";

const MANIFEST_FILE = "manifest.webmanifest";
/** The service worker's address, in dev and in the build (src/lib/pushDevice.ts registers it too). */
const SERVICE_WORKER_FILE = "sw.js";

/** The web app manifest: name and colours from the brand, icons from public/icons (scripts/icons.ts). */
function webAppManifest(): string {
  return JSON.stringify({
    id: "/",
    name: DEFAULT_TITLE,
    short_name: APP_NAME,
    description: APP_DESCRIPTION,
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: BRAND_BACKGROUND,
    theme_color: BRAND_BACKGROUND,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      {
        src: "/icons/icon-maskable-512.png",
        sizes: "512x512",
        type: "image/png",
        purpose: "maskable",
      },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  });
}

const FAVICON_LINK = 'href="/favicon.svg"';

/**
 * The service worker of the build (src/serviceWorker/sw.ts), compiled by vite-plugin-pwa, which
 * then writes the list of files it precaches into it (Workbox's injectManifest): what the
 * prerendered pages and every screen and dialog need, but not the install icons (the browser
 * fetches those itself). It runs once the app's own build and prerendering are done ("post"),
 * so the list holds the final HTML. The app registers the worker itself
 * (src/lib/serviceWorkerRegistration.ts) and keeps our manifest.
 */
function serviceWorker(): PluginOption {
  let logLevel: LogLevel | undefined;
  return VitePWA({
    strategies: "injectManifest",
    srcDir: "src/serviceWorker",
    filename: "sw.ts",
    injectRegister: false,
    manifest: false,
    integration: {
      closeBundleOrder: "post",
      // The worker's own build is as quiet as the app's (`--logLevel warn` in the e2e run).
      configureOptions: (config) => void (logLevel = config.logLevel),
      configureCustomSWViteBuild: (config) => void (config.logLevel = logLevel),
    },
    injectManifest: {
      // A classic script: every browser with service workers runs it.
      rollupFormat: "iife",
      globPatterns: ["**/*.{html,js,css,svg,webmanifest}", "covers/*.jpg"],
    },
  });
}

/**
 * In dev, /sw.js is src/serviceWorker/devWorker.ts as the dev server compiles it (a module
 * worker): push only, no caching.
 */
function devServiceWorker(): Plugin {
  return {
    name: "clink-dev-service-worker",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url === `/${SERVICE_WORKER_FILE}`)
          request.url = "/src/serviceWorker/devWorker.ts";
        next();
      });
    },
  };
}

/**
 * What makes Clink installable, quick to start and able to open offline: the service worker
 * (above), /manifest.webmanifest (served in dev, written by the build), a preconnect to the
 * Convex deployment in index.html, so the connection is open by the time the app's first query
 * goes out, and the favicon inlined in the page (half a kilobyte): over HTTP/1.1 its request
 * took one of the six connections the page's scripts wait for.
 */
export function webApp(): PluginOption[] {
  return [manifestAndHead(), serviceWorker(), devServiceWorker()];
}

function manifestAndHead(): Plugin {
  let convexOrigin: string | undefined;
  let publicDir = "";
  return {
    name: "clink-web-app",
    configResolved(config) {
      const url = config.env.VITE_CONVEX_URL as string | undefined;
      convexOrigin = url ? new URL(url).origin : undefined;
      publicDir = config.publicDir;
    },
    configureServer(server) {
      server.middlewares.use(`/${MANIFEST_FILE}`, (_request, response) => {
        response.setHeader("Content-Type", "application/manifest+json");
        response.end(webAppManifest());
      });
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: MANIFEST_FILE, source: webAppManifest() });
    },
    transformIndexHtml: (html) => {
      if (!html.includes(FAVICON_LINK)) throw new Error(`index.html has no ${FAVICON_LINK}`);
      const favicon = readFileSync(join(publicDir, "favicon.svg"), "utf8").trim();
      return {
        html: html.replace(
          FAVICON_LINK,
          `href="data:image/svg+xml,${encodeURIComponent(favicon).replaceAll("'", "%27")}"`,
        ),
        tags: [
          { tag: "link", attrs: { rel: "manifest", href: `/${MANIFEST_FILE}` }, injectTo: "head" },
          ...(convexOrigin
            ? [
                {
                  tag: "link",
                  attrs: { rel: "preconnect", href: convexOrigin, crossorigin: "" },
                  injectTo: "head-prepend" as const,
                },
              ]
            : []),
        ],
      };
    },
  };
}
