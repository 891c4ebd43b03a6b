/**
 * Picking a poll's winner: the poll closes on one option, which becomes a
 * private session of the crew with the picker as host; the answers are
 * applied to it in batches (Yes going, If need be invited), then the crew is
 * invited as any crew is.
 */
import { ConvexError } from "convex/values";
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import {
  answerFor,
  canRunPoll,
  POLL_MESSAGES,
  POLL_NOTIFICATION_TEXTS,
} from "../../shared/pollRules";
import { ensureOpen, isPollCreator, optionAsInput, type PollAccess } from "./crewPolls";
import { appError } from "./errors";
import { notifyOfEventInvitation } from "./eventNotifications";
import { inviteCrewToEvent } from "./eventInvitations";
import { createEvent, type EventDoc } from "./events";
import { sendEventInvitationEmail } from "./invitationEmails";
import { senderOf, type Sender } from "./notifications";
import { changeParticipation, readParticipationRows } from "./participation";

/** Members whose answers are applied to the new session in one mutation; the rest scheduled. */
const PICK_BATCH = 100;

/**
 * Closes the poll on one option and makes it a private session of the crew,
 * with the picker as host: Yes voters going, If-need-be voters invited with a
 * notification saying so, then the crew invited as any crew is. Returns the
 * session.
 */
export async function pickWinner(
  ctx: MutationCtx,
  access: PollAccess,
  optionIdText: string,
  now: number = Date.now(),
): Promise<EventDoc> {
  const { poll, viewerId } = access;
  if (!canRunPoll(access.standing, isPollCreator(access)))
    throw appError("FORBIDDEN", POLL_MESSAGES.cannotPick);
  ensureOpen(poll);
  const optionId = ctx.db.normalizeId("crew_poll_options", optionIdText.trim());
  const option = optionId === null ? null : await ctx.db.get("crew_poll_options", optionId);
  if (option === null || option.pollId !== poll._id)
    throw appError("VALIDATION", POLL_MESSAGES.optionNotFound, { field: "optionId" });
  const place = optionAsInput(option).place;
  const event = await createEvent(
    ctx,
    viewerId,
    {
      title: poll.title,
      durationType: "specific_time",
      startTime: option.startTime,
      endTime: null,
      timeZone: poll.timeZone,
      location: option.location,
      place,
      placeNickname: null,
      drinkType: "beer",
      vibe: "casual",
      notes: null,
      isPublic: false,
    },
    now,
  );
  await ctx.db.patch("crew_polls", poll._id, {
    status: "closed",
    closedAt: now,
    winningOptionId: option._id,
    eventId: event._id,
  });
  await applyAnswersToSession(ctx, poll._id, null);
  return (await ctx.db.get("events", event._id)) ?? event;
}

/**
 * A batch of a picked poll's answers applied to its session, members after
 * `afterUserId` in id order; schedules the next batch, and after the last
 * invites the crew (whoever is already going or invited is skipped there).
 */
export async function applyAnswersToSession(
  ctx: MutationCtx,
  pollId: Id<"crew_polls">,
  afterUserId: Id<"users"> | null,
): Promise<void> {
  const poll = await ctx.db.get("crew_polls", pollId);
  if (poll === null || poll.eventId === null || poll.winningOptionId === null) return;
  let event = await ctx.db.get("events", poll.eventId);
  if (event === null) return;
  const pickerId = event.createdBy;
  const sender = await senderOf(ctx, pickerId);
  const batch = await ctx.db
    .query("crew_poll_responses")
    .withIndex("by_poll_and_user", (q) =>
      afterUserId === null
        ? q.eq("pollId", pollId)
        : q.eq("pollId", pollId).gt("userId", afterUserId),
    )
    .take(PICK_BATCH);
  for (const response of batch) {
    const answer = answerFor(response.answers, poll.winningOptionId);
    if (response.userId === pickerId || answer === null || answer === "no") continue;
    event =
      answer === "yes"
        ? await changeParticipation(ctx, event, response.userId, { rsvp: "going" })
        : await inviteIfNeedBe(ctx, event, response.userId, sender);
  }
  if (batch.length === PICK_BATCH) {
    await ctx.scheduler.runAfter(0, internal.crewPolls.continuePick, {
      pollId,
      afterUserId: batch[batch.length - 1].userId,
    });
    return;
  }
  const crew = await ctx.db.get("crews", poll.crewId);
  if (crew === null || crew.memberCount <= 1) return;
  try {
    await inviteCrewToEvent(ctx, event, pickerId, crew._id);
  } catch (error) {
    // Nobody left to invite, or the picker left the crew meanwhile: the session stands.
    if (!(error instanceof ConvexError)) throw error;
  }
}

/** An If-need-be voter: a pending invitation whose notification says they said If need be. */
async function inviteIfNeedBe(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  sender: Sender,
): Promise<EventDoc> {
  const rows = await readParticipationRows(ctx, event._id, userId);
  if (rows.participant !== null || rows.member !== null) return event;
  const after = await changeParticipation(ctx, event, userId, {
    member: { role: "attendee", status: "pending", invitedBy: sender.senderId },
  });
  await notifyOfEventInvitation(ctx, after, userId, sender, {
    texts: POLL_NOTIFICATION_TEXTS.ifNeedBeInvitation(sender.senderName, event.title),
    flag: { ifNeedBe: true },
  });
  await sendEventInvitationEmail(ctx, after, userId, sender);
  return after;
}
