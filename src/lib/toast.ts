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

type Options = NonNullable<Parameters<SonnerToast>[1]>;

// The control last pressed or focused: a toast is placed away from it (see toastPlacement.ts). A
// button busy with its action is disabled, which takes focus away just as its toast is raised.
let lastUsed: Element | null = null;
const noteUse = (event: Event) => {
  lastUsed = event.target instanceof Element ? event.target : null;
};
// (No document when the build prerenders the first screen.)
if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", noteUse, true);
  document.addEventListener("focusin", noteUse, true);
}

/** Where the control just used is on the screen, taken as the toast is raised. */
function usedBox(): DOMRect | null {
  const focused = document.activeElement !== document.body ? document.activeElement : null;
  const used = lastUsed?.isConnected ? lastUsed : focused;
  return used ? used.getBoundingClientRect() : null;
}

// The placement loads with sonner, not with the first screen; every call waits for both, so calls
// reach sonner in the order they were made.
const loaded = () => Promise.all([sonner(), import("./toastPlacement")]);

/** A toast with words, placed away from the control just used; sonner's list (a polite live region) says them. */
function spoken(kind: "message" | "success" | "error" | "warning") {
  return (message: Parameters<SonnerToast>[0], options?: Options): void => {
    const box = usedBox();
    void loaded().then(([{ toast }, { placed }]) =>
      (kind === "message" ? toast : toast[kind])(message, placed(box, options)),
    );
  };
}

/**
 * sonner's `toast`, for the whole app: the same calls (they return nothing; pass `id` in the
 * options to refer to a toast later), each placed as it is raised.
 */
export const toast = Object.assign(spoken("message"), {
  success: spoken("success"),
  error: spoken("error"),
  warning: spoken("warning"),
  custom: (...[render, options]: Parameters<SonnerToast["custom"]>): void => {
    const box = usedBox();
    void loaded().then(([{ toast }, { placed }]) => toast.custom(render, placed(box, options)));
  },
  dismiss: (...args: Parameters<SonnerToast["dismiss"]>): void => {
    void loaded().then(([{ toast }]) => toast.dismiss(...args));
  },
});
