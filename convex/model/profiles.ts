/**
 * Profiles: creation on first sign-in, the views each viewer may see,
 * editing and avatars. The stat counters are kept by ./profileStats.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { ERROR_MESSAGES } from "../../shared/errors";
import {
  DEFAULT_PROFILE_VISIBILITY,
  displayNameFromAuth,
  firstIssue,
  generateUsername,
  normalizeUsername,
  profileUpdateSchema,
  usernameWithSuffix,
  type ProfileUpdateInput,
} from "../../shared/profileRules";
import { userSearchTerms } from "../../shared/crewRules";
import { getCrewMember, type CrewMemberDoc } from "./crews";
import { appError } from "./errors";

export type ProfileDoc = Doc<"user_profiles">;

/** Usernames that would clash with routes (/profile/edit). */
const RESERVED_USERNAMES = new Set(["edit"]);

// ---------------------------------------------------------------- reading

export async function getProfileByUserId(
  ctx: QueryCtx,
  userId: Id<"users">,
): Promise<ProfileDoc | null> {
  return await ctx.db
    .query("user_profiles")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .unique();
}

export async function getProfileByUsername(
  ctx: QueryCtx,
  username: string,
): Promise<ProfileDoc | null> {
  return await ctx.db
    .query("user_profiles")
    .withIndex("by_username", (q) => q.eq("username", normalizeUsername(username)))
    .unique();
}

/** Free for `userId`: not reserved and not anyone else's. */
export async function isUsernameAvailable(
  ctx: QueryCtx,
  username: string,
  userId: Id<"users"> | null,
): Promise<boolean> {
  if (RESERVED_USERNAMES.has(username)) return false;
  const owner = await getProfileByUsername(ctx, username);
  return owner === null || owner.userId === userId;
}

/**
 * `base` if it is free, otherwise `base_NNNN` (random digits, longer after
 * ten tries). Unique because it is checked in the same transaction that inserts.
 */
export async function uniqueUsername(
  ctx: QueryCtx,
  base: string,
  userId: Id<"users">,
): Promise<string> {
  if (await isUsernameAvailable(ctx, base, userId)) return base;
  for (let attempt = 0; attempt < 20; attempt++) {
    const digits = attempt < 10 ? 4 : 6;
    const suffix = String(Math.floor(Math.random() * 10 ** digits)).padStart(digits, "0");
    const candidate = usernameWithSuffix(base, suffix);
    if (await isUsernameAvailable(ctx, candidate, userId)) return candidate;
  }
  throw new Error(`Could not find a free username for "${base}"`);
}

// ---------------------------------------------------------------- creating

export type AuthProfileSource = {
  name?: string | null;
  email?: string | null;
  image?: string | null;
};

/**
 * The user's profile, created if missing: display name from the auth name,
 * else the e-mail prefix, else 'User'; generated unique username; the auth
 * picture (Google) as avatar. Idempotent: Convex mutations are serialisable,
 * so two tabs signing in at once still make one profile.
 */
export async function ensureProfile(
  ctx: MutationCtx,
  userId: Id<"users">,
  source?: AuthProfileSource,
): Promise<{ profile: ProfileDoc; created: boolean }> {
  const existing = await getProfileByUserId(ctx, userId);
  if (existing !== null) return { profile: existing, created: false };
  const user = await ctx.db.get("users", userId);
  if (user === null) throw appError("NOT_AUTHENTICATED", ERROR_MESSAGES.notAuthenticated);
  const name = source?.name ?? user.name ?? null;
  const email = source?.email ?? user.email ?? null;
  const image = source?.image ?? user.image ?? null;
  const displayName = displayNameFromAuth({ name, email });
  const username = await uniqueUsername(ctx, generateUsername(displayName, userId), userId);
  const now = Date.now();
  const profileId = await ctx.db.insert("user_profiles", {
    userId,
    username,
    displayName,
    nickname: null,
    bio: null,
    tagline: null,
    avatarStorageId: null,
    avatarUrl: isHttpUrl(image) ? image : null,
    favoriteDrink: null,
    profileVisibility: DEFAULT_PROFILE_VISIBILITY,
    showCrewsPublicly: true,
    stats: { sessions: 0, rsvps: 0, crews: 0 },
    nameSearchText: userSearchTerms({ username, displayName, nickname: null }),
    createdAt: now,
    updatedAt: now,
  });
  const profile = await ctx.db.get("user_profiles", profileId);
  return { profile: profile!, created: true };
}

