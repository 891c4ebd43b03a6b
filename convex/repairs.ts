/**
 * Repairs of data stored before today's input rules, on the `@convex-dev/migrations`
 * component: each runs over its table in batches, records its progress (a
 * run that stops resumes where it was), and is idempotent, so running it
 * again changes nothing. Run them all, one after the other:
 *
 *   npx convex run repairs:run
 *
 * Sessions whose times cannot be shown; user text that breaks the rule of
 * shared/userText.ts (model/repairs.ts says how each is repaired); crews'
 * attendance of sessions counted before it was recorded per member.
 */
import { Migrations } from "@convex-dev/migrations";
import { components, internal } from "./_generated/api";
import type { DataModel } from "./_generated/dataModel";
import { recountCrewEvent, syncCrewsOfAttendee } from "./model/crewAttendance";
import { REPAIR_PLACEHOLDERS, repairEvent, repairedProfile, repairedText } from "./model/repairs";

const migrations = new Migrations<DataModel>(components.migrations);

export const repairEvents = migrations.define({
  table: "events",
  migrateOne: async (ctx, event) => await repairEvent(ctx, event),
});

export const repairProfiles = migrations.define({
  table: "user_profiles",
  migrateOne: (_ctx, profile) => repairedProfile(profile),
});

export const repairCrews = migrations.define({
  table: "crews",
  migrateOne: (_ctx, crew) =>
    repairedText(crew, {
      name: { whenBlank: REPAIR_PLACEHOLDERS.crewName },
      description: { multiline: true },
    }),
});

export const repairComments = migrations.define({
  table: "event_comments",
  migrateOne: (_ctx, comment) =>
    repairedText(comment, { content: { multiline: true, whenBlank: REPAIR_PLACEHOLDERS.comment } }),
});

export const repairRatings = migrations.define({
  table: "event_ratings",
  migrateOne: (_ctx, rating) => repairedText(rating, { feedback: { multiline: true } }),
});

export const repairPhotos = migrations.define({
  table: "event_photos",
  migrateOne: (_ctx, photo) => repairedText(photo, { caption: {} }),
});

/** Every repair, in order (`npx convex run repairs:run`). */
/**
 * Crews' attendance of sessions, rebuilt through the rows that say who is
 * counted (model/crewAttendance.ts), which counts kept before those rows
 * existed lack: each link of a session still on is set to its counted rows,
 * then each attendee of a session still on is counted for every crew of theirs.
 */
export const recountCrewAttendance = migrations.define({
  table: "crew_events",
  batchSize: 20,
  migrateOne: async (ctx, link) => await recountCrewEvent(ctx, link),
});

export const countCrewAttendees = migrations.define({
  table: "event_participants",
  // Each may count a person for up to 100 crews here (more in scheduled batches).
  batchSize: 10,
  migrateOne: async (ctx, row) => {
    if (!row.past) await syncCrewsOfAttendee(ctx, row.eventId, row.userId);
  },
});

export const run = migrations.runner([
  internal.repairs.repairEvents,
  internal.repairs.repairProfiles,
  internal.repairs.repairCrews,
  internal.repairs.repairComments,
  internal.repairs.repairRatings,
  internal.repairs.repairPhotos,
  internal.repairs.recountCrewAttendance,
  internal.repairs.countCrewAttendees,
]);
