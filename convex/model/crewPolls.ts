/**
 * Crew polls: a crew's members answer Yes / If need be / No on dated options;
 * whoever runs the poll (its creator, the crew's host or a co-host) picks the
 * winner, which becomes a private session of the crew. Rules in
 * shared/pollRules.ts, in words docs/product-rules.md#crew-polls.
 *
 * Reads stay bounded: a member's answers to every option are one document
 * (`crew_poll_responses`), each option keeps its own tallies and the poll the
 * number of members who answered, all maintained on write; the grid is a page
 * of members.
 */
import type { PaginationOptions } from "convex/server";
import { ConvexError } from "convex/values";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { crewRoleOf, type CrewStanding } from "../../shared/crewRules";
import { clampPageSize } from "../../shared/eventAccess";
import {
  addTally,
  answerFor,
  canAddPollOption,
  canRunPoll,
  canSeeCrewPolls,
  canStartPoll,
  optionKey,
  OPEN_POLLS_SHOWN,
  POLL_CLEANUP_BATCH,
  POLL_GRID_PAGE_MAX,
  POLL_MESSAGES,
  POLL_NOTIFICATION_TEXTS,
  POLL_NUDGE_COOLDOWN_MS,
  POLL_OPTIONS_MAX,
  pollCreateSchema,
  pollNudgeWaitMs,
  pollOptionSchema,
  pollPath,
  pollTimingProblem,
  optionTimeProblem,
  tallyDeltas,
  withAnswer,
  type OptionAnswer,
  type PollAnswer,
  type PollCreateInput,
  type PollOption,
  type PollOptionInput,
  type Tally,
} from "../../shared/pollRules";
import { eventPath } from "../../shared/eventSlug";
import { firstIssue } from "../../shared/profileRules";
import { getCrewMember, standingOf, type CrewAccess, type CrewDoc } from "./crews";
import { queueEmailToUser } from "./emailQueue";
import { appError } from "./errors";
import { invitationData } from "./eventNotifications";
import { inviteCrewToEvent } from "./eventInvitations";
import { createEvent, type EventDoc } from "./events";
import { sendEventInvitationEmail } from "./invitationEmails";
import { siteUrl } from "./magicLinks";
import { createNotification, eventInvitationKey, senderOf, type Sender } from "./notifications";
import { changeParticipation, readParticipationRows } from "./participation";
import { getProfileByUserId } from "./profiles";
import { profileDisplayName } from "../../shared/profileNames";
import { enforceSenderLimit } from "./senderLimits";

export type PollDoc = Doc<"crew_polls">;
export type PollOptionDoc = Doc<"crew_poll_options">;
export type PollResponseDoc = Doc<"crew_poll_responses">;
type OptionId = Id<"crew_poll_options">;

/** Members whose answers are applied to the new session in one mutation; the rest scheduled. */
export const PICK_BATCH = 100;

// ---------------------------------------------------------------- access

export type PollAccess = {
  poll: PollDoc;
  crew: CrewDoc;
  viewerId: Id<"users">;
  standing: CrewStanding;
};

function pollNotFound() {
  return appError("NOT_FOUND", POLL_MESSAGES.notFound);
}

/**
 * The one door to a poll by its id: the poll, its crew and the viewer's
 * standing, guaranteed to be an accepted member of the crew. Anyone else
 * (signed out, a stranger, an invitee, a former member) is answered 'Poll not
 * found', word for word the answer for a poll that does not exist.
 */
export async function getPollEnsuringAccess(
  ctx: QueryCtx,
  pollId: string,
  viewerId: Id<"users"> | null,
): Promise<PollAccess> {
  const id = ctx.db.normalizeId("crew_polls", pollId.trim());
  const poll = id === null ? null : await ctx.db.get("crew_polls", id);
  if (poll === null || viewerId === null) throw pollNotFound();
  const crew = await ctx.db.get("crews", poll.crewId);
  if (crew === null) throw pollNotFound();
  const standing = standingOf(crew, viewerId, await getCrewMember(ctx, crew._id, viewerId));
  if (standing === null || !canSeeCrewPolls(standing)) throw pollNotFound();
  return { poll, crew, viewerId, standing };
}

function isPollCreator(access: PollAccess): boolean {
  return access.poll.createdBy === access.viewerId;
}

function ensureOpen(poll: PollDoc): void {
  if (poll.status !== "open") throw appError("VALIDATION", POLL_MESSAGES.closed);
}

function validation(error: Parameters<typeof firstIssue>[0]) {
  const { field, message } = firstIssue(error);
  return appError("VALIDATION", message, { field });
}