function isHttpUrl(value: string | null | undefined): value is string {
  return typeof value === "string" && /^https?:\/\//.test(value);
}

/**
 * The avatar can be refreshed from the auth picture (Google).
 * An uploaded avatar always wins and is never replaced.
 */
export async function refreshExternalAvatar(
  ctx: MutationCtx,
  profile: ProfileDoc,
  image: unknown,
): Promise<void> {
  if (profile.avatarStorageId !== null || typeof image !== "string" || !isHttpUrl(image)) return;
  if (profile.avatarUrl === image) return;
  await ctx.db.patch("user_profiles", profile._id, { avatarUrl: image, updatedAt: Date.now() });
}

// ---------------------------------------------------------------- visibility

/** Memberships read per step when walking one person's crews. */
const SHARED_CREW_PAGE = 100;

/**
 * Whether `a` and `b` are accepted members of one crew: the crews of
 * whichever of them is in fewer (their profiles' maintained "Crews" stat),
 * each checked with one point read for the other, so the work grows only
 * with the smaller side (one person with few crews keeps it small).
 */
export async function sharesAcceptedCrewWith(
  ctx: QueryCtx,
  a: Id<"users">,
  b: Id<"users">,
): Promise<boolean> {
  if (a === b) return true;
  const [profileA, profileB] = await Promise.all([
    getProfileByUserId(ctx, a),
    getProfileByUserId(ctx, b),
  ]);
  const crewsOfA = profileA?.stats.crews ?? Number.POSITIVE_INFINITY;
  const crewsOfB = profileB?.stats.crews ?? Number.POSITIVE_INFINITY;
  const [walker, other] = crewsOfA <= crewsOfB ? [a, b] : [b, a];
  let after: number | null = null;
  for (;;) {
    const from: number | null = after;
    const page: CrewMemberDoc[] = await ctx.db
      .query("crew_members")
      .withIndex("by_user_and_status", (q) => {
        const range = q.eq("userId", walker).eq("status", "accepted");
        return from === null ? range : range.gt("_creationTime", from);
      })
      .take(SHARED_CREW_PAGE);
    for (const membership of page) {
      if ((await getCrewMember(ctx, membership.crewId, other))?.status === "accepted") return true;
    }
    if (page.length < SHARED_CREW_PAGE) return false;
    after = page[page.length - 1]._creationTime;
  }
}

/**
 * What `viewerId` (null = signed out) may see of `profile`:
 * - the owner: everything;
 * - public: everyone sees everything;
 * - crew_only: a signed-in crew mate sees everything, others only the name;
 * - private: signed-in users see only the name; signed-out visitors nothing
 *   (the page says 'Search Result Not Found').
 */
export async function profileAccessFor(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  profile: ProfileDoc,
): Promise<"full" | "name_only" | "none"> {
  if (viewerId !== null && viewerId === profile.userId) return "full";
  switch (profile.profileVisibility) {
    case "private":
      return viewerId === null ? "none" : "name_only";
    case "crew_only":
      return viewerId !== null && (await sharesAcceptedCrewWith(ctx, viewerId, profile.userId))
        ? "full"
        : "name_only";
    default:
      return "full";
  }
}

// ---------------------------------------------------------------- views

export async function avatarUrlOf(ctx: QueryCtx, profile: ProfileDoc): Promise<string | null> {
  if (profile.avatarStorageId !== null) {
    const url = await ctx.storage.getUrl(profile.avatarStorageId);
    if (url !== null) return url;
  }
  return profile.avatarUrl;
}

/** Everything a viewer with full access sees (never the e-mail). */
export async function fullProfileView(ctx: QueryCtx, profile: ProfileDoc) {
  return {
    userId: profile.userId,
    username: profile.username,
    displayName: profile.displayName,
    nickname: profile.nickname,
    bio: profile.bio,
    tagline: profile.tagline,
    avatarUrl: await avatarUrlOf(ctx, profile),
    favoriteDrink: profile.favoriteDrink,
    profileVisibility: profile.profileVisibility,
    showCrewsPublicly: profile.showCrewsPublicly,
    joinDate: profile.createdAt,
    updatedAt: profile.updatedAt,
  };
}

export type FullProfileView = Awaited<ReturnType<typeof fullProfileView>>;

/** What others see of a private or crew-only profile: the name. */
export function nameOnlyProfileView(profile: ProfileDoc) {
  return {
    userId: profile.userId,
    username: profile.username,
    displayName: profile.displayName,
    profileVisibility: profile.profileVisibility,
  };
}

export type NameOnlyProfileView = ReturnType<typeof nameOnlyProfileView>;

