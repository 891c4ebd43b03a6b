/**
 * Registers /sw.js (src/serviceWorker/sw.ts) and offers the reload once a new version's worker
 * is installed and waiting, whichever tab found it. Accepted, the waiting worker takes over and
 * this tab reloads into the new version. Another tab left on the old version keeps the offer;
 * what its worker no longer keeps it asks the host for, and if the host no longer has it, the
 * screen says so (lazyComponent) and the offer reloads. Loaded after the first screen
 * (src/lib/appUpdate.ts).
 */

/** An open tab looks for a new deployment this often, and whenever it is shown again. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export async function registerServiceWorker(
  offerUpdate: (activate: () => void) => void,
): Promise<void> {
  // No worker (a browser that refuses one): the app works online as before.
  const registration = await navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .catch(() => undefined);
  if (!registration) return;
  const offerIfWaiting = () => {
    // Only an update waits with a worker in control; the first one takes over at once.
    if (registration.waiting && navigator.serviceWorker.controller)
      offerUpdate(() => activateWaiting(registration));
  };
  offerIfWaiting();
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") offerIfWaiting();
    });
  });
  checkForUpdates(registration);
}

/** The waiting worker takes over (sw.ts: SKIP_WAITING), then the tab reloads under it. */
function activateWaiting(registration: ServiceWorkerRegistration): void {
  const waiting = registration.waiting;
  if (!waiting) {
    // Another tab has already switched: the new version is in control.
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: "SKIP_WAITING" });
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