async function getResponse(ctx: QueryCtx, pollId: Id<"crew_polls">, userId: Id<"users">) {
  return await ctx.db
    .query("crew_poll_responses")
    .withIndex("by_poll_and_user", (q) => q.eq("pollId", pollId).eq("userId", userId))
    .unique();
}

async function optionsOf(ctx: QueryCtx, pollId: Id<"crew_polls">): Promise<PollOptionDoc[]> {
  return await ctx.db
    .query("crew_poll_options")
    .withIndex("by_poll", (q) => q.eq("pollId", pollId))
    .take(POLL_OPTIONS_MAX);
}

function optionFields(option: PollOption) {
  return {
    startTime: option.startTime,
    location: option.location ?? option.place?.address ?? null,
    placeId: option.place?.placeId ?? null,
    placeName: option.place?.placeName || null,
    latitude: option.place?.latitude ?? null,
    longitude: option.place?.longitude ?? null,
  };
}

function optionAsInput(option: PollOptionDoc): PollOption {
  return {
    startTime: option.startTime,
    location: option.location,
    place:
      option.placeId === null || option.latitude === null || option.longitude === null
        ? null
        : {
            placeId: option.placeId,
            placeName: option.placeName ?? "",
            address: option.location,
            latitude: option.latitude,
            longitude: option.longitude,
          },
  };
}

function tallyOf(option: PollOptionDoc): Tally {
  return { yes: option.yesCount, if_need_be: option.ifNeedBeCount, no: option.noCount };
}

// ---------------------------------------------------------------- starting

/** Starts a poll in a crew (any accepted member); nothing is written when the input fails. */
export async function createPoll(
  ctx: MutationCtx,
  access: CrewAccess,
  input: PollCreateInput,
  now: number = Date.now(),
): Promise<Id<"crew_polls">> {
  // Someone who may not see the crew's polls learns nothing more than from the crew page.
  if (access.viewerId === null || !canStartPoll(access.standing))
    throw appError("FORBIDDEN", POLL_MESSAGES.notAMemberSelf);
  const parsed = pollCreateSchema.safeParse(input);
  if (!parsed.success) throw validation(parsed.error);
  const poll = parsed.data;
  const problem = pollTimingProblem(poll, now);
  if (problem !== null) throw appError("VALIDATION", problem.message, { field: problem.field });
  const pollId = await ctx.db.insert("crew_polls", {
    crewId: access.crew._id,
    createdBy: access.viewerId,
    title: poll.title,
    status: "open",
    deadline: poll.deadline,
    allowMemberOptions: poll.allowMemberOptions,
    timeZone: poll.timeZone ?? "UTC",
    optionCount: poll.options.length,
    answeredCount: 0,
    createdAt: now,
    closedAt: null,
    winningOptionId: null,
    eventId: null,
  });
  for (const option of poll.options) {
    await ctx.db.insert("crew_poll_options", {
      pollId,
      crewId: access.crew._id,
      ...optionFields(option),
      addedBy: access.viewerId,
      yesCount: 0,
      ifNeedBeCount: 0,
      noCount: 0,
    });
  }
  if (poll.deadline !== null)
    await ctx.scheduler.runAt(poll.deadline, internal.crewPolls.deadlinePassed, { pollId });
  return pollId;
}

/** Adds an option to an open poll (whoever runs it; members when the poll allows it). */
export async function addPollOption(
  ctx: MutationCtx,
  access: PollAccess,
  input: PollOptionInput,
  now: number = Date.now(),
): Promise<Id<"crew_poll_options">> {
  const { poll } = access;
  if (!canAddPollOption(access.standing, isPollCreator(access), poll.allowMemberOptions))
    throw appError("FORBIDDEN", POLL_MESSAGES.addingOptionsOff);
  ensureOpen(poll);
  const parsed = pollOptionSchema.safeParse(input);
  if (!parsed.success) throw validation(parsed.error);
  const option = parsed.data;
  const problem = optionTimeProblem(option.startTime, now);
  if (problem !== null) throw appError("VALIDATION", problem, { field: "startTime" });
  const existing = await optionsOf(ctx, poll._id);
  if (existing.length >= POLL_OPTIONS_MAX)
    throw appError("VALIDATION", POLL_MESSAGES.tooManyOptions);
  if (existing.some((other) => optionKey(optionAsInput(other)) === optionKey(option)))
    throw appError("VALIDATION", POLL_MESSAGES.duplicateOption);
  const id = await ctx.db.insert("crew_poll_options", {
    pollId: poll._id,
    crewId: poll.crewId,
    ...optionFields(option),
    addedBy: access.viewerId,
    yesCount: 0,
    ifNeedBeCount: 0,
    noCount: 0,
  });
  await ctx.db.patch("crew_polls", poll._id, { optionCount: existing.length + 1 });
  return id;
}

