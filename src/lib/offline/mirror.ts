/**
 * The results this tab has seen, by copy key (the last MIRROR_MAX of them), so going back to a
 * screen paints at once without asking IndexedDB. The caching hooks (useCachedQuery.ts) read it
 * and the device side (deviceCopy.ts, loaded lazily) fills it; it is a module of its own so that
 * neither of those two imports the other.
 */
import type { Kept } from "./store";

/** Stand for a screen's live result while it is awaited, or after its query failed. */
export const LOADING = Symbol("loading");
export const FAILED = Symbol("failed");

/** Known results by copyKey: a value, or null once the device had none. */
const mirror = new Map<string, Kept | null>();
const MIRROR_MAX = 200;
const listeners = new Set<() => void>();
/** Bumped by a wipe: answers to questions asked before it are ignored. */
let generation = 0;

function wakeAll(): void {
  for (const listener of listeners) listener();
}

export const memory = {
  has: (key: string) => mirror.has(key),
  get: (key: string) => mirror.get(key),
  generation: () => generation,
  /** Screens re-render when something they wait for becomes known. */
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Sets what is known of `key`; `wake`: screens waiting for it re-render. */
  set(key: string, kept: Kept | null, wake: boolean): void {
    mirror.delete(key);
    mirror.set(key, kept);
    if (mirror.size > MIRROR_MAX) mirror.delete(mirror.keys().next().value!);
    if (wake) wakeAll();
  },
  /** Forgets everything (a wipe): answers to earlier questions are ignored from now on. */
  clear(): void {
    generation += 1;
    mirror.clear();
    wakeAll();
  },
};
