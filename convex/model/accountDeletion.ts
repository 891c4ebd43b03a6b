/**
 * Deleting an account (only its owner may, and everything of the account
 * goes): one registry of per-area clean-ups, run
 * first, then the profile (and its avatar file) and every auth row.
 *
 * A later area adds its own entry to ACCOUNT_CLEANUPS, e.g.
 *   { area: "events", cleanup: deleteEventDataOfUser }   // from ./eventCleanup
 * Each clean-up deletes (or anonymises) every row the user owns in that area
 * and the files those rows reference, and keeps maintained counters right.
 * They run in one mutation, in order, before the profile and users row go.
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { AccountCleanup } from "./batchedCleanup";
import { deleteCalendarDataOfUser } from "./calendarFeeds";
import { deleteCheckInsOfUser } from "./checkInRows";
import { deleteEmailLogsTo } from "./emails";
import { deleteEmailPreferencesOfUser } from "./emailPreferences";
import { resetSenderLimits } from "./senderLimits";
import { deleteBadgeDataOfUser } from "./badges";
import { deleteCrewAttendanceOfUser } from "./crewAttendance";
import { deleteCrewDataOfUser } from "./crewCleanup";
import { deleteTestGuestsOf } from "./debug";
import { deleteEventDataOfUser } from "./eventCleanup";
import { resetMagicLinkLimit } from "./magicLinks";
import { deleteReceiptsOfDeletedUser } from "./idempotency";
import { forgetNameOnTabs } from "./tab";
import { deletePushSubscriptionsOf } from "./push";
import { deleteRecapDataOfUser } from "./recapCleanup";
import { deleteStoredFile, getProfileByUserId } from "./profiles";

/** Every e-mail address the user signs in with (users.email and e-mail accounts). */
export async function emailAddressesOf(
  ctx: MutationCtx,
  userId: Id<"users">,
): Promise<Set<string>> {
  const addresses = new Set<string>();
  const user = await ctx.db.get("users", userId);
  if (user?.email) addresses.add(user.email);
  const accounts = await ctx.db
    .query("authAccounts")
    .withIndex("userIdAndProvider", (q) => q.eq("userId", userId))
    .collect();
  for (const account of accounts) {
    if (account.provider === "email") addresses.add(account.providerAccountId);
  }
  return addresses;
}

/**
 * E-mails sent to the user (the log and the local outbox: a batch here, the
 * rest in scheduled batches) and their send limits.
 */
const deleteEmailTraces: AccountCleanup = async (ctx, userId) => {
  const addresses = await emailAddressesOf(ctx, userId);
  await deleteEmailLogsTo(ctx, addresses);
  for (const address of addresses) await resetMagicLinkLimit(ctx, address);
  await deleteEmailPreferencesOfUser(ctx, userId);
  await resetSenderLimits(ctx, userId);
};

/**
 * The registry. Areas append their clean-up here (events, RSVPs, ratings,
 * photos, comments, crews, invitations, notifications, badges…).
 */
export const ACCOUNT_CLEANUPS: ReadonlyArray<{ area: string; cleanup: AccountCleanup }> = [
  { area: "emails", cleanup: deleteEmailTraces },
  { area: "events", cleanup: deleteEventDataOfUser },
  { area: "check-ins", cleanup: deleteCheckInsOfUser },
  { area: "recap", cleanup: deleteRecapDataOfUser },
  { area: "crews", cleanup: deleteCrewDataOfUser },
  { area: "crewAttendance", cleanup: deleteCrewAttendanceOfUser },
  { area: "badges", cleanup: deleteBadgeDataOfUser },
  { area: "push", cleanup: deletePushSubscriptionsOf },
  { area: "calendar feeds", cleanup: deleteCalendarDataOfUser },
  { area: "offline taps", cleanup: deleteReceiptsOfDeletedUser },
  // The tabs keep the person's balances (others' money really changed hands), without their name.
  { area: "tabs", cleanup: forgetNameOnTabs },
  // At most TEST_GUESTS_MAX (20) guests, each a sign-in-less account with little data.
  { area: "debug", cleanup: (ctx, userId) => deleteTestGuestsOf(ctx, userId, deleteAccount) },
];

/** The profile and its uploaded avatar. */
async function deleteProfile(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const profile = await getProfileByUserId(ctx, userId);
  if (profile === null) return;
  if (profile.avatarStorageId !== null) await deleteStoredFile(ctx, profile.avatarStorageId);
  await ctx.db.delete("user_profiles", profile._id);
}

/**
 * Every `@convex-dev/auth` row of the user: sessions with their refresh
 * tokens, accounts with their verification codes and failed-sign-in limits,
 * then the users row. (authVerifiers rows are short-lived OAuth PKCE
 * verifiers with no user index; they expire on their own.)
 */
async function deleteAuthRows(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const sessions = await ctx.db
    .query("authSessions")
    .withIndex("userId", (q) => q.eq("userId", userId))
    .collect();
  for (const session of sessions) {
    const refreshTokens = await ctx.db
      .query("authRefreshTokens")
      .withIndex("sessionId", (q) => q.eq("sessionId", session._id))
      .collect();
    for (const token of refreshTokens) await ctx.db.delete("authRefreshTokens", token._id);
    await ctx.db.delete("authSessions", session._id);
  }
  const accounts = await ctx.db
    .query("authAccounts")
    .withIndex("userIdAndProvider", (q) => q.eq("userId", userId))
    .collect();
  for (const account of accounts) {
    const codes = await ctx.db
      .query("authVerificationCodes")
      .withIndex("accountId", (q) => q.eq("accountId", account._id))
      .collect();
    for (const code of codes) await ctx.db.delete("authVerificationCodes", code._id);
    const limit = await ctx.db
      .query("authRateLimits")
      .withIndex("identifier", (q) => q.eq("identifier", account.providerAccountId))
      .unique();
    if (limit !== null) await ctx.db.delete("authRateLimits", limit._id);
    await ctx.db.delete("authAccounts", account._id);
  }
  if ((await ctx.db.get("users", userId)) !== null) await ctx.db.delete("users", userId);
}

/**
 * Deletes the account of `userId`: the registered clean-ups, then the
 * profile, then the auth rows. All in the caller's transaction.
 */
export async function deleteAccount(
  ctx: MutationCtx,
  userId: Id<"users">,
  cleanups: ReadonlyArray<{ area: string; cleanup: AccountCleanup }> = ACCOUNT_CLEANUPS,
): Promise<void> {
  for (const { cleanup } of cleanups) await cleanup(ctx, userId);
  await deleteProfile(ctx, userId);
  await deleteAuthRows(ctx, userId);
}
