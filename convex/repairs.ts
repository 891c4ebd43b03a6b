/**
 * Repairs of stored data (issue 16), on the `@convex-dev/migrations`
 * component: each runs over its table in batches, records its progress (a
 * run that stops resumes where it was), and is idempotent, so running it
 * again changes nothing. Run them all, one after the other:
 *
 *   npx convex run repairs:run
 *
 * Sessions whose times cannot be shown; user text that breaks the rule of
 * shared/userText.ts (model/repairs.ts says how each is repaired).
 */
import { Migrations } from "@convex-dev/migrations";
import { components, internal } from "./_generated/api";
import type { DataModel } from "./_generated/dataModel";
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
export const run = migrations.runner([
  internal.repairs.repairEvents,
  internal.repairs.repairProfiles,
  internal.repairs.repairCrews,
  internal.repairs.repairComments,
  internal.repairs.repairRatings,
  internal.repairs.repairPhotos,
]);
