/**
 * The device copy's IndexedDB side (deviceCopy.ts), loaded on first use, and wiping it. A module
 * of its own, apart from the caching hooks: the first page loads it early and wipes through it
 * without carrying the hooks, which only screens showing data need.
 */
import { memory } from "./mirror";

let loadingCopy: Promise<typeof import("./deviceCopy")> | null = null;

/** The IndexedDB side; a failed load (offline before it ever loaded) is tried again next time. */
export function loadDeviceCopy(): Promise<typeof import("./deviceCopy")> {
  return (loadingCopy ??= import("./deviceCopy").catch((error: unknown) => {
    loadingCopy = null;
    throw error;
  }));
}

/**
 * Everything kept, in this tab and on the device: sign-out, account deletion, another user.
 * Resolves once IndexedDB is empty (or could not be reached).
 */
export async function wipeDeviceCopy(): Promise<void> {
  memory.clear();
  await loadDeviceCopy()
    .then((copy) => copy.wipe())
    .catch(() => undefined);
}
