import { useId } from "react";
import { networkNeed, type NetworkNeed } from "./networkNeed";
import { useOnline } from "./useConnectionLost";

/**
 * How a button whose action needs the server behaves offline (see networkNeed): pass what it
 * does ("creating a session") and whether its request is out; show the note with
 * <NeedsNetworkNote>. Everything comes back by itself with the connection.
 */
export function useNetworkNeeded(action: string, busy = false): NetworkNeed {
  const online = useOnline();
  const noteId = useId();
  return networkNeed({ action, online, busy, noteId });
}
