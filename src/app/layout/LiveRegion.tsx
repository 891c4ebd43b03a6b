import { useSyncExternalStore } from "react";
import { announcements, subscribeToAnnouncements } from "@/lib/announce";
import { useFocusKeeper, useRouteFocus } from "./useFocusManagement";

const NONE: ReturnType<typeof announcements> = [];
const none = () => NONE;

/**
 * The app's one polite live region: what `announce()` says (a new page, a new notification, a
 * count that changed, the outcome of a tap). Each message is its own line, so quick ones are all
 * read. With it, where focus goes on a new page and when the focused thing goes away.
 */
export function LiveRegion() {
  useRouteFocus();
  useFocusKeeper();
  const messages = useSyncExternalStore(subscribeToAnnouncements, announcements, none);
  return (
    // The same element the shell shows until this part has loaded.
    <div id="live-region" aria-live="polite" aria-relevant="additions" className="sr-only">
      {messages.map((message) => (
        <p key={message.id}>{message.text}</p>
      ))}
    </div>
  );
}
