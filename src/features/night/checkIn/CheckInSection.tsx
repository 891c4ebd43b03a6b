import { useState } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CHECK_IN_MESSAGES, clockOf, isOpenCheckIn } from "@shared/checkInRules";
import { errorMessage } from "@shared/errors";
import { HomeSafeButton } from "@/components/checkIn/HomeSafeButton";
import { Button } from "@/components/ui/Button";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { SectionCard } from "@/components/ui/SectionCard";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { toast } from "@/lib/toast";
import { namesOf, type CheckInView } from "./checkInView";
import { StartCheckInForm } from "./StartCheckInForm";
import { WatchedCheckIn } from "./WatchedCheckIn";

/**
 * "Got home safe" on the session page: the viewer's own check-in (the big Home safe button
 * while it is open, Cancel), turning one on, and the check-ins they are a buddy of, with the
 * alert's "they're fine". Only the person and their buddies ever see a check-in; the server
 * answers null for everyone else, and nothing shows.
 */
export function CheckInSection({ eventId }: { eventId: Id<"events"> }) {
  const view = useCachedQuery(api.checkIns.forEvent, { eventId });
  const [starting, setStarting] = useState(false);
  if (view === undefined || view === null) return null;
  if (view.mine === null && view.watching.length === 0 && !view.canStart) return null;

  return (
    <SectionCard title={CHECK_IN_MESSAGES.title} id="check-in">
      <div className="flex flex-col gap-5">
        {view.mine !== null && <OwnCheckIn eventId={eventId} checkIn={view.mine} />}
        {view.canStart &&
          (starting ? (
            <StartCheckInForm eventId={eventId} view={view} onDone={() => setStarting(false)} />
          ) : (
            <div className="flex flex-col gap-3">
              {view.mine === null && (
                <p className="text-sm text-cream-200">{CHECK_IN_MESSAGES.intro}</p>
              )}
              <Button variant="secondary" className="self-start" onClick={() => setStarting(true)}>
                {CHECK_IN_MESSAGES.start}
              </Button>
            </div>
          ))}
        {view.watching.length > 0 && (
          <ul aria-label="Buddies' check-ins" className="flex flex-col gap-3">
            {view.watching.map((checkIn) => (
              <WatchedCheckIn key={checkIn._id} checkIn={checkIn} />
            ))}
          </ul>
        )}
      </div>
    </SectionCard>
  );
}

const OWN_STATUS: Record<CheckInView["status"], (checkIn: CheckInView) => string> = {
  waiting: (c) => `Check in by ${clockOf(c.dueAt)}. Buddies: ${namesOf(c.buddies)}.`,
  reminded: (c) =>
    `Your time (${clockOf(c.dueAt)}) has passed: tap Home safe, or ${namesOf(c.buddies)} hear about it soon.`,
  alerted: (c) =>
    `${namesOf(c.buddies)} were told you haven't checked in. Tap Home safe if you're OK.`,
  home: () => "✅ You checked in: home safe.",
  fine: (c) => `✅ ${c.closedBy?.displayName ?? "A buddy"} said you're fine.`,
};

function OwnCheckIn({ eventId, checkIn }: { eventId: Id<"events">; checkIn: CheckInView }) {
  const open = isOpenCheckIn(checkIn.status);
  const cancel = useMutation(api.checkIns.cancel);
  const [busy, setBusy] = useState(false);
  const network = useNetworkNeeded("cancelling a check-in", busy);

  async function onCancel() {
    if (busy || network.blocked) return;
    setBusy(true);
    try {
      await cancel({ eventId });
      toast.success(CHECK_IN_MESSAGES.cancelled);
    } catch (error) {
      toast.error(errorMessage(error, CHECK_IN_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <p
        className={
          checkIn.status === "waiting" || !open
            ? "text-cream-50"
            : "rounded-2xl bg-amber-950/60 p-3 font-semibold text-amber-100 ring-1 ring-amber-700/60"
        }
      >
        {OWN_STATUS[checkIn.status](checkIn)}
      </p>
      {open && (
        <>
          <HomeSafeButton eventId={eventId} />
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="ghost" size="sm" onClick={() => void onCancel()} {...network.control}>
              {busy ? network.busyLabel("Cancelling…") : CHECK_IN_MESSAGES.cancel}
            </Button>
            <NeedsNetworkNote need={network} />
          </div>
        </>
      )}
    </div>
  );
}