// ---------------------------------------------------------------- answering

/**
 * Writes one member's answers and moves the tallies by the difference: each
 * option touched, and the poll's count of members who answered.
 */
async function replaceAnswers(
  ctx: MutationCtx,
  poll: PollDoc,
  response: PollResponseDoc | null,
  userId: Id<"users">,
  after: OptionAnswer<OptionId>[] | null,
  now: number,
): Promise<void> {
  const before = response?.answers ?? [];
  for (const [optionId, delta] of tallyDeltas(before, after ?? [])) {
    const option = await ctx.db.get("crew_poll_options", optionId);
    if (option === null) continue;
    const tally = addTally(tallyOf(option), delta);
    await ctx.db.patch("crew_poll_options", optionId, {
      yesCount: tally.yes,
      ifNeedBeCount: tally.if_need_be,
      noCount: tally.no,
    });
  }
  const answeredDelta = Number((after ?? []).length > 0) - Number(before.length > 0);
  if (answeredDelta !== 0) {
    const current = (await ctx.db.get("crew_polls", poll._id)) ?? poll;
    await ctx.db.patch("crew_polls", poll._id, {
      answeredCount: Math.max(0, current.answeredCount + answeredDelta),
    });
  }
  if (after === null) {
    if (response !== null) await ctx.db.delete("crew_poll_responses", response._id);
  } else if (response === null) {
    await ctx.db.insert("crew_poll_responses", {
      pollId: poll._id,
      crewId: poll.crewId,
      userId,
      answers: after,
      answeredAt: after.length > 0 ? now : null,
      nudgedAt: null,
    });
  } else {
    await ctx.db.patch("crew_poll_responses", response._id, {
      answers: after,
      answeredAt: after.length > 0 ? now : null,
    });
  }
}

/** The viewer's answer to one option (null clears it); refused once the poll is closed. */
export async function answerPoll(
  ctx: MutationCtx,
  access: PollAccess,
  optionIdText: string,
  answer: PollAnswer | null,
  now: number = Date.now(),
): Promise<void> {
  const { poll, viewerId } = access;
  ensureOpen(poll);
  const optionId = ctx.db.normalizeId("crew_poll_options", optionIdText.trim());
  const option = optionId === null ? null : await ctx.db.get("crew_poll_options", optionId);
  if (option === null || option.pollId !== poll._id)
    throw appError("VALIDATION", POLL_MESSAGES.optionNotFound, { field: "optionId" });
  const response = await getResponse(ctx, poll._id, viewerId);
  const after = withAnswer(response?.answers ?? [], option._id, answer);
  await replaceAnswers(ctx, poll, response, viewerId, after, now);
}

// ---------------------------------------------------------------- nudging

/** A member who has not answered is asked to, in the app and by e-mail as they allow; once per 12 h each. */
export async function nudgeMember(
  ctx: MutationCtx,
  access: PollAccess,
  userId: Id<"users">,
  now: number = Date.now(),
): Promise<{ message: string }> {
  const { poll, crew, viewerId } = access;
  if (!canRunPoll(access.standing, isPollCreator(access)))
    throw appError("FORBIDDEN", POLL_MESSAGES.cannotNudge);
  ensureOpen(poll);
  if (userId === viewerId) throw appError("VALIDATION", POLL_MESSAGES.cannotNudgeSelf);
  const standing = standingOf(crew, userId, await getCrewMember(ctx, crew._id, userId));
  if (standing === null || crewRoleOf(standing) === null)
    throw appError("VALIDATION", POLL_MESSAGES.notAMember);
  const response = await getResponse(ctx, poll._id, userId);
  if (response !== null && response.answers.length > 0)
    throw appError("VALIDATION", POLL_MESSAGES.alreadyAnswered);
  const waitMs = pollNudgeWaitMs(response?.nudgedAt ?? null, now);
  if (waitMs > 0)
    throw appError("RATE_LIMITED", POLL_MESSAGES.nudgedRecently(waitMs), { retryAfterMs: waitMs });
  await enforceSenderLimit(ctx, "nudge", viewerId, 1, now);
  if (response === null) {
    await ctx.db.insert("crew_poll_responses", {
      pollId: poll._id,
      crewId: crew._id,
      userId,
      answers: [],
      answeredAt: null,
      nudgedAt: now,
    });
  } else {
    await ctx.db.patch("crew_poll_responses", response._id, { nudgedAt: now });
  }
  const sender = await senderOf(ctx, viewerId);
  const path = pollPath(crew._id, poll._id);
  await createNotification(ctx, {
    userId,
    type: "poll_nudge",
    ...POLL_NOTIFICATION_TEXTS.nudge(sender.senderName, poll.title),
    data: {
      crewId: crew._id,
      crewName: crew.name,
      pollId: poll._id,
      pollTitle: poll.title,
      pollPath: path,
    },
    sender,
    crewId: crew._id,
  });
  const site = siteUrl();
  await queueEmailToUser(ctx, userId, {
    category: "event_invitation",
    template: "poll_nudge",
    props: () =>
      Promise.resolve({
        pollTitle: poll.title,
        crewName: crew.name,
        senderName: sender.senderName,
        optionCount: poll.optionCount,
        pollUrl: `${site}${path}`,
      }),
    data: { poll_id: poll._id, crew_id: crew._id, sender_name: sender.senderName },
    digest: {
      category: "event_invitation",
      title: `${sender.senderName} asks you to answer "${poll.title}"`,
      detail: crew.name,
      url: `${site}${path}`,
      expiresAt: poll.deadline ?? now + 7 * 24 * 3600_000,
    },
  });
  const name = (await getProfileByUserId(ctx, userId)) ?? null;
  return { message: POLL_MESSAGES.nudged(name === null ? "them" : profileDisplayName(name)) };
}

