/**
 * The scheduled side of reminders and nudges (model/reminders.ts,
 * model/nudges.ts): each job, and the continuation of a long page run.
 */
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { autoNudge, nudgePage } from "./model/nudges";
import { sendReminderPage } from "./model/reminders";
import { senderOf } from "./model/notifications";

/** A reminder job (or its next page): the e-mail 1 h before, the in-app 30 min before, the automatic nudge 3 h before. */
export const fire = internalMutation({
  args: {
    eventId: v.id("events"),
    kind: v.union(v.literal("email"), v.literal("in_app"), v.literal("nudge")),
    startTime: v.number(),
    cursor: v.union(v.string(), v.null()),
  },
  handler: async (ctx, { eventId, kind, startTime, cursor }) => {
    if (kind === "nudge") await autoNudge(ctx, eventId, startTime);
    else await sendReminderPage(ctx, eventId, kind, startTime, cursor);
  },
});

/** The next page of invitees of a nudge. */
export const continueNudge = internalMutation({
  args: { eventId: v.id("events"), senderId: v.id("users"), cursor: v.string() },
  handler: async (ctx, { eventId, senderId, cursor }) => {
    const event = await ctx.db.get("events", eventId);
    if (event === null || event.ended) return;
    await nudgePage(ctx, event, await senderOf(ctx, senderId), cursor);
  },
});
