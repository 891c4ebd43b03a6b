/**
 * The shape of the host's waitlist (./waitlist.ts `waitlistPage`) as a
 * `returns:` validator: a person with their plus-ones and when they joined.
 */
import { v } from "convex/values";
import { doc } from "convex-helpers/validators";
import schema from "../schema";
import { personView } from "./eventValidators";

const waitlist = doc(schema, "event_waitlist").fields;

/** Someone waiting, in order (`waitlistPage`). */
export const waitlistRowValidator = v.object({
  ...personView.fields,
  plusOnes: waitlist.plusOnes,
  joinedAt: v.number(),
});
