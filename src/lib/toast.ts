import type { toast as sonnerToast } from "sonner";

type Sonner = typeof import("sonner");
type SonnerToast = typeof sonnerToast;

// sonner injects its 17 KB stylesheet when its module runs, and the browser then restyles the
// whole page: 40–90 ms on a 4× slower phone CPU. So the library (and the toaster, see App.tsx)
// loads with the first toast, not with the first screen.
let loading: Promise<Sonner> | undefined;
const toasterListeners = new Set<() => void>();

function sonner(): Promise<Sonner> {
  if (!loading) {
    loading = import("sonner");
    for (const listener of toasterListeners) listener();
  }
  return loading;
}

/** Whether anything has been toasted yet: the app mounts its toaster from then on. */
export const toasterNeeded = () => loading !== undefined;

export function subscribeToToasterNeeded(listener: () => void): () => void {
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

/** One of sonner's `toast.*` calls, made once the library is there (in call order). */
function later<Kind extends "success" | "error" | "warning" | "custom" | "dismiss">(kind: Kind) {
  return (...args: Parameters<SonnerToast[Kind]>): void => {
    void sonner().then(({ toast }) =>
      (toast[kind] as (...callArgs: Parameters<SonnerToast[Kind]>) => unknown)(...args),
    );
  };
}

/**
 * sonner's `toast`, for the whole app: the same calls (they return nothing; pass `id` in the
 * options to refer to a toast later).
 */
export const toast = Object.assign(
  (...args: Parameters<SonnerToast>): void => {
    void sonner().then(({ toast }) => toast(...args));
  },
  {
    success: later("success"),
    error: later("error"),
    warning: later("warning"),
    custom: later("custom"),
    dismiss: later("dismiss"),
  },
);
