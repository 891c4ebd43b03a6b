import { useEffect, useLayoutEffect, useRef } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router-dom";
import { readStorage, writeStorage } from "@/lib/storage";

const STORAGE_KEY = "clink-scroll-positions";

/** Where each history entry (location.key) was left; read once, saved when the tab is left. */
let positions: Map<string, number> | undefined;
let currentKey = "";

function storedPositions(): Map<string, number> {
  const raw = readStorage("session", STORAGE_KEY);
  try {
    return new Map(Object.entries(JSON.parse(raw ?? "{}") as Record<string, number>));
  } catch {
    return new Map();
  }
}

/**
 * What React Router's <ScrollRestoration> does for a data router: a new page opens at the top
 * (or at its #hash), and back, forward or a reload return to where that entry was left.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    // Recorded while scrolling: once a navigation commits, the next page (often shorter, or a
    // skeleton) has already clamped the old position.
    const onScroll = () => positions?.set(currentKey, window.scrollY);
    const onPageHide = () => {
      // Left for another document (a reload, or a link followed before the app started): exactly here.
      positions?.set(currentKey, window.scrollY);
      writeStorage("session", STORAGE_KEY, JSON.stringify(Object.fromEntries(positions ?? [])));
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onPageHide);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  const started = useRef(false);
  useLayoutEffect(() => {
    positions ??= storedPositions();
    currentKey = location.key;
    const first = !started.current;
    started.current = true;
    // The page was scrolled before the app started (the landing page paints and scrolls before
    // its scripts run): the visitor's place wins over a saved one or the top.
    if (first && window.scrollY > 0) {
      positions.set(currentKey, window.scrollY);
      return;
    }
    const saved = navigationType === NavigationType.Pop ? positions.get(location.key) : undefined;
    const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, navigationType]);
}
