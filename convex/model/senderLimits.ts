/**
 * Abuse limits per sender: invitations by name (50 an hour) and nudges (10 an
 * hour), through
 * the rate-limit buckets of ./rateLimits. A refusal throws RATE_LIMITED with
 * the wait, before anything is written.
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import {
  INVITATION_EMAIL_LIMIT,
  invitationRateLimitMessage,
  NUDGE_LIMIT,
  nudgeRateLimitMessage,
} from "../../shared/rateLimit";
import { appError } from "./errors";
import { resetRateLimit, takeToken } from "./rateLimits";

export const SENDER_LIMITS = {
  invitation: {
    bucket: "invitation_emails",
    config: INVITATION_EMAIL_LIMIT,
    message: invitationRateLimitMessage,
  },
  nudge: { bucket: "nudges", config: NUDGE_LIMIT, message: nudgeRateLimitMessage },
} as const;

export type SenderLimit = keyof typeof SENDER_LIMITS;

/** Takes `count` from the sender's bucket of `kind`, or throws RATE_LIMITED ('Too many invitations…'). */
export async function enforceSenderLimit(
  ctx: MutationCtx,
  kind: SenderLimit,
  senderId: Id<"users">,
  count: number = 1,
  now: number = Date.now(),
): Promise<void> {
  const limit = SENDER_LIMITS[kind];
  const result = await takeToken(ctx, limit.bucket, senderId, limit.config, now, count);
  if (!result.ok) {
    throw appError("RATE_LIMITED", limit.message(result.retryAfterMs), {
      retryAfterMs: result.retryAfterMs,
    });
  }
}

/** Account deletion: the sender's buckets go with them. */
export async function resetSenderLimits(ctx: MutationCtx, senderId: Id<"users">): Promise<void> {
  for (const limit of Object.values(SENDER_LIMITS))
    await resetRateLimit(ctx, limit.bucket, senderId);
}
