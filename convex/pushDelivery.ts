"use node";
/**
 * Sends a push to every device of a user with the Web Push protocol
 * (RFC 8030, VAPID RFC 8292, payload encrypted per RFC 8291 aes128gcm) —
 * `web-push` builds the request, `fetch` sends it. Devices whose push service
 * answers 404 or 410 are gone and removed; other failures are ignored (push is best effort).
 */
import webpush from "web-push";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction } from "./_generated/server";
import { PUSH_TTL_SECONDS } from "../shared/pushRules";
import { vapidKeys, type VapidKeys } from "./model/push";

type Device = { endpoint: string; keys: { p256dh: string; auth: string } };
type Outcome = "sent" | "expired" | "failed";

const SEND_TIMEOUT_MS = 10_000;

async function sendTo(device: Device, payload: string, vapid: VapidKeys): Promise<Outcome> {
  try {
    const request = webpush.generateRequestDetails(device, payload, {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: "aes128gcm",
    });
    const headers: Record<string, string> = {};
    // fetch sets Content-Length itself.
    for (const [name, value] of Object.entries(request.headers)) {
      if (name.toLowerCase() !== "content-length") headers[name] = String(value);
    }
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (response.status === 404 || response.status === 410) return "expired";
    return response.ok ? "sent" : "failed";
  } catch {
    return "failed";
  }
}

export const sendToUser = internalAction({
  args: {
    userId: v.id("users"),
    payload: v.object({ title: v.string(), body: v.string(), url: v.string(), tag: v.string() }),
  },
  handler: async (ctx, { userId, payload }): Promise<Record<Outcome, number>> => {
    const counts: Record<Outcome, number> = { sent: 0, expired: 0, failed: 0 };
    const vapid = vapidKeys();
    if (vapid === null) return counts;
    const devices = await ctx.runQuery(internal.push.devicesOf, { userId });
    const body = JSON.stringify(payload);
    await Promise.all(
      devices.map(async (device) => {
        const outcome = await sendTo(device, body, vapid);
        counts[outcome] += 1;
        if (outcome === "expired") {
          await ctx.runMutation(internal.push.removeExpired, { subscriptionId: device._id });
        }
      }),
    );
    return counts;
  },
});
