import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/Button";
import { reloadOffer, subscribeToReloadOffer } from "@/lib/appUpdate";

const useReloadOffer = () => useSyncExternalStore(subscribeToReloadOffer, reloadOffer, () => null);

/** "New version available — Reload", at the foot of the screen once there is one. */
export function UpdatePrompt() {
  const reload = useReloadOffer();
  if (reload === null) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-3">
      <div
        role="status"
        className="pointer-events-auto flex items-center gap-3 rounded-full bg-night-800 py-2 pr-2 pl-5 text-cream-50 shadow-2xl ring-1 shadow-black/60 ring-night-600"
      >
        <p className="text-sm font-semibold">New version available</p>
        <Button size="sm" onClick={reload}>
          Reload
        </Button>
      </div>
    </div>
  );
}

/**
 * Where a screen whose code failed to load would be. Online the prompt offers the reload; with
 * no network the code simply isn't on this device yet.
 */
export function ScreenUpdateNotice() {
  const offline = !navigator.onLine;
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center sm:py-24">
      <h1 className="font-display text-3xl font-extrabold tracking-tight text-balance">
        {offline ? "This page isn't on this device yet" : "Clink has been updated"}
      </h1>
      <p className="mt-3 text-cream-200">
        {offline
          ? "It opens once you're back online."
          : "Reload to open this page in the new version."}
      </p>
    </div>
  );
}
