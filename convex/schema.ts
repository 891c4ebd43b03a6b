/**
 * Every table with its indexes, and the validators shared by functions.
 *
 * Naming: table names follow the spec (`user_profiles`, `email_logs`);
 * fields are camelCase, as Convex and `@convex-dev/auth` write them.
 * Optional profile text is stored as null (spec: "empty strings are saved as null").
 */
import { authTables } from "@convex-dev/auth/server";
import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import { FAVORITE_DRINKS } from "../shared/drinks";
import { PROFILE_VISIBILITIES } from "../shared/profileRules";

export const profileVisibilityValidator = v.union(...PROFILE_VISIBILITIES.map((value) => v.literal(value)));

export const favoriteDrinkValidator = v.union(...FAVORITE_DRINKS.map((value) => v.literal(value)));

/** Counts shown on the profile's stat tiles, maintained on write by the areas that own them. */
export const profileStatsValidator = v.object({
  /** Sessions (events) hosted. */
  sessions: v.number(),
  /** RSVPs given. */
  rsvps: v.number(),
  /** Accepted crew memberships. */
  crews: v.number(),
});

export const EMAIL_TYPES = ["magic_link", "crew_invitation", "event_invitation", "event_reminder", "test"] as const;
export const emailTypeValidator = v.union(...EMAIL_TYPES.map((value) => v.literal(value)));

export const EMAIL_STATUSES = ["pending", "sent", "failed", "bounced"] as const;
export const emailStatusValidator = v.union(...EMAIL_STATUSES.map((value) => v.literal(value)));

export const emailDeliveryValidator = v.union(v.literal("resend"), v.literal("outbox"));

export default defineSchema({
  ...authTables,

  user_profiles: defineTable({
    userId: v.id("users"),
    /** Unique, lower case, a-z 0-9 _, 3–30 characters. */
    username: v.string(),
    displayName: v.union(v.string(), v.null()),
    nickname: v.union(v.string(), v.null()),
    bio: v.union(v.string(), v.null()),
    tagline: v.union(v.string(), v.null()),
    /** An uploaded avatar in Convex file storage; wins over `avatarUrl`. */
    avatarStorageId: v.union(v.id("_storage"), v.null()),
    /** An external picture (the Google account's), used when nothing was uploaded. */
    avatarUrl: v.union(v.string(), v.null()),
    favoriteDrink: v.union(favoriteDrinkValidator, v.null()),
    profileVisibility: profileVisibilityValidator,
    showCrewsPublicly: v.boolean(),
    stats: profileStatsValidator,
    /** join_date / created_at of the spec. */
    createdAt: v.number(),
    updatedAt: v.number(),
  })
    .index("by_user", ["userId"])
    .index("by_username", ["username"])
    .index("by_avatar_storage_id", ["avatarStorageId"]),

  /** Every e-mail the app sends; for the local outbox this row is the message. */
  email_logs: defineTable({
    status: emailStatusValidator,
    type: emailTypeValidator,
    subject: v.string(),
    recipient: v.string(),
    /** Resend's id, or `outbox:{logId}` for the local outbox. */
    messageId: v.union(v.string(), v.null()),
    sentAt: v.union(v.number(), v.null()),
    errorMessage: v.union(v.string(), v.null()),
    /** Type-specific details (no secrets). */
    data: v.optional(v.record(v.string(), v.union(v.string(), v.number(), v.boolean(), v.null()))),
    delivery: emailDeliveryValidator,
    /** The body: kept for the local outbox only (it may carry sign-in links). */
    html: v.union(v.string(), v.null()),
    text: v.union(v.string(), v.null()),
  }).index("by_recipient", ["recipient"]),

  /** Token buckets (`shared/rateLimit.ts`), one row per (limit name, key). */
  rate_limits: defineTable({
    name: v.string(),
    key: v.string(),
    tokens: v.number(),
    updatedAt: v.number(),
  }).index("by_name_and_key", ["name", "key"]),
});
