/**
 * The worker `npm start` serves at /sw.js (a module the dev server compiles), registered only
 * when someone turns on push in Settings: push alone. No caching, so every edit shows at once;
 * the precaching worker (sw.ts) is built by `vite build`.
 */
import { listenForPush } from "./push";

declare const self: ServiceWorkerGlobalScope;

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
listenForPush(self);
