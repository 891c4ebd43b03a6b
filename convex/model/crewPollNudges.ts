/**
 * Asking a member who has not answered a poll to do so (once per 12 h each,
 * and within the sender's nudge limit), and telling a poll's creator when its
 * deadline passed with no winner picked.
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { crewRoleOf } from "../../shared/crewRules";
import {
  canRunPoll,
  POLL_MESSAGES,
  POLL_NOTIFICATION_TEXTS,
  pollNudgeWaitMs,
  pollPath,
} from "../../shared/pollRules";
import { profileDisplayName } from "../../shared/profileNames";
import { getCrewMember, standingOf } from "./crews";
import { ensureOpen, getResponse, isPollCreator, type PollAccess } from "./crewPolls";
import { queueEmailToUser } from "./emailQueue";
import { appError } from "./errors";
import { siteUrl } from "./magicLinks";
import { createNotification, senderOf } from "./notifications";
import { getProfileByUserId } from "./profiles";
import { enforceSenderLimit } from "./senderLimits";

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
