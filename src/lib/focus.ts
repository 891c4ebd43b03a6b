const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first element inside `root` that Tab would reach (shown, not disabled), if any. */
export function firstTabbable(root: ParentNode): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (element.tabIndex >= 0 && element.getClientRects().length > 0) return element;
  }
  return null;
}

/**
 * The page's main heading (made focusable from script only), or the main landmark when the page
 * has none: where focus goes when a new page opens or the focused thing disappears.
 */
export function mainHeading(): HTMLElement | null {
  const main = document.getElementById("main-content");
  const heading = main?.querySelector<HTMLElement>("h1") ?? null;
  if (heading && !heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  return heading ?? main;
}
