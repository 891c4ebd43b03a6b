/**
 * The app's one offer to reload into the current version, shown by <UpdatePrompt>. It is made
 * when a new build's service worker is waiting (the reload switches to it), or when code of this
 * build failed to load: a tab opened before a deployment, with no worker keeping its files,
 * asks for chunks the host no longer has. Small and loaded with the entry, as it must work when
 * no other chunk can load.
 */
type Reload = () => void;

let offer: Reload | null = null;
const listeners = new Set<() => void>();

function setOffer(reload: Reload): void {
  offer = reload;
  for (const listener of listeners) listener();
}

/** A new version's worker is waiting: `activate` hands the tab to it and reloads. */
function offerUpdate(activate: Reload): void {
  setOffer(activate);
}

/** Code failed to load: a reload fetches the current build (unless a worker update is offered). */
export function offerReload(): void {
  if (offer === null) setOffer(() => window.location.reload());
}

export const reloadOffer = (): Reload | null => offer;

export function subscribeToReloadOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Registers the service worker once the page has loaded and the main thread is idle, so its
 * code and the precaching it starts never compete with the first screen.
 */
export function startServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const whenIdle = (callback: () => void) =>
    "requestIdleCallback" in window ? requestIdleCallback(callback) : setTimeout(callback, 1);
  const register = () =>
    whenIdle(() => {
      import("./serviceWorkerRegistration")
        .then(({ registerServiceWorker }) => registerServiceWorker(offerUpdate))
        // Without its code there is no worker this time: the app works online as before.
        .catch(() => undefined);
    });
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
