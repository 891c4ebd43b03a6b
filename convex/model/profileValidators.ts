/**
 * The shapes of what profile queries return (./profiles.ts builds the views)
 * as `returns:` validators. The profile's own fields reuse the schema's
 * validators, so a field retyped there is retyped here.
 */
import { v } from "convex/values";
import { nullable } from "convex-helpers/validators";
import schema, { profileStatsValidator } from "../schema";

const profile = schema.tables.user_profiles.validator.fields;

/** What others see of a private or crew-only profile (`nameOnlyProfileView`). */
export const nameOnlyProfileFields = {
  userId: profile.userId,
  username: profile.username,
  displayName: profile.displayName,
  profileVisibility: profile.profileVisibility,
};

/** Everything a viewer with full access sees, never the e-mail (`fullProfileView`). */
export const fullProfileFields = {
  ...nameOnlyProfileFields,
  nickname: profile.nickname,
  bio: profile.bio,
  tagline: profile.tagline,
  avatarUrl: nullable(v.string()),
  favoriteDrink: profile.favoriteDrink,
  showCrewsPublicly: profile.showCrewsPublicly,
  joinDate: v.number(),
  updatedAt: profile.updatedAt,
};

/** A profile as the viewer may see it (`viewProfileByUsername`), or null when hidden. */
export const profileForViewerValidator = nullable(
  v.union(
    v.object({
      visibility: v.literal("full"),
      isOwner: v.boolean(),
      profile: v.object(fullProfileFields),
    }),
    v.object({
      visibility: v.literal("name_only"),
      isOwner: v.literal(false),
      profile: v.object(nameOnlyProfileFields),
    }),
  ),
);

/** The stat tiles: the maintained counters and the favourite drink, or null when hidden. */
export const profileStatTilesValidator = nullable(
  v.object({ ...profileStatsValidator.fields, favoriteDrink: profile.favoriteDrink }),
);

/** The owner's own view: everything, plus the e-mail and whether an avatar was uploaded (`ownProfileView`). */
export const ownProfileValidator = v.object({
  ...fullProfileFields,
  email: nullable(v.string()),
  hasUploadedAvatar: v.boolean(),
});

/** The signed-in user with their own profile (null until it exists), or null when signed out. */
export const meValidator = nullable(
  v.object({
    userId: v.id("users"),
    email: nullable(v.string()),
    profile: nullable(ownProfileValidator),
  }),
);

/** Someone found to invite (./userSearch.ts), nickname and avatar only where the caller may see them. */
export const userSearchResultValidator = v.object({
  userId: profile.userId,
  username: profile.username,
  displayName: v.string(),
  nickname: profile.nickname,
  avatarUrl: nullable(v.string()),
});
