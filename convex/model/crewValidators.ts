/**
 * The shapes of what crew queries return (./crewViews.ts builds them) as
 * `returns:` validators: the crew's summary, what the viewer may do to it,
 * its member rows, a crew card and the crew's sessions. The crew's own
 * fields reuse the schema's validators, so a field retyped there is retyped here.
 */
import { v } from "convex/values";
import { doc, nullable } from "convex-helpers/validators";
import schema from "../schema";
import { personView } from "./eventValidators";

const crew = doc(schema, "crews").fields;
const crewMember = doc(schema, "crew_members").fields;
const event = doc(schema, "events").fields;

/** A crew as every crew view shows it (`crewSummary`). */
const crewSummaryFields = {
  _id: crew._id,
  name: crew.name,
  description: crew.description,
  vibe: crew.vibe,
  isPublic: crew.isPublic,
  memberCount: crew.memberCount,
  createdBy: crew.createdBy,
  createdAt: crew.createdAt,
};

/** What one may do to a crew as a whole (`crewActions`). */
const crewActionFields = {
  canEdit: v.boolean(),
  canInvite: v.boolean(),
  canDelete: v.boolean(),
  canLeave: v.boolean(),
};

/** The crew page's header (`crewPageView`). */
export const crewPageValidator = v.object({
  crew: v.object({ ...crewSummaryFields, pendingCount: crew.pendingCount }),
  viewer: v.object({
    signedIn: v.boolean(),
    role: nullable(crewMember.role),
    isMember: v.boolean(),
    hasPendingInvitation: v.boolean(),
    ...crewActionFields,
    canSeeInvitations: v.boolean(),
  }),
});

/** A row of the crew's people (`membershipPage`), before what the viewer may do to them. */
const membershipFields = {
  ...personView.fields,
  memberId: crewMember._id,
  role: crewMember.role,
  status: crewMember.status,
  joinedAt: crewMember.joinedAt,
  invitedAt: crewMember.createdAt,
};

/** An accepted member, with whether the viewer may promote, demote or remove them. */
export const crewMemberValidator = v.object({
  ...membershipFields,
  canPromote: v.boolean(),
  canDemote: v.boolean(),
  canRemove: v.boolean(),
});

/** A crew in a list, with the user's role in it (`crewCard`). */
export const crewCardValidator = v.object({
  ...crewSummaryFields,
  role: nullable(crewMember.role),
  ...crewActionFields,
});

/** A session on the crew page (`crewSessions`). */
const crewSessionValidator = v.object({
  _id: event._id,
  title: event.title,
  startTime: event.startTime,
  endTime: event.endTime,
  durationType: event.durationType,
  vibe: event.vibe,
  isPublic: event.isPublic,
  path: v.string(),
  attendeeCount: event.attendeeCount,
  crewAttending: v.number(),
  invited: v.boolean(),
  countsForCrew: v.boolean(),
});

/** The crew's sessions, upcoming and past. */
export const crewSessionsValidator = v.object({
  upcoming: v.array(crewSessionValidator),
  past: v.array(crewSessionValidator),
});

/** A pending invitation, with whether the viewer may withdraw it (`crewInvitationsPage`). */
export const crewInvitationValidator = v.object({ ...membershipFields, canWithdraw: v.boolean() });

const inviteLink = doc(schema, "crew_invitations").fields;

/** What the join page shows for a code (`inviteLinkInfo`): the crew while the link works, else nothing. */
export const inviteLinkInfoValidator = v.union(
  v.object({ status: v.literal("invalid"), crew: v.null() }),
  v.object({
    status: v.union(v.literal("valid"), v.literal("already_member")),
    crew: v.object({
      _id: crew._id,
      name: crew.name,
      vibe: crew.vibe,
      description: crew.description,
      memberCount: crew.memberCount,
      isPublic: crew.isPublic,
    }),
    expiresAt: inviteLink.expiresAt,
  }),
);

/** The crew's invite links that work now, for the share dialog (`workingInviteLinks`). */
export const workingInviteLinksValidator = v.array(
  v.object({
    inviteCode: inviteLink.inviteCode,
    path: v.string(),
    expiresAt: inviteLink.expiresAt,
    maxUses: inviteLink.maxUses,
    currentUses: inviteLink.currentUses,
    createdAt: inviteLink.createdAt,
    madeByYou: v.boolean(),
  }),
);