/** The scheduled check at a poll's deadline: its creator hears when nobody picked a winner. */
export async function notifyDeadlinePassed(
  ctx: MutationCtx,
  pollId: Id<"crew_polls">,
  now: number = Date.now(),
): Promise<void> {
  const poll = await ctx.db.get("crew_polls", pollId);
  if (poll === null || poll.status !== "open" || poll.deadline === null || poll.deadline > now)
    return;
  const crew = await ctx.db.get("crews", poll.crewId);
  if (crew === null) return;
  await createNotification(ctx, {
    userId: poll.createdBy,
    type: "poll_deadline",
    ...POLL_NOTIFICATION_TEXTS.deadlinePassed(poll.title),
    data: {
      crewId: crew._id,
      crewName: crew.name,
      pollId: poll._id,
      pollTitle: poll.title,
      pollPath: pollPath(crew._id, poll._id),
    },
    crewId: crew._id,
  });
}

// ---------------------------------------------------------------- picking the winner

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
  await createNotification(ctx, {
    userId,
    type: "event_invitation",
    ...POLL_NOTIFICATION_TEXTS.ifNeedBeInvitation(sender.senderName, event.title),
    data: { ...invitationData(after, sender), ifNeedBe: true },
    sender,
    invitationKey: eventInvitationKey(event._id),
    eventId: event._id,
  });
  await sendEventInvitationEmail(ctx, after, userId, sender);
  return after;
}

// ---------------------------------------------------------------- reading

/** The crew page's open polls, newest first (at most OPEN_POLLS_SHOWN), for its members. */
export async function openPollsOfCrew(ctx: QueryCtx, access: CrewAccess) {
  if (!canSeeCrewPolls(access.standing)) return { canStart: false, polls: [] };
  const polls = await ctx.db
    .query("crew_polls")
    .withIndex("by_crew_and_status", (q) => q.eq("crewId", access.crew._id).eq("status", "open"))
    .order("desc")
    .take(OPEN_POLLS_SHOWN);
  return {
    canStart: canStartPoll(access.standing),
    polls: polls.map((poll) => ({
      _id: poll._id,
      title: poll.title,
      optionCount: poll.optionCount,
      answeredCount: poll.answeredCount,
      deadline: poll.deadline,
      path: pollPath(poll.crewId, poll._id),
    })),
  };
}

/** The poll page's head: the poll, its options with their tallies, the viewer's answers and rights. */
export async function pollView(ctx: QueryCtx, access: PollAccess) {
  const { poll, crew, viewerId } = access;
  const options = await optionsOf(ctx, poll._id);
  const mine = await getResponse(ctx, poll._id, viewerId);
  const creator = isPollCreator(access);
  const event = poll.eventId === null ? null : await ctx.db.get("events", poll.eventId);
  return {
    poll: {
      _id: poll._id,
      title: poll.title,
      status: poll.status,
      deadline: poll.deadline,
      allowMemberOptions: poll.allowMemberOptions,
      answeredCount: poll.answeredCount,
      createdAt: poll.createdAt,
      winningOptionId: poll.winningOptionId,
      eventId: poll.eventId,
      /** The session the winner became (null while open, or once that session is deleted). */
      eventPath: event === null ? null : eventPath(event),
    },
    crew: { _id: crew._id, name: crew.name, memberCount: crew.memberCount },
    options: options.map((option) => ({
      _id: option._id,
      startTime: option.startTime,
      location: option.location,
      placeName: option.placeName,
      tally: tallyOf(option),
    })),
    viewer: {
      userId: viewerId,
      answers: mine?.answers ?? [],
      canRun: canRunPoll(access.standing, creator),
      canAddOption: canAddPollOption(access.standing, creator, poll.allowMemberOptions),
    },
  };
}

