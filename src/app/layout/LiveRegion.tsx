import { useSyncExternalStore } from "react";
import { announcements, subscribeToAnnouncements } from "@/lib/announce";

const NONE: ReturnType<typeof announcements> = [];
const none = () => NONE;

/**
 * The app's one polite live region: what `announce()` says (a new page, a new notification, a
 * count that changed, the outcome of a tap). Each message is its own line, so quick ones are all read.
 */
export function LiveRegion() {
  const messages = useSyncExternalStore(subscribeToAnnouncements, announcements, none);
  return (
    <div id="live-region" aria-live="polite" aria-relevant="additions" className="sr-only">
      {messages.map((message) => (
        <p key={message.id}>{message.text}</p>
      ))}
    </div>
  );
}
