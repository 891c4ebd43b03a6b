/**
 * Debug and test pages: on by default on the local
 * backend (`local-backend/`), off everywhere else unless the deployment sets
 * CLINK_DEBUG_PAGES=true. CLINK_DEBUG_PAGES=false turns them off on the local
 * backend too.
 */
import type { Id } from "../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../_generated/server";
import { BADGE_CATALOGUE, badgeTarget } from "../../shared/badgeCatalogue";
import { APP_NAME } from "../../shared/brand";
import { isValidEmail, normalizeEmail } from "../../shared/authMessages";
import { DEBUG_LIMITS, DEBUG_MESSAGES, tokenLabel } from "../../shared/debugPages";
import { ERROR_MESSAGES } from "../../shared/errors";
import { escapeHtml } from "../../shared/html";
import { randomString } from "../../shared/random";
import type { NotificationType } from "../../shared/notificationRules";
import { cleanUserText } from "../../shared/userText";
import { progressRowsOf, userBadgesOf } from "./badges";
import { appError } from "./errors";
import { notificationViews } from "./notificationViews";
import { unreadCount } from "./notifications";
import { ensureProfile, getProfileByUserId, profileAccessFor, type ProfileDoc } from "./profiles";

/**
 * Whether the functions run on our local backend, which alone sets
 * CLINK_LOCAL_BACKEND=1 for them. Never judged from the deployment's URL: a
 * self-hosted Convex backend runs at http://127.0.0.1:3210 too, and there the
 * debug pages, a mailbox with everyone's sign-in links and the offline place
 * fixture must not switch on by themselves.
 */
