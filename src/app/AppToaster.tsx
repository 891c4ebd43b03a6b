import type { CSSProperties } from "react";
import { Toaster } from "sonner";

// Sonner's dark theme reads these variables; point them at the Clink palette.
const paletteVariables = {
  "--normal-bg": "var(--color-night-800)",
  "--normal-border": "var(--color-night-600)",
  "--normal-text": "var(--color-cream-50)",
} as CSSProperties;

/**
 * The one toast outlet: call `toast()` from "@/lib/toast" anywhere in the app. Each toast's
 * corner is chosen as it is raised, away from the control just used (lib/toast.ts).
 */
export function AppToaster() {
  return (
    <Toaster
      position="bottom-center"
      theme="dark"
      // Given, sonner does not read the page's computed direction (a style recalculation) on
      // every render of the toaster.
      dir="ltr"
      closeButton
      duration={5000}
      visibleToasts={3}
      gap={14}
      // At the top, below the 64 px nav bar, so a toast never covers the menu or account button;
      // at the bottom, above a phone's home indicator.
      offset={{ top: 76, right: 24, bottom: 24, left: 24 }}
      mobileOffset={{
        top: 72,
        left: 12,
        right: 12,
        bottom: "calc(12px + env(safe-area-inset-bottom))",
      }}
      style={paletteVariables}
    />
  );
}
