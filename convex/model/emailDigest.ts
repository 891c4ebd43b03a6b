/**
 * Daily and weekly digests: a message whose `emailDecision` is "digest" is
 * queued here instead of sent, and one scheduled job per user (no polling)
 * sends everything queued at their next morning (08:00 in the time zone
 * their browser reported, UTC otherwise; Mondays for weekly).
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { nextDigestTime, type EmailCategory } from "../../shared/emailPreferences";
import { ensureEmailPreferencesRow, getEmailPreferencesRow } from "./emailPreferenceRow";
import { cancelIfPending } from "./scheduledJobs";

export type DigestItemInput = {
  category: EmailCategory;
  title: string;
  detail: string;
  /** Absolute link to the app. */
  url: string;
  /** Left out once this time has passed (e.g. the session started); null: never. */
  expiresAt: number | null;
};

export type DigestItemDoc = Doc<"email_digest_items">;

/** Items one digest e-mail lists; the rest are counted ("and 3 more"). */
export const DIGEST_LISTED_MAX = 20;
/** Items one digest run takes off the queue (the rest wait for the next one). */
export const DIGEST_BATCH_MAX = 200;

/** Keeps a message for the user's next digest, planning the digest if none is pending. */
export async function queueDigestItem(
  ctx: MutationCtx,
  userId: Id<"users">,
  item: DigestItemInput,
): Promise<void> {
  await ctx.db.insert("email_digest_items", { userId, ...item });
  const row = await ensureEmailPreferencesRow(ctx, userId);
  if (row.digestJobId !== null) return;
  await planDigest(ctx, row);
}

/** Schedules the digest job for `row`'s frequency (or sends at once when digests were turned off). */
async function planDigest(ctx: MutationCtx, row: Doc<"email_preferences">): Promise<void> {
  const frequency = row.emailFrequency;
  const when =
    frequency === "daily" || frequency === "weekly"
      ? nextDigestTime(Date.now(), frequency, row.timeZone)
      : Date.now();
  const jobId = await ctx.scheduler.runAt(when, internal.emailDigest.send, {
    userId: row.userId,
  });
  await ctx.db.patch("email_preferences", row._id, { digestJobId: jobId });
}

/**
 * After the frequency or time zone changed (or the account went): the pending
 * digest is cancelled; what is queued goes at the new time — at once when
 * switched to immediate, never when switched to never (dropped).
 */
export async function rescheduleDigest(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const row = await getEmailPreferencesRow(ctx, userId);
  if (row === null) {
    await deleteDigestItems(ctx, userId, DIGEST_BATCH_MAX);
    return;
  }
  await cancelIfPending(ctx, row.digestJobId);
  await ctx.db.patch("email_preferences", row._id, { digestJobId: null });
  if (row.emailFrequency === "never") {
    await deleteDigestItems(ctx, userId, DIGEST_BATCH_MAX);
    return;
  }
  const queued = await ctx.db
    .query("email_digest_items")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .first();
  if (queued !== null) await planDigest(ctx, { ...row, digestJobId: null });
}

async function deleteDigestItems(
  ctx: MutationCtx,
  userId: Id<"users">,
  limit: number,
): Promise<DigestItemDoc[]> {
  const items = await ctx.db
    .query("email_digest_items")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .take(limit);
  for (const item of items) await ctx.db.delete("email_digest_items", item._id);
  return items;
}

export type DigestContent = {
  to: string;
  frequency: "daily" | "weekly";
  items: DigestItemInput[];
  /** Items beyond DIGEST_LISTED_MAX. */
  moreCount: number;
};

/**
 * The scheduled digest run: takes the queued items off the queue and returns
 * what the e-mail lists (still-current items, oldest first), or null when
 * there is nothing to send or nowhere to send it.
 */
export async function takeDigest(
  ctx: MutationCtx,
  userId: Id<"users">,
  now: number = Date.now(),
): Promise<DigestContent | null> {
  const row = await getEmailPreferencesRow(ctx, userId);
  if (row !== null) await ctx.db.patch("email_preferences", row._id, { digestJobId: null });
  const taken = await deleteDigestItems(ctx, userId, DIGEST_BATCH_MAX);
  // Whatever did not fit waits for the next digest.
  if (taken.length === DIGEST_BATCH_MAX && row !== null) await planDigest(ctx, row);
  const current = taken.filter((item) => item.expiresAt === null || item.expiresAt > now);
  const user = await ctx.db.get("users", userId);
  if (current.length === 0 || !user?.email || row?.emailFrequency === "never") return null;
  return {
    to: user.email,
    frequency: row?.emailFrequency === "weekly" ? "weekly" : "daily",
    items: current
      .slice(0, DIGEST_LISTED_MAX)
      .map(({ category, title, detail, url, expiresAt }) => ({
        category,
        title,
        detail,
        url,
        expiresAt,
      })),
    moreCount: Math.max(0, current.length - DIGEST_LISTED_MAX),
  };
}
