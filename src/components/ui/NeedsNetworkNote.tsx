import type { NetworkNeed } from "@/lib/offline/networkNeed";
import { cn } from "@/lib/cn";

/**
 * Why a button is off, or what it waits for, while offline: the same words and the offline
 * banner's dot on every screen. The button points at it with `need.control`. A block span, so
 * it also fits inside a field's hint or a status line.
 */
export function NeedsNetworkNote({ need, className }: { need: NetworkNeed; className?: string }) {
  if (need.note === null) return null;
  return (
    <span id={need.noteId} className={cn("block text-sm text-cream-400", className)}>
      <span
        aria-hidden="true"
        className="mr-2 inline-block size-2 rounded-full bg-cream-400 align-middle"
      />
      {need.note}
    </span>
  );
}
