import { Children, isValidElement, type ReactNode } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";

/** Starts loading every lazy component in a route's element, wrappers (<ProtectedRoute>) included. */
function preloadElement(node: ReactNode, loading: Promise<unknown>[]): void {
  if (!isValidElement(node)) return;
  const preload = (node.type as { preload?: () => Promise<unknown> }).preload;
  if (preload) loading.push(preload());
  Children.forEach((node.props as { children?: ReactNode }).children, (child) =>
    preloadElement(child, loading),
  );
}

/** Starts loading the screens a path would show; resolves once they are loaded. */
export async function preloadPath(routes: RouteObject[], pathname: string): Promise<void> {
  const loading: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? [])
    preloadElement(match.route.element, loading);
  await Promise.all(loading);
}

const INTENT_EVENTS = ["pointerover", "focusin", "touchstart"] as const;

/**
 * Pointing at, focusing or touching an in-app link preloads its screen, so the click that
 * usually follows ~100–300 ms later finds the code already there. Returns the clean-up.
 */
export function preloadLinksOnIntent(routes: RouteObject[]): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (link instanceof HTMLAnchorElement && link.origin === window.location.origin)
      void preloadPath(routes, link.pathname);
  };
  for (const type of INTENT_EVENTS)
    document.addEventListener(type, onIntent, { passive: true, capture: true });
  return () => {
    for (const type of INTENT_EVENTS)
      document.removeEventListener(type, onIntent, { capture: true });
  };
}
