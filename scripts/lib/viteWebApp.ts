import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { APP_DESCRIPTION, APP_NAME, DEFAULT_TITLE } from "../../shared/brand.ts";

const MANIFEST_FILE = "manifest.webmanifest";
/** The page background (night-900), also the browser's theme colour in index.html. */
const NIGHT_900 = "#120c09";

/** The web app manifest: name and colours from the brand, icons from public/icons (scripts/icons.ts). */
function webAppManifest(): string {
  return JSON.stringify({
    name: DEFAULT_TITLE,
    short_name: APP_NAME,
    description: APP_DESCRIPTION,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: NIGHT_900,
    theme_color: NIGHT_900,
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
 * What makes Clink installable and quick to start: /manifest.webmanifest (served in dev,
 * written by the build), a preconnect to the Convex deployment in index.html, so the
 * connection is open by the time the app's first query goes out, and the favicon inlined in
 * the page (half a kilobyte): over HTTP/1.1 its request took one of the six connections the
 * page's scripts wait for.
 */
export function webApp(): Plugin {
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
