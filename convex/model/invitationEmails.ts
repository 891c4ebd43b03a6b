/**
 * Invitation e-mails: when someone is invited to a session or
 * a crew, they get an e-mail with Accept and Decline links — each a token
 * (shared/invitationTokens.ts) for that user and invitation, valid 48 hours —
 * as their e-mail preferences allow. Delivery is scheduled, so a failing
 * e-mail is only logged and never undoes the invitation.
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { APP_NAME } from "../../shared/brand";
import { calendarLocation } from "../../shared/calendar";
import { crewPath } from "../../shared/crewRules";
import { formatEventDate, formatEventTime } from "../../shared/eventTiming";
import { eventPath } from "../../shared/eventSlug";
import {
  generateInvitationToken,
  INVITATION_TOKEN_LIFETIME_MS,
  INVITATION_TOKEN_LIFETIME_TEXT,
  invitationPath,
  type InvitationAction,
} from "../../shared/invitationTokens";
import type { CrewDoc } from "./crews";
import { queueEmailToUser } from "./emailQueue";
import type { EventDoc } from "./events";
import { siteUrl } from "./magicLinks";
import { crewInvitationKey, eventInvitationKey, type Sender } from "./notifications";

type Target = { type: "event"; event: EventDoc } | { type: "crew"; crew: CrewDoc };

function invitationKeyOf(target: Target): string {
  return target.type === "event"
    ? eventInvitationKey(target.event._id)
    : crewInvitationKey(target.crew._id);
}

/** Issues the accept and decline tokens of one invitation; returns their absolute links. */
export async function issueInvitationTokens(
  ctx: MutationCtx,
  target: Target,
  userId: Id<"users">,
  now: number = Date.now(),
): Promise<{ acceptUrl: string; declineUrl: string }> {
  const site = siteUrl();
  const expiresAt = now + INVITATION_TOKEN_LIFETIME_MS;
  const urls: Record<InvitationAction, string> = { accept: "", decline: "" };
  for (const action of ["accept", "decline"] as const) {
    const token = generateInvitationToken(target.type, action);
    await ctx.db.insert("invitation_tokens", {
      token,
      invitationType: target.type,
      action,
      eventId: target.type === "event" ? target.event._id : null,
      crewId: target.type === "crew" ? target.crew._id : null,
      invitationKey: invitationKeyOf(target),
      userId,
      expiresAt,
      used: false,
      responseStatus: null,
      createdAt: now,
      updatedAt: now,
    });
    urls[action] = `${site}${invitationPath(target.type, action, token)}`;
  }
  return { acceptUrl: urls.accept, declineUrl: urls.decline };
}

/** When, where and the link of a session, as e-mails print them (in the session's time zone). */
export function eventEmailDetails(event: EventDoc) {
  return {
    eventTitle: event.title,
    eventDateTime: `${formatEventDate(event.startTime, event.timeZone)} at ${formatEventTime(event.startTime, event.timeZone)}`,
    eventLocation: calendarLocation(event) || null,
    eventUrl: `${siteUrl()}${eventPath(event)}`,
  };
}

/** The invitation e-mail (with its tokens) to a user just invited to a session. */
export async function sendEventInvitationEmail(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  sender: Sender,
): Promise<void> {
  const details = eventEmailDetails(event);
  await queueEmailToUser(ctx, userId, {
    category: "event_invitation",
    template: "event_invitation",
    props: async () => ({
      ...details,
      ...(await issueInvitationTokens(ctx, { type: "event", event }, userId)),
      inviterName: sender.senderName,
      validFor: INVITATION_TOKEN_LIFETIME_TEXT,
    }),
    data: {
      event_id: event._id,
      event_title: event.title,
      inviter_name: sender.senderName,
      event_date_time: event.startTime,
      event_location: details.eventLocation,
    },
    digest: {
      category: "event_invitation",
      title: `${sender.senderName} invited you to ${event.title}`,
      detail: details.eventDateTime,
      url: details.eventUrl,
      expiresAt: event.startTime,
    },
  });
}

/** The invitation e-mail to a user just invited to a crew (template and preference `crew_invitation`). */
export async function sendCrewInvitationEmail(
  ctx: MutationCtx,
  crew: CrewDoc,
  userId: Id<"users">,
  sender: Sender,
): Promise<void> {
  const crewUrl = `${siteUrl()}${crewPath(crew._id)}`;
  await queueEmailToUser(ctx, userId, {
    category: "crew_invitation",
    template: "crew_invitation",
    props: async () => ({
      ...(await issueInvitationTokens(ctx, { type: "crew", crew }, userId)),
      crewName: crew.name,
      inviterName: sender.senderName,
      crewDescription: crew.description,
      memberCount: crew.memberCount,
      crewUrl,
      validFor: INVITATION_TOKEN_LIFETIME_TEXT,
    }),
    data: {
      crewId: crew._id,
      crewName: crew.name,
      inviterName: sender.senderName,
      memberCount: crew.memberCount,
    },
    digest: {
      category: "crew_invitation",
      title: `${sender.senderName} invited you to join ${crew.name} on ${APP_NAME}`,
      detail: crew.description ?? `${crew.memberCount} members`,
      url: crewUrl,
      expiresAt: null,
    },
  });
}
