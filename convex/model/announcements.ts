/**
 * Host announcements: posting one (who may, the text, the daily limit), the
 * session's list, and telling its people. Telling runs in scheduled batches,
 * one group after another, and reads each person's standing when their batch
 * runs: someone removed, declined or no longer in a chosen group by then hears
 * nothing. Each person told gets a notification (pushed to their devices) and
 * an e-mail as their preferences say ("Announcements from hosts").
 */
import type { PaginationOptions, PaginationResult } from "convex/server";
import type { Infer } from "convex/values";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import {
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_WINDOW_MS,
  ANNOUNCEMENTS_PAGE_MAX,
  ANNOUNCEMENTS_PER_DAY,
  announcementExcerpt,
  announcementGroupOf,
  announcementsLeft,
  canPostAnnouncement,
  checkAnnouncement,
  type AnnouncementGroup,
  type AnnouncementInput,
} from "../../shared/announcementRules";
import { clampPageSize } from "../../shared/eventAccess";
import { NOTIFICATION_TEXTS } from "../../shared/notificationRules";
import { queueEmailToUser } from "./emailQueue";
import { appError } from "./errors";
import { eventNotificationData } from "./eventNotifications";
import type { announcementViewValidator } from "./announcementValidators";
import { People } from "./eventViews";
import { ensureNotEnded, getEventOrThrow, type EventAccess } from "./events";
import { eventEmailDetails } from "./invitationEmails";
import { createNotification, senderOf, type Sender } from "./notifications";
import { participationOf, readParticipationRows, type EventDoc } from "./participation";

export type AnnouncementDoc = Doc<"event_announcements">;

/** People told per mutation; the rest of a group, then the next group, in scheduled batches. */
export const ANNOUNCEMENT_DELIVERY_BATCH = 50;

// ---------------------------------------------------------------- posting

async function mayPost(ctx: QueryCtx, event: EventDoc, userId: Id<"users">): Promise<boolean> {
  const rows = await readParticipationRows(ctx, event._id, userId);
  return canPostAnnouncement(participationOf(event, userId, rows));
}

/** When the session's announcements of the last 24 hours were posted (at most the daily limit's worth). */
async function recentPostTimes(
  ctx: QueryCtx,
  eventId: Id<"events">,
  now: number,
): Promise<number[]> {
  const rows = await ctx.db
    .query("event_announcements")
    .withIndex("by_event", (q) =>
      q.eq("eventId", eventId).gt("_creationTime", now - ANNOUNCEMENT_WINDOW_MS),
    )
    .order("desc")
    .take(ANNOUNCEMENTS_PER_DAY);
  return rows.map((row) => row._creationTime);
}

/**
 * Posts an announcement and starts telling its groups. Checked in this order,
 * and nothing is written when one fails: FORBIDDEN (not the host or a
 * co-host), VALIDATION (ended, or the text or groups, at their `field`),
 * RATE_LIMITED (the session's daily limit, with when the next one may go).
 */
export async function postAnnouncement(
  ctx: MutationCtx,
  eventId: Id<"events">,
  authorId: Id<"users">,
  input: AnnouncementInput,
): Promise<Id<"event_announcements">> {
  const event = await getEventOrThrow(ctx, eventId);
  if (!(await mayPost(ctx, event, authorId)))
    throw appError("FORBIDDEN", ANNOUNCEMENT_MESSAGES.onlyHosts);
  ensureNotEnded(event);
  const checked = checkAnnouncement(input);
  if (!checked.ok) throw appError("VALIDATION", checked.message, { field: checked.field });
  const now = Date.now();
  const recent = await recentPostTimes(ctx, eventId, now);
  if (announcementsLeft(recent, now) === 0) {
    const oldest = Math.min(...recent);
    throw appError("RATE_LIMITED", ANNOUNCEMENT_MESSAGES.dailyLimit, {
      retryAfterMs: Math.max(0, Math.ceil(oldest + ANNOUNCEMENT_WINDOW_MS - now)),
    });
  }
  const announcementId = await ctx.db.insert("event_announcements", {
    eventId,
    authorId,
    text: checked.text,
    groups: checked.groups,
  });
  await ctx.scheduler.runAfter(0, internal.announcements.deliver, {
    announcementId,
    groupIndex: 0,
    cursor: null,
  });
  return announcementId;
}

/** What the composer needs: how many more may go today; null for anyone who may not post. */
export async function composerState(
  ctx: QueryCtx,
  event: EventDoc,
  viewerId: Id<"users"> | null,
): Promise<{ left: number } | null> {
  if (viewerId === null || event.ended || !(await mayPost(ctx, event, viewerId))) return null;
  const now = Date.now();
  return { left: announcementsLeft(await recentPostTimes(ctx, event._id, now), now) };
}

// ---------------------------------------------------------------- the list

/** An announcement with its author, as the session page lists it. */
export type AnnouncementView = Infer<typeof announcementViewValidator>;

