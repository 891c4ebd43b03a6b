import { useEffect, useRef } from "react";

/**
 * Has the live region say the new count when someone else joins or leaves the session on screen
 * ("4 attending"). The viewer's own join or leave is said by its toast, so a change that comes
 * with the viewer's own attendance changing is not said again.
 */
export function useAttendanceAnnouncement(
  eventId: string,
  count: number,
  viewerAttends: boolean,
  text: string,
) {
  const shown = useRef({ eventId, count, viewerAttends });
  useEffect(() => {
    const before = shown.current;
    shown.current = { eventId, count, viewerAttends };
    const othersChanged =
      eventId === before.eventId &&
      count !== before.count &&
      viewerAttends === before.viewerAttends;
    // The live region's code loads with the shell after the first paint, not with this page.
    if (othersChanged) void import("@/lib/announce").then(({ announce }) => announce(text));
  }, [eventId, count, viewerAttends, text]);
}