export type ProfileViewForViewer =
  | { visibility: "full"; isOwner: boolean; profile: FullProfileView }
  | { visibility: "name_only"; isOwner: false; profile: NameOnlyProfileView };

/** The profile `viewerId` may see at `username`, or null (unknown, or hidden from them). */
export async function viewProfileByUsername(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  username: string,
): Promise<ProfileViewForViewer | null> {
  const profile = await getProfileByUsername(ctx, username);
  if (profile === null) return null;
  const access = await profileAccessFor(ctx, viewerId, profile);
  if (access === "none") return null;
  if (access === "name_only")
    return { visibility: "name_only", isOwner: false, profile: nameOnlyProfileView(profile) };
  return {
    visibility: "full",
    isOwner: viewerId === profile.userId,
    profile: await fullProfileView(ctx, profile),
  };
}

/** The owner's own view: everything, plus e-mail and whether an avatar was uploaded. */
export async function ownProfileView(ctx: QueryCtx, profile: ProfileDoc, email: string | null) {
  return {
    ...(await fullProfileView(ctx, profile)),
    email,
    hasUploadedAvatar: profile.avatarStorageId !== null,
  };
}

export type OwnProfileView = Awaited<ReturnType<typeof ownProfileView>>;

// ---------------------------------------------------------------- editing

/**
 * Applies an edit to the user's own profile (created first if missing, as the
 * spec's update does). Validation uses the shared zod schema; any failure
 * throws before anything is written (and a throw rolls the mutation back).
 */
export async function updateOwnProfile(
  ctx: MutationCtx,
  userId: Id<"users">,
  input: ProfileUpdateInput,
): Promise<ProfileDoc> {
  const parsed = profileUpdateSchema.safeParse(input);
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.error);
    throw appError("VALIDATION", message, { field });
  }
  const { profile } = await ensureProfile(ctx, userId);
  const changes: Partial<ProfileDoc> = {};
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  if (changes.username !== undefined && changes.username !== profile.username) {
    if (!(await isUsernameAvailable(ctx, changes.username, userId))) {
      throw appError("USERNAME_TAKEN", ERROR_MESSAGES.usernameTaken, { field: "username" });
    }
  }
  const names = {
    username: profile.username,
    displayName: profile.displayName,
    nickname: profile.nickname,
    ...changes,
  };
  await ctx.db.patch("user_profiles", profile._id, {
    ...changes,
    nameSearchText: userSearchTerms(names),
    updatedAt: Date.now(),
  });
  return (await ctx.db.get("user_profiles", profile._id))!;
}

/**
 * Makes `storageId` the user's avatar and deletes the previous uploaded file.
 * The file must already have passed the type and size checks.
 */
export async function replaceAvatarAfterChecks(
  ctx: MutationCtx,
  userId: Id<"users">,
  storageId: Id<"_storage">,
): Promise<ProfileDoc> {
  const { profile } = await ensureProfile(ctx, userId);
  const previous = profile.avatarStorageId;
  await ctx.db.patch("user_profiles", profile._id, {
    avatarStorageId: storageId,
    avatarUrl: null,
    updatedAt: Date.now(),
  });
  if (previous !== null && previous !== storageId) await deleteStoredFile(ctx, previous);
  return (await ctx.db.get("user_profiles", profile._id))!;
}

/** Removes the avatar (uploaded file deleted, external picture forgotten). */
export async function removeOwnAvatar(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const profile = await getProfileByUserId(ctx, userId);
  if (profile === null) return;
  if (profile.avatarStorageId !== null) await deleteStoredFile(ctx, profile.avatarStorageId);
  await ctx.db.patch("user_profiles", profile._id, {
    avatarStorageId: null,
    avatarUrl: null,
    updatedAt: Date.now(),
  });
}

/** Whether `storageId` is some other user's avatar (so it must not be claimed or deleted). */
export async function isAnotherUsersAvatar(
  ctx: QueryCtx,
  storageId: Id<"_storage">,
  userId: Id<"users">,
): Promise<boolean> {
  const owners = await ctx.db
    .query("user_profiles")
    .withIndex("by_avatar_storage_id", (q) => q.eq("avatarStorageId", storageId))
    .take(2);
  return owners.some((owner) => owner.userId !== userId);
}

export async function deleteStoredFile(ctx: MutationCtx, storageId: Id<"_storage">): Promise<void> {
  if ((await ctx.db.system.get("_storage", storageId)) !== null)
    await ctx.storage.delete(storageId);
}