/** The session's announcements, newest first, paginated (at most ANNOUNCEMENTS_PAGE_MAX a page); access checked by the caller. */
export async function announcementsPage(
  ctx: QueryCtx,
  access: EventAccess,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<AnnouncementView>> {
  const result = await ctx.db
    .query("event_announcements")
    .withIndex("by_event", (q) => q.eq("eventId", access.event._id))
    .order("desc")
    .paginate({
      ...paginationOpts,
      numItems: clampPageSize(paginationOpts.numItems, ANNOUNCEMENTS_PAGE_MAX),
    });
  const people = new People(ctx, access.viewerId);
  const page = await Promise.all(
    result.page.map(async (row) => ({
      _id: row._id,
      text: row.text,
      groups: row.groups,
      postedAt: row._creationTime,
      author: await people.get(row.authorId),
    })),
  );
  return { ...result, page };
}

// ---------------------------------------------------------------- telling people

type GroupPage = { userIds: Id<"users">[]; isDone: boolean; continueCursor: string };

/**
 * Where each group's people are listed. A new group is one entry here (and
 * one in shared/announcementRules `ANNOUNCEMENT_GROUPS`).
 */
const GROUP_READERS: Record<
  AnnouncementGroup,
  (ctx: QueryCtx, eventId: Id<"events">, cursor: string | null) => Promise<GroupPage>
> = {
  going: async (ctx, eventId, cursor) =>
    pageOf(
      await ctx.db
        .query("event_participants")
        .withIndex("by_event", (q) => q.eq("eventId", eventId))
        .paginate({ numItems: ANNOUNCEMENT_DELIVERY_BATCH, cursor }),
    ),
  maybe: async (ctx, eventId, cursor) =>
    pageOf(
      await ctx.db
        .query("rsvps")
        .withIndex("by_event_and_status", (q) => q.eq("eventId", eventId).eq("status", "maybe"))
        .paginate({ numItems: ANNOUNCEMENT_DELIVERY_BATCH, cursor }),
    ),
  invited: async (ctx, eventId, cursor) =>
    pageOf(
      await ctx.db
        .query("event_members")
        .withIndex("by_event_and_status", (q) => q.eq("eventId", eventId).eq("status", "pending"))
        .paginate({ numItems: ANNOUNCEMENT_DELIVERY_BATCH, cursor }),
    ),
  waitlisted: async (ctx, eventId, cursor) =>
    pageOf(
      await ctx.db
        .query("event_waitlist")
        .withIndex("by_event", (q) => q.eq("eventId", eventId))
        .paginate({ numItems: ANNOUNCEMENT_DELIVERY_BATCH, cursor }),
    ),
};

function pageOf(result: PaginationResult<{ userId: Id<"users"> }>): GroupPage {
  return {
    userIds: result.page.map((row) => row.userId),
    isDone: result.isDone,
    continueCursor: result.continueCursor,
  };
}

/** The one group `userId` is in at the session now (null: none). */
async function currentGroupOf(
  ctx: QueryCtx,
  event: EventDoc,
  userId: Id<"users">,
): Promise<AnnouncementGroup | null> {
  const rows = await readParticipationRows(ctx, event._id, userId);
  const waitlisted =
    (await ctx.db
      .query("event_waitlist")
      .withIndex("by_event_and_user", (q) => q.eq("eventId", event._id).eq("userId", userId))
      .unique()) !== null;
  return announcementGroupOf({ ...participationOf(event, userId, rows), waitlisted });
}

/**
 * Tells the next batch of one group (`announcement.groups[groupIndex]`), then
 * schedules the rest of it or the next group. A deleted announcement or
 * session tells no one further.
 */
export async function deliverAnnouncement(
  ctx: MutationCtx,
  announcementId: Id<"event_announcements">,
  groupIndex: number,
  cursor: string | null,
): Promise<void> {
  const announcement = await ctx.db.get("event_announcements", announcementId);
  if (announcement === null) return;
  const group = announcement.groups[groupIndex];
  if (group === undefined) return;
  const event = await ctx.db.get("events", announcement.eventId);
  if (event === null) return;
  const page = await GROUP_READERS[group](ctx, event._id, cursor);
  const author = await senderOf(ctx, announcement.authorId);
  for (const userId of page.userIds) {
    if (userId === announcement.authorId) continue;
    if ((await currentGroupOf(ctx, event, userId)) !== group) continue;
    await tell(ctx, event, announcement, author, userId);
  }
  const next = page.isDone
    ? { groupIndex: groupIndex + 1, cursor: null }
    : { groupIndex, cursor: page.continueCursor };
  if (next.groupIndex < announcement.groups.length)
    await ctx.scheduler.runAfter(0, internal.announcements.deliver, { announcementId, ...next });
}

async function tell(
  ctx: MutationCtx,
  event: EventDoc,
  announcement: AnnouncementDoc,
  author: Sender,
  userId: Id<"users">,
): Promise<void> {
  const excerpt = announcementExcerpt(announcement.text);
  await createNotification(ctx, {
    userId,
    type: "event_announcement",
    ...NOTIFICATION_TEXTS.eventAnnouncement(author.senderName, event.title, excerpt),
    data: { ...eventNotificationData(event), announcementId: announcement._id },
    sender: author,
    eventId: event._id,
  });
  const details = eventEmailDetails(event);
  await queueEmailToUser(ctx, userId, {
    category: "host_announcement",
    template: "host_announcement",
    props: () =>
      Promise.resolve({ ...details, authorName: author.senderName, text: announcement.text }),
    data: { event_id: event._id, event_title: event.title },
    digest: {
      category: "host_announcement",
      title: `📣 ${author.senderName} in ${event.title}`,
      detail: excerpt,
      url: details.eventUrl,
      expiresAt: event.endTime,
    },
  });
}
