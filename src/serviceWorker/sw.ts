/**
 * Clink's service worker, built by `vite build` into /sw.js (vite-plugin-pwa, injectManifest):
 *
 * - Precaches the whole build, HTML, every route and dialog chunk, styles and default covers,
 *   so any screen opens with no network. Page addresses are answered from the precache by the
 *   host's rule (shared/appShell.ts): `/` the landing page, every other page the app shell.
 * - A new build's worker installs beside the running one and waits: a tab keeps the files it
 *   started with until the person accepts the app's "New version available — Reload", which
 *   sends SKIP_WAITING. The first worker takes control at once, as there is nothing to mix.
 * - Shows web push and opens a clicked notification's page (src/lib/pushServiceWorker.ts).
 */
import { clientsClaim } from "workbox-core";
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { APP_SHELL_FILE, LANDING_FILE, pageFileFor } from "../../shared/appShell";
import { listenForPush } from "./push";

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const pages = {
  [LANDING_FILE]: createHandlerBoundToURL(`/${LANDING_FILE}`),
  [APP_SHELL_FILE]: createHandlerBoundToURL(`/${APP_SHELL_FILE}`),
};
registerRoute(
  ({ request, url }) => request.mode === "navigate" && pageFileFor(url.pathname) !== null,
  (options) => pages[pageFileFor(options.url.pathname)!](options),
);

clientsClaim();

self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

listenForPush(self);
