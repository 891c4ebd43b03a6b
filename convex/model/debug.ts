/**
 * Debug and test pages (spec 3, DESIGN.md): on by default on a local backend,
 * off elsewhere unless the deployment sets CLINK_DEBUG_PAGES=true.
 * CLINK_DEBUG_PAGES=false turns them off on a local backend too.
 */
import type { Id } from "../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../_generated/server";
import { BADGE_CATALOGUE, badgeTarget } from "../../shared/badgeCatalogue";
import { APP_NAME } from "../../shared/brand";
import { DEBUG_LIMITS, DEBUG_MESSAGES } from "../../shared/debugPages";
import { ERROR_MESSAGES } from "../../shared/errors";
import { escapeHtml } from "../../shared/html";
import type { NotificationType } from "../../shared/notificationRules";
import { progressRowsOf, userBadgesOf } from "./badges";
import { appError } from "./errors";
import { notificationView, unreadCount } from "./notifications";
import { getProfileByUserId } from "./profiles";

const LOCAL_DEPLOYMENT_URL = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/;

export function isLocalDeployment(): boolean {
  return LOCAL_DEPLOYMENT_URL.test(env.CONVEX_CLOUD_URL ?? "");
}

export function isDebugPagesEnabled(): boolean {
  const setting = env.CLINK_DEBUG_PAGES?.trim().toLowerCase();
  if (setting === "true") return true;
  if (setting === "false") return false;
  return isLocalDeployment();
}

/** Throws DEBUG_PAGES_DISABLED unless debug pages are enabled on this deployment. */
export function requireDebugPagesEnabled(): void {
  if (!isDebugPagesEnabled())
    throw appError("DEBUG_PAGES_DISABLED", ERROR_MESSAGES.debugPagesDisabled);
}

// ---------------------------------------------------------------- helpers of convex/debug.ts

/** The caller's latest notifications (50), counted by type, with the bell's counter. */
export async function notificationDiagnostics(ctx: QueryCtx, userId: Id<"users">) {
  const rows = await ctx.db
    .query("notifications")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .order("desc")
    .take(DEBUG_LIMITS.notificationDiagnostics);
  const byType: Partial<Record<NotificationType, number>> = {};
  for (const row of rows) byType[row.type] = (byType[row.type] ?? 0) + 1;
  return {
    notifications: rows.map(notificationView),
    byType,
    unread: await unreadCount(ctx, userId),
  };
}

/** A test event is one the caller created; anyone else's reads as 'Event not found'. */
export async function requireOwnTestEvent(
  ctx: QueryCtx,
  userId: Id<"users">,
  eventId: Id<"events">,
) {
  const event = await ctx.db.get("events", eventId);
  if (event === null || event.createdBy !== userId)
    throw appError("NOT_FOUND", DEBUG_MESSAGES.eventNotFound);
  return event;
}

const EVENT_MEMBERS_SHOWN = 20;

/** A test event's members with their names ('Unknown User' without a profile). */
export async function eventMembersForDebug(ctx: QueryCtx, eventId: Id<"events">) {
  const members = await ctx.db
    .query("event_members")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId))
    .take(EVENT_MEMBERS_SHOWN);
  return await Promise.all(
    members.map(async (member) => ({
      _id: member._id,
      role: member.role,
      status: member.status,
      displayName: (await getProfileByUserId(ctx, member.userId))?.displayName ?? "Unknown User",
      invitationSentAt: member.invitationSentAt,
      invitationRespondedAt: member.invitationRespondedAt,
    })),
  );
}

/** The caller's next hosted session that has not ended, and up to 3 other people. */
export async function testInvitationSetup(ctx: QueryCtx, userId: Id<"users">) {
  const event = await ctx.db
    .query("events")
    .withIndex("by_created_by_and_end_time", (q) =>
      q.eq("createdBy", userId).gt("endTime", Date.now()),
    )
    .first();
  const profiles = await ctx.db
    .query("user_profiles")
    .order("desc")
    .take(DEBUG_LIMITS.testUsers + 1);
  return {
    testEvent:
      event === null ? null : { _id: event._id, title: event.title, startTime: event.startTime },
    testUsers: profiles
      .filter((profile) => profile.userId !== userId)
      .slice(0, DEBUG_LIMITS.testUsers)
      .map((profile) => ({
        userId: profile.userId,
        displayName: profile.displayName ?? profile.username,
        username: profile.username,
      })),
  };
}

/** The test e-mail's subject and bodies. */
export function testEmail(to: string): { subject: string; html: string; text: string } {
  const subject = `${APP_NAME} test e-mail`;
  const text = `This is a test e-mail from the ${APP_NAME} debug pages, sent to ${to}. If it arrived, e-mail works.`;
  return { subject, text, html: `<p>${escapeHtml(text)}</p>` };
}

const SAMPLE_PROGRESS_BADGES = 3;

/** Half-way progress rows on up to 3 catalogue badges the user has neither earned nor started. */
export async function createSampleProgress(ctx: MutationCtx, userId: Id<"users">): Promise<number> {
  const taken = new Set([
    ...(await userBadgesOf(ctx, userId)).map((row) => row.badgeKey),
    ...(await progressRowsOf(ctx, userId)).map((row) => row.badgeKey),
  ]);
  const picks = BADGE_CATALOGUE.filter((badge) => !taken.has(badge.key) && !badge.isHidden).slice(
    0,
    SAMPLE_PROGRESS_BADGES,
  );
  for (const badge of picks) {
    const target = badgeTarget(badge);
    await ctx.db.insert("badge_progress", {
      userId,
      badgeKey: badge.key,
      currentProgress: Math.floor(target / 2),
      targetProgress: target,
      lastUpdated: Date.now(),
    });
  }
  return picks.length;
}