export function isLocalDeployment(): boolean {
  return env.CLINK_LOCAL_BACKEND?.trim() === "1";
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
    notifications: await notificationViews(ctx, userId, rows),
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

/** The newest profiles looked through for test users (the hidden ones are skipped). */
const TEST_USER_CANDIDATES = 10;

/**
 * The caller's next hosted session that has not ended, and up to 3 other
 * people: their own test guests first, newest first, then the newest people
 * whose full profile the caller may see. A private or crew_only stranger is
 * never listed: a list nobody searched for must not reveal who signed up.
 */
export async function testInvitationSetup(ctx: QueryCtx, userId: Id<"users">) {
  const event = await ctx.db
    .query("events")
    .withIndex("by_created_by_and_end_time", (q) =>
      q.eq("createdBy", userId).gt("endTime", Date.now()),
    )
    .first();
  const testUsers: { userId: Id<"users">; displayName: string; username: string }[] = [];
  const listed = new Set<Id<"users">>([userId]);
  const add = (profile: ProfileDoc) => {
    listed.add(profile.userId);
    testUsers.push({
      userId: profile.userId,
      displayName: profile.displayName ?? profile.username,
      username: profile.username,
    });
  };
  const guests = await ctx.db
    .query("debug_test_guests")
    .withIndex("by_owner", (q) => q.eq("ownerId", userId))
    .order("desc")
    .take(DEBUG_LIMITS.testUsers);
  for (const guest of guests) {
    const profile = await getProfileByUserId(ctx, guest.guestId);
    if (profile !== null) add(profile);
  }
  if (testUsers.length < DEBUG_LIMITS.testUsers) {
    const newest = await ctx.db.query("user_profiles").order("desc").take(TEST_USER_CANDIDATES);
    for (const profile of newest) {
      if (testUsers.length >= DEBUG_LIMITS.testUsers) break;
      if (listed.has(profile.userId)) continue;
      if ((await profileAccessFor(ctx, userId, profile)) === "full") add(profile);
    }
  }
  return {
    testEvent:
      event === null ? null : { _id: event._id, title: event.title, startTime: event.startTime },
    testUsers,
  };
}

/**
 * A test notification's title or message under the user-text rule, cut to
 * DEBUG_LIMITS.textMax characters as people count them (never inside an
 * emoji); blank gives `fallback`. A lone surrogate is refused.
 */
export function testNotificationText(
  value: string,
  fallback: string,
  field: "title" | "message",
): string {
  const cleaned = cleanUserText(value);
  if (!cleaned.ok) throw appError("VALIDATION", cleaned.message, { field });
  return [...cleaned.text].slice(0, DEBUG_LIMITS.textMax).join("").trim() || fallback;
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

// ---------------------------------------------------------------- test guests and their tokens

/** Test guests one user may have (each is a users row). */
export const TEST_GUESTS_MAX = 20;
const TEST_GUEST_DOMAIN = "@example.test";
const GUEST_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const GUEST_SUFFIX_LENGTH = 10;
/** Fresh addresses tried before giving up (10 random characters: a clash is next to impossible). */
const GUEST_ADDRESS_TRIES = 5;

/**
 * A new address for a test guest: `test-guest-{random}@example.test`, or the
 * given address with `+guest-{random}` added to its local part, so the mail
 * still goes where the caller asked. Never the given address itself: a guest
 * shares no address with an account (deleting the guest deletes what is
 * stored for its address), and the answer is the same whether the given
 * address is registered or not.
 */
function guestAddress(given: string): string {
  const suffix = randomString(GUEST_ALPHABET, GUEST_SUFFIX_LENGTH);
  if (given === "") return `test-guest-${suffix}${TEST_GUEST_DOMAIN}`;
  const at = given.lastIndexOf("@");
  return `${given.slice(0, at)}+guest-${suffix}${given.slice(at)}`;
}

async function testGuestsOf(ctx: QueryCtx, ownerId: Id<"users">) {
  return await ctx.db
    .query("debug_test_guests")
    .withIndex("by_owner", (q) => q.eq("ownerId", ownerId))
    .take(TEST_GUESTS_MAX);
}

export async function createTestGuestFor(
  ctx: MutationCtx,
  ownerId: Id<"users">,
  rawEmail?: string,
) {
  const guests = await testGuestsOf(ctx, ownerId);
  if (guests.length >= TEST_GUESTS_MAX) {
    throw appError("VALIDATION", `You already have ${TEST_GUESTS_MAX} test guests`);
  }
  const number = guests.length + 1;
  const given = normalizeEmail(rawEmail ?? "");
  if (given !== "" && !isValidEmail(given))
    throw appError("VALIDATION", DEBUG_MESSAGES.invalidEmail, { field: "email" });
  if (given !== "" && !isLocalDeployment() && !given.endsWith(TEST_GUEST_DOMAIN)) {
    throw appError("FORBIDDEN", DEBUG_MESSAGES.guestDomainOnly, { field: "email" });
  }
  const email = await freeGuestAddress(ctx, given);
  const guestId = await ctx.db.insert("users", { name: `Test Guest ${number}`, email });
  const { profile } = await ensureProfile(ctx, guestId);
  await ctx.db.insert("debug_test_guests", { ownerId, guestId, createdAt: Date.now() });
  return {
    userId: guestId,
    email,
    displayName: profile.displayName ?? profile.username,
    username: profile.username,
  };
}

async function freeGuestAddress(ctx: QueryCtx, given: string): Promise<string> {
  for (let attempt = 0; attempt < GUEST_ADDRESS_TRIES; attempt++) {
    const email = guestAddress(given);
    if (!isValidEmail(email))
      throw appError("VALIDATION", DEBUG_MESSAGES.invalidEmail, { field: "email" });
    const taken = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", email))
      .first();
    if (taken === null) return email;
  }
  throw new Error("Could not find a free test guest address");
}

/**
 * Account deletion (ACCOUNT_CLEANUPS): the user's test guests go with them, each as a whole
 * account through `deleteGuestAccount`, and a deleted guest's own row.
 */
export async function deleteTestGuestsOf(
  ctx: MutationCtx,
  userId: Id<"users">,
  deleteGuestAccount: (ctx: MutationCtx, guestId: Id<"users">) => Promise<void>,
): Promise<void> {
  for (const guest of await testGuestsOf(ctx, userId)) {
    await ctx.db.delete("debug_test_guests", guest._id);
    await deleteGuestAccount(ctx, guest.guestId);
  }
  const asGuest = await ctx.db
    .query("debug_test_guests")
    .withIndex("by_guest", (q) => q.eq("guestId", userId))
    .unique();
  if (asGuest !== null) await ctx.db.delete("debug_test_guests", asGuest._id);
}

/** The test guest a token was issued to, when that guest is `ownerId`'s; 'Token is invalid' otherwise. */
export async function testGuestOfToken(ctx: QueryCtx, ownerId: Id<"users">, token: string) {
  const row = await ctx.db
    .query("invitation_tokens")
    .withIndex("by_token", (q) => q.eq("token", token))
    .unique();
  const guest =
    row === null
      ? null
      : await ctx.db
          .query("debug_test_guests")
          .withIndex("by_guest", (q) => q.eq("guestId", row.userId))
          .unique();
  if (row === null || guest === null || guest.ownerId !== ownerId) {
    throw appError("NOT_FOUND", DEBUG_MESSAGES.tokenInvalid);
  }
  return row.userId;
}

const TOKENS_READ_PER_PERSON = 50;

/** The latest 10 event tokens issued to the user or to their test guests, newest first, labelled. */
export async function latestTestTokens(ctx: QueryCtx, userId: Id<"users">) {
  const guests = await testGuestsOf(ctx, userId);
  const people = [userId, ...guests.map((guest) => guest.guestId)];
  const rows = (
    await Promise.all(
      people.map(
        async (personId) =>
          await ctx.db
            .query("invitation_tokens")
            .withIndex("by_user_and_invitation_key", (q) => q.eq("userId", personId))
            .order("desc")
            .take(TOKENS_READ_PER_PERSON),
      ),
    )
  )
    .flat()
    .filter((row) => row.invitationType === "event")
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, DEBUG_LIMITS.latestTokens);
  const now = Date.now();
  return await Promise.all(
    rows.map(async (row) => ({
      _id: row._id,
      token: row.token,
      action: row.action,
      eventId: row.eventId,
      eventTitle:
        row.eventId === null ? null : ((await ctx.db.get("events", row.eventId))?.title ?? null),
      forGuest: row.userId !== userId,
      recipient: (await getProfileByUserId(ctx, row.userId))?.displayName ?? "Unknown User",
      expiresAt: row.expiresAt,
      used: row.used,
      label: tokenLabel(row, now),
    })),
  );
}
