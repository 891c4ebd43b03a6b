import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/Button";
import { reloadOffer, subscribeToReloadOffer } from "@/lib/appUpdate";

const useReloadOffer = () => useSyncExternalStore(subscribeToReloadOffer, reloadOffer, () => null);

/** "New version available — Reload", at the foot of the screen once there is one. */
export function UpdatePrompt() {
  const reload = useReloadOffer();
  if (reload === null) return null;
  return (
    <div
      role="status"
      className="fixed bottom-4 left-1/2 z-50 flex w-max -translate-x-1/2 items-center gap-3 rounded-full bg-night-800 py-2 pr-2 pl-5 text-sm font-semibold shadow-2xl ring-1 shadow-black/60 ring-night-600"
    >
      New version available
      <Button size="sm" onClick={reload}>
        Reload
      </Button>
    </div>
  );
}

/**
 * Where a screen whose code failed to load would be: online, the prompt above offers the reload
 * (a new version is the likely cause); offline, the app's offline banner says why.
 */
export function ScreenUpdateNotice() {
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center sm:py-24">
      <h1 className="font-display text-3xl font-extrabold tracking-tight">This page didn't load</h1>
      <p className="mt-3 text-cream-200">Reload Clink to open it.</p>
    </div>
  );
}
