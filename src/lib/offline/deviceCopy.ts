/**
 * What the caching hooks (useCachedQuery.ts) do off the first page's code: ask the device for a
 * result a screen waits for, keep live results (written a moment later, the latest of a burst
 * once), drop a result whose query failed, and wipe. Loaded with the first kept screen.
 */
import type { Value } from "convex/values";
import { deviceUserId } from "./deviceUser";
import { deviceCopy, type CopyRef, type Kept } from "./store";
import { FAILED, LOADING, memory } from "./useCachedQuery";

/** Live results are written this long after they arrive. */
const WRITE_DELAY_MS = 400;

const asking = new Set<string>();
const pending = new Map<string, CopyRef & Kept>();
let writeTimer: ReturnType<typeof setTimeout> | undefined;

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
  writeTimer = undefined;
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
  pending.set(key, { ...ref, ...kept });
  writeTimer ??= setTimeout(flush, WRITE_DELAY_MS);
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
 */
export function update(ref: CopyRef, key: string, live: unknown, firstPage?: number): void {
  if (ref.userId !== deviceUserId()) return;
  if (live === FAILED) drop(ref, key);
  else if (live !== LOADING) keep(ref, key, live, firstPage);
  else if (!memory.has(key)) ask(ref, key);
}

/** Everything on the device, and what is waiting to be written. */
export async function wipe(): Promise<void> {
  pending.clear();
  asking.clear();
  clearTimeout(writeTimer);
  writeTimer = undefined;
  await deviceCopy.wipe();
}
