import type { toast as sonnerToast } from "sonner";
import { announce } from "./announce";

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

type Message = Parameters<SonnerToast>[0];
type Options = NonNullable<Parameters<SonnerToast>[1]> & {
  /**
   * What the live region says for this toast: its text by default; other words, or false when the
   * caller has said it already.
   */
  announce?: string | false;
};

type Position = NonNullable<Options["position"]>;

/** From this width (Tailwind's lg) pages lay their main actions out in a column on the right. */
const WIDE_SCREEN = "(min-width: 1024px)";

/**
 * Where a new toast goes so it never lies over the control just used (the focused one, e.g. the
 * Leave button that replaced Join): along the bottom, or along the top when that control sits in
 * the screen's lower half; on wide screens at the bottom, in the corner across from it (so the
 * session page's action column, top right, stays clear).
 */
export function toastPosition(
  used: { left: number; right: number; top: number; bottom: number } | null,
  screen: { width: number; height: number; wide: boolean },
): Position {
  const centre = used ? { x: (used.left + used.right) / 2, y: (used.top + used.bottom) / 2 } : null;
  if (screen.wide) return centre && centre.x < screen.width / 2 ? "bottom-right" : "bottom-left";
  return centre && centre.y > screen.height / 2 ? "top-center" : "bottom-center";
}

// The control last pressed or focused: a button busy with its action is disabled, which takes
// focus away from it just as its toast is raised.
let lastUsed: Element | null = null;
const noteUse = (event: Event) => {
  lastUsed = event.target instanceof Element ? event.target : null;
};
// (No document when the build prerenders the first screen.)
if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", noteUse, true);
  document.addEventListener("focusin", noteUse, true);
}

function placeNow(): Position {
  const focused = document.activeElement !== document.body ? document.activeElement : null;
  const used = lastUsed?.isConnected ? lastUsed : focused;
  return toastPosition(used ? used.getBoundingClientRect() : null, {
    width: window.innerWidth,
    height: window.innerHeight,
    wide: window.matchMedia(WIDE_SCREEN).matches,
  });
}

/** The toast's text, for the live region (a message or description that is not text is left out). */
function textOf(message: Message, options?: Options): string {
  const parts = [message, options?.description].filter(
    (part): part is string => typeof part === "string" && part.trim() !== "",
  );
  // A pause between the message and its description, without doubling its own punctuation.
  return parts
    .map((part, index) => (index < parts.length - 1 && !/[.!?…]$/.test(part) ? `${part}.` : part))
    .join(" ");
}

/**
 * A toast with words: sonner's own live region is silenced (see AppToaster), so the words are
 * said once, through the app's live region, with everything else the app announces.
 */
function spoken(kind: "message" | "success" | "error" | "warning") {
  return (message: Message, options?: Options): void => {
    const { announce: words, ...data } = options ?? {};
    if (words !== false) announce(words ?? textOf(message, options));
    const placed = { position: placeNow(), ...data };
    void sonner().then(({ toast }) => (kind === "message" ? toast : toast[kind])(message, placed));
  };
}

/**
 * sonner's `toast`, for the whole app: the same calls (they return nothing; pass `id` in the
 * options to refer to a toast later), each toast's words said once by the live region. A custom
 * toast has no words: its caller announces it.
 */
export const toast = Object.assign(spoken("message"), {
  success: spoken("success"),
  error: spoken("error"),
  warning: spoken("warning"),
  custom: (...[render, options]: Parameters<SonnerToast["custom"]>): void => {
    const placed = { position: placeNow(), ...options };
    void sonner().then(({ toast }) => toast.custom(render, placed));
  },
  dismiss: (...args: Parameters<SonnerToast["dismiss"]>): void => {
    void sonner().then(({ toast }) => toast.dismiss(...args));
  },
});
