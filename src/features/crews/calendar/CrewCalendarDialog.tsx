import { CALENDAR_FEED_COPY } from "@shared/calendarFeedTexts";
import { Button } from "@/components/ui/Button";
import { CalendarFeedPanel } from "@/components/calendar/CalendarFeedPanel";
import { Modal } from "@/components/ui/Modal";
import type { CrewRef } from "../lib/types";

/** The crew page's "Calendar feed" (members only): the member's own address of the crew's sessions. */
export function CrewCalendarDialog({
  crew,
  open,
  onClose,
}: {
  crew: Pick<CrewRef, "_id" | "name">;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={CALENDAR_FEED_COPY.crewDialogTitle} size="md">
      <CalendarFeedPanel crew={crew} />
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </Modal>
  );
}
