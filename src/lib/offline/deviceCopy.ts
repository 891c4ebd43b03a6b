/**
 * What the caching hooks (useCachedQuery.ts) do off the first page's code: ask the device for a
 * result a screen waits for, keep live results, drop a result whose query failed, and wipe.
 * Loaded with the first kept screen.
 *
 * A query's live result is written at once, then at most every WRITE_EVERY_MS (the latest of a
 * burst of updates once), and whatever waits is written when the page is hidden or left: a
 * result the person saw must not be lost to a reload that follows it closely.
 */
import type { Value } from "convex/values";
import { deviceUserId } from "./deviceUser";
import { deviceCopy, type CopyRef, type Keeping } from "./store";
import { FAILED, LOADING, memory } from "./mirror";

const WRITE_EVERY_MS = 400;

const asking = new Set<string>();
const pending = new Map<string, Keeping>();
/** When each query's result was last written. */
const writtenAt = new Map<string, number>();
let writeTimer: ReturnType<typeof setTimeout> | undefined;
let writeDue = Infinity;

function ask(ref: CopyRef, key: string): void {
  if (asking.has(key)) return;
  const asked = memory.generation();
  asking.add(key);
  void deviceCopy
    .read(ref)
    .catch(() => null)
    .then((found) => {
      asking.delete(key);
      if (asked !== memory.generation() || ref.userId !== deviceUserId() || memory.get(key)) return;
      memory.set(key, found, true);
    });
}

function flush(): void {
  clearTimeout(writeTimer);
  writeTimer = undefined;
  writeDue = Infinity;
  const now = Date.now();
  for (const key of pending.keys()) writtenAt.set(key, now);
  // Written only for the user still signed in here (not one who signed out meanwhile, in this
  // tab or another).
  const owner = deviceUserId();
  const entries = [...pending.values()].filter((entry) => entry.userId === owner);
  pending.clear();
  if (entries.length > 0) deviceCopy.write(entries).catch(() => undefined);
}

function keep(ref: CopyRef, key: string, value: unknown, firstPage?: number): void {
  const first =
    firstPage !== undefined && Array.isArray(value) && value.length > firstPage
      ? value.slice(0, firstPage)
      : value;
  const kept = { value: first as Value, savedAt: Date.now() };
  // The screen shows the live result: no one needs waking.
  memory.set(key, kept, false);
  pending.set(key, { ...ref, ...kept, path: location.pathname });
  const due = (writtenAt.get(key) ?? 0) + WRITE_EVERY_MS;
  if (due >= writeDue) return;
  clearTimeout(writeTimer);
  writeDue = due;
  writeTimer = setTimeout(flush, Math.max(0, due - Date.now()));
}

function drop(ref: CopyRef, key: string): void {
  pending.delete(key);
  if (memory.get(key) === undefined) return;
  memory.set(key, null, false);
  deviceCopy.remove(ref).catch(() => undefined);
}

/**
 * A screen's query changed: its live value arrived (kept), failed (FAILED: dropped), or is
 * awaited (LOADING: asked of the device).
 *
 * @public (called through the dynamic import in ./deviceCopyLoader.ts)
 */
export function update(ref: CopyRef, key: string, live: unknown, firstPage?: number): void {
  if (ref.userId !== deviceUserId()) return;
  if (live === FAILED) drop(ref, key);
  else if (live !== LOADING) keep(ref, key, live, firstPage);
  else if (!memory.has(key)) ask(ref, key);
}

window.addEventListener("pagehide", flush);
window.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") flush();
});

/**
 * Before the app first renders: what this page showed when it was last open, so that its
 * screen's first render already has it.
 *
 * @public (called through the dynamic import in ./deviceCopyLoader.ts)
 */
export async function warm(): Promise<void> {
  const userId = deviceUserId();
  if (userId === null) return;
  const asked = memory.generation();
  const found = await deviceCopy.readPage(userId, location.pathname).catch(() => []);
  if (asked !== memory.generation()) return;
  for (const [key, kept] of found) if (!memory.has(key)) memory.set(key, kept, true);
}

/**
 * Everything on the device, and what is waiting to be written.
 *
 * @public (called through the dynamic import in ./deviceCopyLoader.ts)
 */
export async function wipe(): Promise<void> {
  pending.clear();
  asking.clear();
  writtenAt.clear();
  clearTimeout(writeTimer);
  writeTimer = undefined;
  writeDue = Infinity;
  await deviceCopy.wipe();
}
