import { useConvexAuth } from "convex/react";
import { useEffect, useSyncExternalStore } from "react";
import { deviceUserId, subscribeDeviceUser } from "@/lib/offline/deviceUser";
import { sendOutbox } from "@/lib/offline/outbox/outbox";

/**
 * Sends the signed-in user's queued taps (the outbox) while the server has confirmed them: from
 * one tab at a time, in the order they were made, each applied once. Renders nothing.
 */
export function OutboxSender() {
  const { isAuthenticated } = useConvexAuth();
  const userId = useSyncExternalStore(subscribeDeviceUser, deviceUserId, () => null);
  useEffect(() => {
    if (!isAuthenticated || userId === null) return;
    const controller = new AbortController();
    sendOutbox(controller.signal);
    return () => controller.abort();
  }, [isAuthenticated, userId]);
  return null;
}