/**
 * One page of the grid: the crew's accepted members (at most
 * POLL_GRID_PAGE_MAX), each with their name, answers and whether they may be
 * nudged now: three reads per member.
 */
export async function pollGridPage(
  ctx: QueryCtx,
  access: PollAccess,
  paginationOpts: PaginationOptions,
) {
  const { poll, crew, viewerId } = access;
  const canNudge = poll.status === "open" && canRunPoll(access.standing, isPollCreator(access));
  const result = await ctx.db
    .query("crew_members")
    .withIndex("by_crew_and_status", (q) => q.eq("crewId", crew._id).eq("status", "accepted"))
    .paginate({
      ...paginationOpts,
      numItems: clampPageSize(paginationOpts.numItems, POLL_GRID_PAGE_MAX),
    });
  const page = await Promise.all(
    result.page.map(async (member) => {
      const [profile, response] = await Promise.all([
        getProfileByUserId(ctx, member.userId),
        getResponse(ctx, poll._id, member.userId),
      ]);
      const answers = response?.answers ?? [];
      return {
        userId: member.userId,
        displayName: profile === null ? "Someone" : profileDisplayName(profile),
        isViewer: member.userId === viewerId,
        answers,
        nextNudgeAt: response?.nudgedAt == null ? null : response.nudgedAt + POLL_NUDGE_COOLDOWN_MS,
        canNudge: canNudge && answers.length === 0 && member.userId !== viewerId,
      };
    }),
  );
  return { ...result, page };
}

// ---------------------------------------------------------------- clean-up

/**
 * A member left the crew (or was removed, or deleted their account): their
 * answers go, the tallies with them, a batch at a time. Skipped once they are
 * back in the crew.
 */
export async function removeAnswersOfDepartedMember(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  userId: Id<"users">,
): Promise<void> {
  const crew = await ctx.db.get("crews", crewId);
  if (crew !== null) {
    const standing = standingOf(crew, userId, await getCrewMember(ctx, crewId, userId));
    if (standing !== null && crewRoleOf(standing) !== null) return;
  }
  const rows = await ctx.db
    .query("crew_poll_responses")
    .withIndex("by_crew_and_user", (q) => q.eq("crewId", crewId).eq("userId", userId))
    .take(POLL_CLEANUP_BATCH);
  for (const row of rows) {
    const poll = await ctx.db.get("crew_polls", row.pollId);
    if (poll === null) await ctx.db.delete("crew_poll_responses", row._id);
    else await replaceAnswers(ctx, poll, row, userId, null, Date.now());
  }
  if (rows.length === POLL_CLEANUP_BATCH)
    await ctx.scheduler.runAfter(0, internal.crewPolls.removeDepartedAnswers, { crewId, userId });
}

/** A deleted crew's poll rows, at most `limit` (its clean-up batches call this until none are left). */
export async function deletePollRowsOfCrew(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  limit: number,
): Promise<number> {
  let deleted = 0;
  const responses = await ctx.db
    .query("crew_poll_responses")
    .withIndex("by_crew_and_user", (q) => q.eq("crewId", crewId))
    .take(limit);
  for (const row of responses) await ctx.db.delete("crew_poll_responses", row._id);
  deleted += responses.length;
  if (deleted >= limit) return deleted;
  const options = await ctx.db
    .query("crew_poll_options")
    .withIndex("by_crew", (q) => q.eq("crewId", crewId))
    .take(limit - deleted);
  for (const row of options) await ctx.db.delete("crew_poll_options", row._id);
  deleted += options.length;
  if (deleted >= limit) return deleted;
  const polls = await ctx.db
    .query("crew_polls")
    .withIndex("by_crew_and_status", (q) => q.eq("crewId", crewId))
    .take(limit - deleted);
  for (const row of polls) await ctx.db.delete("crew_polls", row._id);
  return deleted + polls.length;
}
