/** The check-in queries' `returns:` validators (./checkIns.ts builds what they describe). */
import { v } from "convex/values";
import { nullable } from "convex-helpers/validators";
import { CHECK_IN_STATUSES } from "../../shared/checkInRules";

const statusValidator = v.union(...CHECK_IN_STATUSES.map((value) => v.literal(value)));

const personValidator = v.object({ userId: v.id("users"), displayName: v.string() });

const checkInViewValidator = v.object({
  _id: v.id("check_ins"),
  status: statusValidator,
  dueAt: v.number(),
  owner: personValidator,
  buddies: v.array(personValidator),
  closedBy: nullable(personValidator),
  lastStop: nullable(v.string()),
});

export const checkInsForEventValidator = nullable(
  v.object({
    mine: nullable(checkInViewValidator),
    watching: v.array(checkInViewValidator),
    canStart: v.boolean(),
    startTime: v.number(),
    endTime: v.number(),
    defaultDueAt: v.number(),
  }),
);

export const buddyCandidatesValidator = v.array(personValidator);

const bannerSessionFields = {
  eventId: v.id("events"),
  eventTitle: v.string(),
  eventPath: v.string(),
};

export const openCheckInsValidator = nullable(
  v.object({
    mine: v.array(
      v.object({ ...bannerSessionFields, status: statusValidator, dueAt: v.number() }),
    ),
    alerts: v.array(
      v.object({ ...bannerSessionFields, checkInId: v.id("check_ins"), ownerName: v.string() }),
    ),
  }),
);
