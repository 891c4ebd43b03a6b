/**
 * Finding people to invite to a session or a crew: a partial,
 * case-insensitive match on display name, username, or the nickname where
 * the caller may see it (profile visibility), the caller and anyone
 * `isExcluded` says left out, at most 10 results. Served by the
 * `search_names` index over each profile's name suffixes
 * (shared/crewRules.ts `userSearchTerms`), checked again in memory.
 */
import type { Infer } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import {
  USER_SEARCH_CANDIDATES,
  USER_SEARCH_RESULTS_MAX,
  matchesUserQuery,
  normalizeSearchQuery,
  userSearchIndexQuery,
} from "../../shared/crewRules";
import { avatarUrlOf, profileAccessFor } from "./profiles";
import type { userSearchResultValidator } from "./profileValidators";

/** Someone found, their nickname and avatar only where the caller may see them. */
export type UserSearchResult = Infer<typeof userSearchResultValidator>;

export async function searchUsers(
  ctx: QueryCtx,
  callerId: Id<"users">,
  rawQuery: string,
  isExcluded: (userId: Id<"users">) => Promise<boolean>,
): Promise<UserSearchResult[]> {
  const query = normalizeSearchQuery(rawQuery);
  const indexQuery = userSearchIndexQuery(query);
  if (indexQuery === "") return [];
  const candidates = await ctx.db
    .query("user_profiles")
    .withSearchIndex("search_names", (q) => q.search("nameSearchText", indexQuery))
    .take(USER_SEARCH_CANDIDATES);
  const results: UserSearchResult[] = [];
  for (const profile of candidates) {
    if (results.length >= USER_SEARCH_RESULTS_MAX) break;
    if (profile.userId === callerId || !matchesUserQuery(profile, query)) continue;
    // Name and username are what an invitation shows anyway; the rest follows profile
    // visibility — also what may match, or a substring search would spell out a hidden nickname.
    const full = (await profileAccessFor(ctx, callerId, profile)) === "full";
    if (!full && !matchesUserQuery({ ...profile, nickname: null }, query)) continue;
    if (await isExcluded(profile.userId)) continue;
    results.push({
      userId: profile.userId,
      username: profile.username,
      displayName: profile.displayName ?? profile.username,
      nickname: full ? profile.nickname : null,
      avatarUrl: full ? await avatarUrlOf(ctx, profile) : null,
    });
  }
  return results;
}
