import { useEffect } from "react";
import { DEFAULT_TITLE } from "@shared/brand";

/**
 * Sets document.title while the calling page is mounted, then falls back to the
 * default so pages that don't set a title never show a stale one.
 */
export function usePageTitle(title: string = DEFAULT_TITLE): void {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}
