import { useMutation } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CHECK_IN_MESSAGES, clockOf } from "@shared/checkInRules";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { toast } from "@/lib/toast";
import type { CheckInView } from "./checkInView";

const WATCHED_STATUS: Record<CheckInView["status"], (checkIn: CheckInView) => string> = {
  waiting: (c) => `${c.owner.displayName} checks in by ${clockOf(c.dueAt)}.`,
  reminded: (c) => `${c.owner.displayName} was due to check in at ${clockOf(c.dueAt)}.`,
  alerted: (c) =>
    `${c.owner.displayName} said they'd be home by ${clockOf(c.dueAt)} and hasn't checked in.${c.lastStop ? ` Last stop: ${c.lastStop}.` : ""}`,
  home: (c) => `✅ ${c.owner.displayName} got home safe.`,
  fine: (c) => `✅ ${c.closedBy?.displayName ?? "A buddy"} says ${c.owner.displayName} is fine.`,
};

/** A check-in the viewer is a buddy of: where it stands, and while its alert is out, "they're fine". */
export function WatchedCheckIn({ checkIn }: { checkIn: CheckInView }) {
  const alerted = checkIn.status === "alerted";
  return (
    <li
      className={
        alerted
          ? "flex flex-col gap-3 rounded-2xl bg-amber-950/60 p-4 ring-1 ring-amber-700/60"
          : "rounded-2xl bg-night-900/70 p-3 ring-1 ring-night-700"
      }
    >
      {alerted && (
        <p className="font-display text-base font-extrabold text-amber-100">
          ⚠️ {checkIn.owner.displayName} hasn&apos;t checked in
        </p>
      )}
      <p className={alerted ? "text-amber-50" : "text-sm text-cream-200"}>
        {WATCHED_STATUS[checkIn.status](checkIn)}
      </p>
      {alerted && <MarkFineButton checkInId={checkIn._id} />}
    </li>
  );
}

/** "I'm with them / they're fine": closes the alert for every buddy. */
export function MarkFineButton({ checkInId }: { checkInId: Id<"check_ins"> }) {
  const markFine = useMutation(api.checkIns.markFine);
  const [busy, setBusy] = useState(false);
  const network = useNetworkNeeded("closing the alert", busy);

  async function onClick() {
    if (busy || network.blocked) return;
    setBusy(true);
    try {
      await markFine({ checkInId });
      toast.success(CHECK_IN_MESSAGES.markedFine);
    } catch (error) {
      toast.error(errorMessage(error, CHECK_IN_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button className="self-start" onClick={() => void onClick()} {...network.control}>
        {busy ? network.busyLabel("Closing…") : CHECK_IN_MESSAGES.markFine}
      </Button>
      <NeedsNetworkNote need={network} />
    </div>
  );
}
