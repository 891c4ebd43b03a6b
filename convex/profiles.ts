/**
 * Profiles: thin public functions over model/profiles.ts. The caller is
 * always the signed-in user; nobody passes a user id to act as.
 */
import { v } from "convex/values";
import { internalMutation, internalQuery, action, mutation, query } from "./_generated/server";
import { profileVisibilityValidator } from "./schema";
import { internal } from "./_generated/api";
import { userSearchTerms } from "../shared/crewRules";
import { isNewUser } from "../shared/authMessages";
import { ERROR_MESSAGES } from "../shared/errors";
import { checkAndSetAvatar } from "./model/avatars";
import { afterHostNamesChanged } from "./model/events";
import { afterNameChanged } from "./model/tab";
import { appError } from "./model/errors";
import {
  avatarUrlOf,
  ensureProfile,
  getProfileByUserId,
  getProfileByUsername,
  isAnotherUsersAvatar,
  ownProfileView,
  profileAccessFor,
  removeOwnAvatar,
  replaceAvatarAfterChecks,
  updateOwnProfile,
  viewProfileByUsername,
} from "./model/profiles";
import { generateUploadUrlFor } from "./model/uploads";
import { getViewerId, requireViewerId, requireViewerIdInAction } from "./model/viewer";
import {
  meValidator,
  profileForViewerValidator,
  profileStatTilesValidator,
} from "./model/profileValidators";

/**
 * The signed-in user: null when signed out; otherwise their e-mail and own
 * profile (null until it exists — then call `ensureMine`).
 */
export const me = query({
  args: {},
  returns: meValidator,
  handler: async (ctx) => {
    const userId = await getViewerId(ctx);
    if (userId === null) return null;
    const user = await ctx.db.get("users", userId);
    const email = user?.email ?? null;
    const profile = await getProfileByUserId(ctx, userId);
    return { userId, email, profile: profile === null ? null : await ownProfileView(ctx, profile, email) };
  },
});

/**
 * Makes sure the signed-in user has a profile (normally made at sign-in).
 * `created`: this call made it; `isNewUser`: the profile is under 60 s old
 * (for 'Welcome to Clink, {name}' vs 'Welcome back, {name}' and the 2 s / 0.5 s wait).
 */
export const ensureMine = mutation({
  args: {},
  handler: async (ctx) => {
    const userId = await requireViewerId(ctx);
    const { profile, created } = await ensureProfile(ctx, userId);
    const user = await ctx.db.get("users", userId);
    return {
      profile: await ownProfileView(ctx, profile, user?.email ?? null),
      created,
      isNewUser: isNewUser(profile.createdAt, Date.now()),
    };
  },
});

/**
 * A profile by username as the caller may see it, or null (no such
 * username, or a private profile and the caller is signed out):
 * `{ visibility: "full", isOwner, profile }` or `{ visibility: "name_only", isOwner: false, profile: { userId, username, displayName, profileVisibility } }`.
 */
export const byUsername = query({
  args: { username: v.string() },
  returns: profileForViewerValidator,
  handler: async (ctx, { username }) => await viewProfileByUsername(ctx, await getViewerId(ctx), username),
});

/**
 * The stat tiles of a profile the caller may fully see: `{ sessions, rsvps, crews, favoriteDrink }`,
 * or null. Counters are maintained on write by the events, RSVP and crew areas.
 */
export const stats = query({
  args: { username: v.string() },
  returns: profileStatTilesValidator,
  handler: async (ctx, { username }) => {
    const profile = await getProfileByUsername(ctx, username);
    if (profile === null) return null;
    if ((await profileAccessFor(ctx, await getViewerId(ctx), profile)) !== "full") return null;
    return { ...profile.stats, favoriteDrink: profile.favoriteDrink };
  },
});

/**
 * Edits the caller's own profile. Every field optional (absent = unchanged);
 * '' and whitespace become null; an empty username is ignored; favourite
 * drink 'none' (or '' / null) means no preference. Returns the own profile.
 * Errors: VALIDATION (with `field`), USERNAME_TAKEN 'Username is already taken', NOT_AUTHENTICATED.
 */
