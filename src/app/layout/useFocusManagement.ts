import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { announce } from "@/lib/announce";
import { firstTabbable, mainHeading } from "@/lib/focus";

/** How long a new page may take to show its heading (a lazy chunk, a first query). */
const HEADING_WAIT_MS = 5000;
/**
 * A page sets its title in an effect once its data is there, which can run after the frame that
 * shows its heading: the title is read this long after.
 */
const TITLE_SETTLE_MS = 400;

/** The dialog on top (opened last), if one is open: focus belongs inside it. */
function topDialog(): Element | null {
  const dialogs = document.querySelectorAll('[role="dialog"]');
  return dialogs[dialogs.length - 1] ?? null;
}

/**
 * Focus is in something the person opened (a popover or menu open, its button included, e.g. the
 * bell tapped while the page was still loading): a page arriving does not take it away.
 */
function focusInOpenedPart(): boolean {
  const active = document.activeElement;
  return (
    active !== null &&
    active !== document.body &&
    active.closest('[aria-expanded="true"], [data-open]') !== null
  );
}

/**
 * Another page (not the first one loaded): once its main heading is there, focus moves to it and
 * the live region says the page's title, as a page load would for a screen reader. An open
 * dialog, popover or menu keeps its focus.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const main = document.getElementById("main-content");
    if (!main) return;
    let frame = 0;
    let titleRead = 0;
    const arrive = () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
      frame = requestAnimationFrame(() => {
        if (!topDialog() && !focusInOpenedPart()) mainHeading()?.focus({ preventScroll: true });
      });
      titleRead = window.setTimeout(() => announce(document.title), TITLE_SETTLE_MS);
    };
    const giveUp = window.setTimeout(arrive, HEADING_WAIT_MS);
    const observer = new MutationObserver(() => {
      if (main.querySelector("h1")) arrive();
    });
    if (main.querySelector("h1")) arrive();
    else observer.observe(main, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
      window.clearTimeout(titleRead);
      cancelAnimationFrame(frame);
    };
  }, [pathname]);
}

/**
 * Focus never falls to the page itself: when the focused element leaves the page (a wizard's
 * step, a button replaced by another, a list item removed), focus moves to the first control
 * left in the nearest part still shown, else to the page's heading; a button disabled while its
 * action runs (which drops focus) gets it back once enabled, unless the person has moved on.
 */
export function useFocusKeeper(): void {
  useEffect(() => {
    let lastFocused: Element[] = [];
    let disabledWhileFocused = false;
    const onFocusIn = (event: FocusEvent) => {
      disabledWhileFocused = false;
      lastFocused = [];
      for (let node = event.target as Element | null; node; node = node.parentElement)
        lastFocused.push(node);
    };
    // A press elsewhere is the person moving on: nothing is given focus back after it.
    const onPointerDown = () => {
      lastFocused = [];
    };
    // A frame after the change: Headless UI's dialogs place focus themselves (opening, closing)
    // and go first; only focus nobody placed is recovered.
    let frame = 0;
    const recover = () => {
      frame = 0;
      const last = lastFocused[0];
      if (document.activeElement !== document.body || !last) return;
      const dialog = topDialog();
      // Still there, not in a dialog that is closing or behind the one on top.
      const usable = (node: Element) =>
        node.isConnected &&
        node !== document.body &&
        (!dialog || dialog.contains(node)) &&
        !node.closest("[data-closed], [data-leave], [inert]");
      if (last.isConnected) {
        if (disabledWhileFocused && !last.matches(":disabled") && usable(last))
          (last as HTMLElement).focus({ preventScroll: true });
        return;
      }
      // The nearest part still shown.
      const kept = lastFocused.find(usable);
      lastFocused = [];
      const next =
        (kept && firstTabbable(kept)) ?? (dialog ? firstTabbable(dialog) : mainHeading());
      next?.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(() => {
      const last = lastFocused[0];
      if (!last) return;
      // Seen as it happens: a busy spell may be over before the next frame.
      if (document.activeElement === document.body && last.matches(":disabled"))
        disabledWhileFocused = true;
      if (frame === 0) frame = requestAnimationFrame(recover);
    });
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("pointerdown", onPointerDown, true);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["disabled"],
    });
    return () => {
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("pointerdown", onPointerDown, true);
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
}
