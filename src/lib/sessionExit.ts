/**
 * "The user is leaving": set while signing out or deleting the account, until
 * the app has moved to `/` (the landing page ends it). Protected pages read it so that losing the session
 * on purpose does not look like an expired one ('Please sign in…' and /login).
 */
import { useSyncExternalStore } from "react";

let exiting = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function beginSessionExit(): void {
  exiting = true;
  emit();
}

export function endSessionExit(): void {
  exiting = false;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionExit(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => exiting,
    () => false,
  );
}
