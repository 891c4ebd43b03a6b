/**
 * The shapes of what announcement queries return (./announcements.ts builds
 * them) as `returns:` validators: an announcement as the session page lists
 * it, and the composer's allowance. The announcement's own fields reuse the
 * schema's validators, so a field retyped there is retyped here.
 */
import { v } from "convex/values";
import { doc, nullable } from "convex-helpers/validators";
import schema from "../schema";
import { personView } from "./eventValidators";

const announcement = doc(schema, "event_announcements").fields;

/** An announcement with its author (`announcementsPage`). */
export const announcementViewValidator = v.object({
  _id: announcement._id,
  text: announcement.text,
  groups: announcement.groups,
  postedAt: v.number(),
  author: personView,
});

/** How many announcements the host may still post today, or null for anyone else (`composerState`). */
export const composerStateValidator = nullable(v.object({ left: v.number() }));
