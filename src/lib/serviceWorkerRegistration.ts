/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Registers /sw.js (src/serviceWorker/sw.ts) through vite-plugin-pwa's register module
 * (Workbox's workbox-window) and offers the reload when a new version's worker waits; accepted,
 * the worker takes over and every tab that offered it reloads, so no tab mixes two versions.
 * Loaded after the first screen (src/lib/appUpdate.ts).
 */
import { registerSW } from "virtual:pwa-register";

/** An open tab looks for a new deployment this often, and whenever it is shown again. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(offerUpdate: (activate: () => void) => void): void {
  const activateUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => offerUpdate(() => void activateUpdate()),
    onRegisteredSW: (_url, registration) => {
      if (registration) checkForUpdates(registration);
    },
    // No worker (a private window that refuses one, say): the app works online as before.
    onRegisterError: () => undefined,
  });
}

function checkForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => {
    if (navigator.onLine) registration.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}
