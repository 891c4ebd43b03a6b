/**
 * The demo world for a fresh local backend (model/demoWorld.ts). Internal:
 * `npm start` calls them; both refuse unless debug pages are enabled (a local
 * backend, or CLINK_DEBUG_PAGES=true), so they never run on a real deployment unasked.
 */
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { seedDemoWorld, seedPastEvent, wipeDemoWorld } from "./model/demoWorld";

/** Seeds the demo world unless it exists; `force` wipes and re-seeds. `timeZone`: the demo hosts' zone. */
export const demoWorld = internalMutation({
  args: { force: v.optional(v.boolean()), timeZone: v.optional(v.string()) },
  handler: async (ctx, args) => await seedDemoWorld(ctx, args),
});

/** Removes the demo world (its people and everything they made). */
export const wipeDemo = internalMutation({
  args: {},
  handler: async (ctx) => await wipeDemoWorld(ctx),
});

/** A session that ended already, with the given host and attendees (by e-mail): for recap tests and demos. */
export const pastEvent = internalMutation({
  args: {
    hostEmail: v.string(),
    attendeeEmails: v.array(v.string()),
    title: v.string(),
    startedHoursAgo: v.number(),
    isPublic: v.optional(v.boolean()),
  },
  handler: async (ctx, args) => await seedPastEvent(ctx, args),
});
