/**
 * "Got home safe" check-ins (shared/checkInRules.ts). Someone going to a
 * session picks 1–5 buddies among its attendees and a time. Scheduled
 * functions do the timing (durable: they survive a restart): at the time, if
 * the person has not tapped Home safe, they are reminded; CHECK_IN_ALERT_DELAY_MS
 * later their buddies are alerted (in-app, push, and an e-mail that is never
 * held for a digest). A buddy saying "they're fine" closes the alert for
 * everyone. Only the person and their buddies see a check-in; anyone else
 * gets what a missing one gives. Each step checks the state it runs in, and
 * closing or cancelling cancels the pending step, so a late job does nothing.
 * Deleting rows is ./checkInRows.ts.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import {
  buddyListProblem,
  CHECK_IN_ALERT_DELAY_MS,
  CHECK_IN_BANNER_ALERTS_MAX,
  CHECK_IN_BANNER_OWN_MAX,
  CHECK_IN_CANDIDATES_MAX,
  CHECK_IN_MAX_BUDDIES,
  CHECK_IN_MESSAGES,
  CHECK_IN_TEXTS,
  checkInDeleteAt,
  clockOf,
  defaultDueAt,
  dueTimeProblem,
  isOpenCheckIn,
  type CheckInStatus,
} from "../../shared/checkInRules";
import { decideSafetyEmail } from "../../shared/emailPreferences";
import { eventPath } from "../../shared/eventSlug";
import {
  buddyRowsOf,
  closeReminderNotification,
  deleteCheckIn,
  type CheckInDoc,
} from "./checkInRows";
import { emailPreferencesOf, listUnsubscribeHeaders, unsubscribeUrl } from "./emailPreferences";
import { queueEmail, SETTINGS_PATH } from "./emailQueue";
import { appError, ensureValid } from "./errors";
import { eventNotificationData } from "./eventNotifications";
import { getEventOrThrow, type EventDoc } from "./events";
import { People } from "./eventViews";
import { siteUrl } from "./magicLinks";
import { getCrawl } from "./stopRows";
import { createNotification, senderOf } from "./notifications";
import { cancelIfPending } from "./scheduledJobs";

export type CheckInStep = "remind" | "alert";

const notFound = () => appError("NOT_FOUND", CHECK_IN_MESSAGES.notFound);

async function isAttending(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<boolean> {
  const row = await ctx.db
    .query("event_participants")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
  return row !== null;
}

export async function getOwnCheckIn(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<CheckInDoc | null> {
  return await ctx.db
    .query("check_ins")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
}

/** The viewer's own check-in at `eventId`; NOT_FOUND when there is none. */
async function getOwnCheckInEnsuringExists(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<CheckInDoc> {
  const own = await getOwnCheckIn(ctx, eventId, userId);
  if (own === null) throw notFound();
  return own;
}

/**
 * The check-in `checkInId` with the viewer's buddy row; NOT_FOUND, as for a missing one, when
 * the viewer is not one of its buddies.
 */
async function getCheckInEnsuringBuddy(
  ctx: QueryCtx,
  checkInId: Id<"check_ins">,
  viewerId: Id<"users">,
): Promise<CheckInDoc> {
  const checkIn = await ctx.db.get("check_ins", checkInId);
  if (checkIn === null) throw notFound();
  const rows = await ctx.db
    .query("check_in_buddies")
    .withIndex("by_event_and_buddy", (q) =>
      q.eq("eventId", checkIn.eventId).eq("buddyId", viewerId),
    )
    .take(CHECK_IN_CANDIDATES_MAX);
  if (!rows.some((buddy) => buddy.checkInId === checkIn._id)) throw notFound();
  return checkIn;
}

/**
 * "Last stop" in an alert: the bar crawl's current stop (where the crew last arrived), else
 * the session's place. The one place an alert learns where the night was; never a location
 * of the person.
 */
export async function lastStopOf(ctx: QueryCtx, event: EventDoc): Promise<string | null> {
  const crawl = await getCrawl(ctx, event._id);
  const stop = crawl?.currentStopId ? await ctx.db.get("event_stops", crawl.currentStopId) : null;
  return stop?.name ?? event.placeNickname ?? event.placeName ?? event.location ?? null;
}

// ---------------------------------------------------------------- starting

/**
 * Turns on a check-in for `userId` at `eventId`. Errors: NOT_FOUND (no such session);
 * FORBIDDEN unless they attend it; VALIDATION for the buddies (1–5,
 * distinct, not themselves, each attending) or the time (ahead, at most 12 h after the end),
 * or while one is already on. A closed one (home safe, or fine) is replaced.
 */
export async function startCheckIn(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
  input: { buddyIds: Id<"users">[]; dueAt: number },
  now: number = Date.now(),
): Promise<Id<"check_ins">> {
  const event = await getEventOrThrow(ctx, eventId);
  if (!(await isAttending(ctx, eventId, userId)))
    throw appError("FORBIDDEN", CHECK_IN_MESSAGES.notGoing);
  ensureValid(buddyListProblem(input.buddyIds, userId), "buddyIds");
  ensureValid(dueTimeProblem(input.dueAt, event.endTime, now), "dueAt");
  for (const buddyId of input.buddyIds) {
    if (!(await isAttending(ctx, eventId, buddyId)))
      throw appError("VALIDATION", CHECK_IN_MESSAGES.buddyNotThere, { field: "buddyIds" });
  }
  const existing = await getOwnCheckIn(ctx, eventId, userId);
  if (existing !== null) {
    if (isOpenCheckIn(existing.status)) throw appError("VALIDATION", CHECK_IN_MESSAGES.alreadyOn);
    await deleteCheckIn(ctx, existing);
  }
  const checkInId = await ctx.db.insert("check_ins", {
    eventId,
    userId,
    dueAt: input.dueAt,
    status: "waiting",
    open: true,
    stepJobId: null,
    deleteJobId: null,
    reminderNotificationId: null,
    closedBy: null,
    closedAt: null,
  });
  for (const buddyId of input.buddyIds) {
    await ctx.db.insert("check_in_buddies", { checkInId, eventId, buddyId, alerted: false });
  }
  const stepJobId = await ctx.scheduler.runAt(input.dueAt, internal.checkIns.step, {
    checkInId,
    step: "remind",
  });
  const deleteJobId = await ctx.scheduler.runAt(
    checkInDeleteAt(event.endTime, input.dueAt),
    internal.checkIns.expire,
    { checkInId },
  );
  await ctx.db.patch("check_ins", checkInId, { stepJobId, deleteJobId });
  return checkInId;
}

// ---------------------------------------------------------------- the timed steps

/**
 * A scheduled step: "remind" at the person's time (while still waiting), "alert"
 * CHECK_IN_ALERT_DELAY_MS later (while still only reminded). Anything else — closed,
 * cancelled, deleted — does nothing.
 */
export async function runCheckInStep(
  ctx: MutationCtx,
  checkInId: Id<"check_ins">,
  step: CheckInStep,
): Promise<void> {
  const checkIn = await ctx.db.get("check_ins", checkInId);
  if (checkIn === null) return;
  const event = await ctx.db.get("events", checkIn.eventId);
  if (event === null) return;
  if (step === "remind" && checkIn.status === "waiting") await remind(ctx, checkIn, event);
  if (step === "alert" && checkIn.status === "reminded") await alertBuddies(ctx, checkIn, event);
}

async function remind(ctx: MutationCtx, checkIn: CheckInDoc, event: EventDoc): Promise<void> {
  const reminderNotificationId = await createNotification(ctx, {
    userId: checkIn.userId,
    type: "check_in_reminder",
    ...CHECK_IN_TEXTS.reminder(event.title),
    data: { ...eventNotificationData(event), dueAt: checkIn.dueAt },
    eventId: event._id,
  });
  const stepJobId = await ctx.scheduler.runAfter(CHECK_IN_ALERT_DELAY_MS, internal.checkIns.step, {
    checkInId: checkIn._id,
    step: "alert",
  });
  await ctx.db.patch("check_ins", checkIn._id, {
    status: "reminded",
    reminderNotificationId,
    stepJobId,
  });
}

async function alertBuddies(ctx: MutationCtx, checkIn: CheckInDoc, event: EventDoc): Promise<void> {
  await ctx.db.patch("check_ins", checkIn._id, { status: "alerted", stepJobId: null });
  const owner = await senderOf(ctx, checkIn.userId);
  const lastStop = await lastStopOf(ctx, event);
  const dueClock = clockOf(checkIn.dueAt, event.timeZone);
  for (const buddy of await buddyRowsOf(ctx, checkIn._id)) {
    await ctx.db.patch("check_in_buddies", buddy._id, { alerted: true });
    await createNotification(ctx, {
      userId: buddy.buddyId,
      type: "check_in_alert",
      ...CHECK_IN_TEXTS.alert(owner.senderName, event.title, dueClock, lastStop),
      data: { ...eventNotificationData(event), ownerId: checkIn.userId, lastStop },
      sender: owner,
      eventId: event._id,
    });
    await sendAlertEmail(ctx, buddy.buddyId, event, {
      ownerName: owner.senderName,
      dueClock,
      lastStop,
    });
  }
}

/**
 * The alert's e-mail: never held for a digest and not a category one turns off; only
 * "never" (no e-mail but sign-in links) stops it (shared/emailPreferences `decideSafetyEmail`).
 */
async function sendAlertEmail(
  ctx: MutationCtx,
  userId: Id<"users">,
  event: EventDoc,
  details: { ownerName: string; dueClock: string; lastStop: string | null },
): Promise<void> {
  const address = (await ctx.db.get("users", userId))?.email;
  if (!address) return;
  if (decideSafetyEmail(await emailPreferencesOf(ctx, userId)) === "skip") return;
  const site = siteUrl();
  await queueEmail(ctx, {
    to: address,
    template: "check_in_alert",
    props: {
      siteUrl: site,
      ...details,
      eventTitle: event.title,
      eventUrl: `${site}${eventPath(event)}`,
      preferencesUrl: `${site}${SETTINGS_PATH}`,
      // The one switch that stops it is "no e-mail at all".
      unsubscribeUrl: await unsubscribeUrl(ctx, userId, "all"),
    },
    data: { event_id: event._id, event_title: event.title },
    headers: await listUnsubscribeHeaders(ctx, userId, "all"),
  });
}

// ---------------------------------------------------------------- closing

async function close(
  ctx: MutationCtx,
  checkIn: CheckInDoc,
  status: "home" | "fine",
  byUserId: Id<"users">,
): Promise<void> {
  const now = Date.now();
  await cancelIfPending(ctx, checkIn.stepJobId);
  await ctx.db.patch("check_ins", checkIn._id, {
    status,
    open: false,
    stepJobId: null,
    closedBy: byUserId,
    closedAt: now,
  });
  await closeReminderNotification(ctx, checkIn, now);
  const event = await ctx.db.get("events", checkIn.eventId);
  const sender = await senderOf(ctx, byUserId);
  const ownerName =
    byUserId === checkIn.userId
      ? sender.senderName
      : (await senderOf(ctx, checkIn.userId)).senderName;
  for (const buddy of await buddyRowsOf(ctx, checkIn._id)) {
    if (buddy.alerted) await ctx.db.patch("check_in_buddies", buddy._id, { alerted: false });
    if (event === null) continue;
    await createNotification(ctx, {
      userId: buddy.buddyId,
      type: "check_in_closed",
      ...(status === "home"
        ? CHECK_IN_TEXTS.home(ownerName, event.title)
        : CHECK_IN_TEXTS.fine(sender.senderName, ownerName)),
      data: { ...eventNotificationData(event), ownerId: checkIn.userId, reason: status },
      sender,
      eventId: event._id,
    });
  }
}

/**
 * "Home safe": closes the person's open check-in at `eventId` and tells their buddies. Once
 * closed, tapping again changes nothing (a queued tap may arrive after a buddy said they are
 * fine). NOT_FOUND when they have none (cancelled, or never turned on).
 */
export async function checkInHome(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<void> {
  const checkIn = await getOwnCheckInEnsuringExists(ctx, eventId, userId);
  if (isOpenCheckIn(checkIn.status)) await close(ctx, checkIn, "home", userId);
}

/**
 * A buddy is with the person or heard from them: the alert closes for everyone. NOT_FOUND
 * for anyone but a buddy (as for a missing check-in); VALIDATION unless an alert is out.
 */
export async function markCheckInFine(
  ctx: MutationCtx,
  checkInId: Id<"check_ins">,
  viewerId: Id<"users">,
): Promise<void> {
  const checkIn = await getCheckInEnsuringBuddy(ctx, checkInId, viewerId);
  if (checkIn.status !== "alerted") throw appError("VALIDATION", CHECK_IN_MESSAGES.notAlerted);
  await close(ctx, checkIn, "fine", viewerId);
}

/** The person turns their check-in off: it is deleted with its jobs. NOT_FOUND when there is none. */
export async function cancelCheckIn(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<void> {
  await deleteCheckIn(ctx, await getOwnCheckInEnsuringExists(ctx, eventId, userId));
}

/** A week after the session: the check-in is deleted (a scheduled job). */
export async function expireCheckIn(ctx: MutationCtx, checkInId: Id<"check_ins">): Promise<void> {
  const checkIn = await ctx.db.get("check_ins", checkInId);
  if (checkIn !== null) await deleteCheckIn(ctx, { ...checkIn, deleteJobId: null });
}

/**
 * For end-to-end tests: runs the next step of every open check-in at `eventId` now instead
 * of at its time (the first call reminds, the second alerts), its pending job cancelled.
 * Internal, and refused unless debug pages are enabled. Returns how many steps ran.
 */
export async function runDueStepsNow(ctx: MutationCtx, eventId: Id<"events">): Promise<number> {
  const rows = await ctx.db
    .query("check_ins")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId))
    .take(CHECK_IN_CANDIDATES_MAX);
  let ran = 0;
  for (const checkIn of rows) {
    const step: CheckInStep | null =
      checkIn.status === "waiting" ? "remind" : checkIn.status === "reminded" ? "alert" : null;
    if (step === null) continue;
    await cancelIfPending(ctx, checkIn.stepJobId);
    await runCheckInStep(ctx, checkIn._id, step);
    ran += 1;
  }
  return ran;
}

// ---------------------------------------------------------------- reading

type BuddyView = { userId: Id<"users">; displayName: string };

export type CheckInView = {
  _id: Id<"check_ins">;
  status: CheckInStatus;
  dueAt: number;
  owner: BuddyView;
  buddies: BuddyView[];
  /** Who closed it, once closed. */
  closedBy: BuddyView | null;
  /** Only while the alert is out (what the buddies were told). */
  lastStop: string | null;
};

async function checkInView(
  ctx: QueryCtx,
  people: People,
  checkIn: CheckInDoc,
  event: EventDoc,
): Promise<CheckInView> {
  const person = async (userId: Id<"users">): Promise<BuddyView> => ({
    userId,
    displayName: (await people.get(userId)).displayName,
  });
  const rows = await ctx.db
    .query("check_in_buddies")
    .withIndex("by_check_in", (q) => q.eq("checkInId", checkIn._id))
    .take(CHECK_IN_MAX_BUDDIES);
  return {
    _id: checkIn._id,
    status: checkIn.status,
    dueAt: checkIn.dueAt,
    owner: await person(checkIn.userId),
    buddies: await Promise.all(rows.map((row) => person(row.buddyId))),
    closedBy: checkIn.closedBy === null ? null : await person(checkIn.closedBy),
    lastStop: checkIn.status === "alerted" ? await lastStopOf(ctx, event) : null,
  };
}

/**
 * The session page's check-in section for the viewer: their own check-in, the ones they are a
 * buddy of, and whether they may turn one on (attending, none open) with the form's bounds.
 * Null for the signed-out, a missing session and anyone neither attending nor a buddy there.
 */
export async function checkInsForEvent(
  ctx: QueryCtx,
  eventId: Id<"events">,
  viewerId: Id<"users"> | null,
) {
  if (viewerId === null) return null;
  const event = await ctx.db.get("events", eventId);
  if (event === null) return null;
  const attending = await isAttending(ctx, eventId, viewerId);
  const own = await getOwnCheckIn(ctx, eventId, viewerId);
  const buddyRows = await ctx.db
    .query("check_in_buddies")
    .withIndex("by_event_and_buddy", (q) => q.eq("eventId", eventId).eq("buddyId", viewerId))
    .take(CHECK_IN_CANDIDATES_MAX);
  if (!attending && own === null && buddyRows.length === 0) return null;
  const people = new People(ctx, viewerId);
  const watching: CheckInView[] = [];
  for (const row of buddyRows) {
    const checkIn = await ctx.db.get("check_ins", row.checkInId);
    if (checkIn !== null) watching.push(await checkInView(ctx, people, checkIn, event));
  }
  return {
    mine: own === null ? null : await checkInView(ctx, people, own, event),
    watching,
    canStart: attending && (own === null || !isOpenCheckIn(own.status)),
    startTime: event.startTime,
    endTime: event.endTime,
    defaultDueAt: defaultDueAt(event.endTime),
  };
}

/** Who the viewer may pick as buddies at `eventId`: its other attendees (the first 50); empty unless they attend. */
export async function buddyCandidates(
  ctx: QueryCtx,
  eventId: Id<"events">,
  viewerId: Id<"users"> | null,
): Promise<BuddyView[]> {
  if (viewerId === null || !(await isAttending(ctx, eventId, viewerId))) return [];
  const rows = await ctx.db
    .query("event_participants")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(CHECK_IN_CANDIDATES_MAX + 1);
  const people = new People(ctx, viewerId);
  const others = rows.filter((row) => row.userId !== viewerId).slice(0, CHECK_IN_CANDIDATES_MAX);
  return await Promise.all(
    others.map(async (row) => ({
      userId: row.userId,
      displayName: (await people.get(row.userId)).displayName,
    })),
  );
}

type BannerSession = { eventId: Id<"events">; eventTitle: string; eventPath: string };

/**
 * The home screen's banner: the viewer's open check-in (one indexed read by user) and the
 * alerts out about people they are a buddy of (one more, by buddy). Null when neither.
 */
export async function openCheckInsOfViewer(ctx: QueryCtx, viewerId: Id<"users"> | null) {
  if (viewerId === null) return null;
  const ownRows = await ctx.db
    .query("check_ins")
    .withIndex("by_user_and_open", (q) => q.eq("userId", viewerId).eq("open", true))
    .take(CHECK_IN_BANNER_OWN_MAX);
  const alertRows = await ctx.db
    .query("check_in_buddies")
    .withIndex("by_buddy_and_alerted", (q) => q.eq("buddyId", viewerId).eq("alerted", true))
    .take(CHECK_IN_BANNER_ALERTS_MAX);
  if (ownRows.length === 0 && alertRows.length === 0) return null;
  const sessionOf = async (eventId: Id<"events">): Promise<BannerSession | null> => {
    const event = await ctx.db.get("events", eventId);
    return event === null
      ? null
      : { eventId, eventTitle: event.title, eventPath: eventPath(event) };
  };
  const people = new People(ctx, viewerId);
  const alerts: Array<BannerSession & { checkInId: Id<"check_ins">; ownerName: string }> = [];
  for (const row of alertRows) {
    const [checkIn, session] = await Promise.all([
      ctx.db.get("check_ins", row.checkInId),
      sessionOf(row.eventId),
    ]);
    if (checkIn === null || session === null) continue;
    alerts.push({
      ...session,
      checkInId: checkIn._id,
      ownerName: (await people.get(checkIn.userId)).displayName,
    });
  }
  const mine: Array<BannerSession & { status: CheckInStatus; dueAt: number }> = [];
  for (const own of ownRows) {
    const session = await sessionOf(own.eventId);
    if (session !== null) mine.push({ ...session, status: own.status, dueAt: own.dueAt });
  }
  return { mine, alerts };
}
