import type { ExternalToast } from "sonner";

type Position = NonNullable<ExternalToast["position"]>;
type Box = { left: number; right: number; top: number; bottom: number };

/** From this width (Tailwind's lg) pages lay their main actions out in a column on the right. */
const WIDE_SCREEN = "(min-width: 1024px)";

/**
 * Where a new toast goes so it never lies over the control just used (e.g. the Leave button
 * that replaced Join): along the bottom, or along the top when that control sits in the screen's
 * lower half; on wide screens at the bottom, in the corner across from it (so the session page's
 * action column, top right, stays clear).
 */
export function toastPosition(
  used: Box | null,
  screen: { width: number; height: number; wide: boolean },
): Position {
  const centre = used ? { x: (used.left + used.right) / 2, y: (used.top + used.bottom) / 2 } : null;
  if (screen.wide) return centre && centre.x < screen.width / 2 ? "bottom-right" : "bottom-left";
  return centre && centre.y > screen.height / 2 ? "top-center" : "bottom-center";
}

/**
 * The toast's options with its place on this screen (a place it was given wins).
 * @public (called through the dynamic import in ./toast.ts)
 */
export function placed<Options extends ExternalToast>(used: Box | null, options?: Options) {
  const position = toastPosition(used, {
    width: window.innerWidth,
    height: window.innerHeight,
    wide: window.matchMedia(WIDE_SCREEN).matches,
  });
  return { position, ...options };
}