export const update = mutation({
  args: {
    username: v.optional(v.string()),
    displayName: v.optional(v.union(v.string(), v.null())),
    nickname: v.optional(v.union(v.string(), v.null())),
    bio: v.optional(v.union(v.string(), v.null())),
    tagline: v.optional(v.union(v.string(), v.null())),
    favoriteDrink: v.optional(v.union(v.string(), v.null())),
    profileVisibility: v.optional(profileVisibilityValidator),
    showCrewsPublicly: v.optional(v.boolean()),
  },
  handler: async (ctx, args) => {
    const userId = await requireViewerId(ctx);
    const before = await getProfileByUserId(ctx, userId);
    const profile = await updateOwnProfile(ctx, userId, args);
    // Discover searches host names (the nickname only while the profile is public): refresh the host's events.
    if (
      before?.displayName !== profile.displayName ||
      before?.nickname !== profile.nickname ||
      before?.username !== profile.username ||
      before?.profileVisibility !== profile.profileVisibility
    ) {
      await afterHostNamesChanged(ctx, userId);
    }
    if (before?.displayName !== profile.displayName || before?.username !== profile.username)
      await afterNameChanged(ctx, userId);
    const user = await ctx.db.get("users", userId);
    return await ownProfileView(ctx, profile, user?.email ?? null);
  },
});

/** A one-time URL to POST the avatar file to (then pass the returned storageId to `setAvatar`). */
export const generateAvatarUploadUrl = mutation({
  args: {},
  handler: async (ctx) => {
    return await generateUploadUrlFor(ctx, await requireViewerId(ctx));
  },
});

/**
 * Makes an uploaded file the caller's avatar after checking it (JPG/PNG/WebP
 * by its bytes, at most 5 MB); a refused file is deleted, the previous
 * avatar file too once replaced. An action, because reading the file's bytes
 * needs one. Returns `{ avatarUrl }`.
 * Errors: FILE_TYPE_NOT_ALLOWED, FILE_TOO_LARGE (spec messages, `field: "avatar"`), NOT_FOUND, NOT_AUTHENTICATED.
 */
export const setAvatar = action({
  args: { storageId: v.id("_storage") },
  handler: async (ctx, { storageId }): Promise<{ avatarUrl: string | null }> => {
    const userId = await requireViewerIdInAction(ctx);
    return await checkAndSetAvatar(ctx, userId, storageId);
  },
});

/** Removes the caller's avatar (the uploaded file is deleted). */
export const removeAvatar = mutation({
  args: {},
  handler: async (ctx) => {
    const userId = await requireViewerId(ctx);
    await removeOwnAvatar(ctx, userId);
    return null;
  },
});

// ---------------------------------------------------------------- internal (used by setAvatar)

export const avatarUploadInfo = internalQuery({
  args: { userId: v.id("users"), storageId: v.id("_storage") },
  handler: async (ctx, { userId, storageId }) => {
    const file = await ctx.db.system.get("_storage", storageId);
    if (file === null) return null;
    return {
      size: file.size,
      contentType: file.contentType ?? null,
      ownedByAnotherUser: await isAnotherUsersAvatar(ctx, storageId, userId),
    };
  },
});

/** Skips the file checks: only for `setAvatar` after it has made them. */
export const setAvatarAfterChecks = internalMutation({
  args: { userId: v.id("users"), storageId: v.id("_storage") },
  handler: async (ctx, { userId, storageId }) => {
    if ((await ctx.db.get("users", userId)) === null) {
      await ctx.storage.delete(storageId);
      throw appError("NOT_AUTHENTICATED", ERROR_MESSAGES.notAuthenticated);
    }
    const profile = await replaceAvatarAfterChecks(ctx, userId, storageId);
    return { avatarUrl: await avatarUrlOf(ctx, profile) };
  },
});

/**
 * Fills `nameSearchText` on profiles written before user search existed,
 * 200 a run, continuing itself (run once on an existing deployment:
 * `npx convex run profiles:backfillNameSearchText`).
 */
export const backfillNameSearchText = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  handler: async (ctx, { cursor }) => {
    const page = await ctx.db.query("user_profiles").paginate({ numItems: 200, cursor: cursor ?? null });
    for (const profile of page.page) {
      const nameSearchText = userSearchTerms(profile);
      if (profile.nameSearchText !== nameSearchText) await ctx.db.patch("user_profiles", profile._id, { nameSearchText });
    }
    if (!page.isDone) {
      await ctx.scheduler.runAfter(0, internal.profiles.backfillNameSearchText, { cursor: page.continueCursor });
    }
    return page.page.length;
  },
});
