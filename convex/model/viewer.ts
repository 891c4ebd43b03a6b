/**
 * Who is calling. The caller is always the signed-in user of `ctx`
 * (`getAuthUserId`), never a userId or e-mail argument, so no function can act
 * for someone else.
 */
import { getAuthUserId } from "@convex-dev/auth/server";
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { ERROR_MESSAGES } from "../../shared/errors";
import { appError } from "./errors";

/**
 * The signed-in user's id, or null when signed out. A still-valid token of
 * a deleted account (tokens live up to an hour) counts as signed out.
 */
export async function getViewerId(ctx: QueryCtx): Promise<Id<"users"> | null> {
  const userId = await getAuthUserId(ctx);
  if (userId === null) return null;
  const user = await ctx.db.get("users", userId);
  return user === null ? null : userId;
}

/** The signed-in user's id; 'Not authenticated' otherwise. */
export async function requireViewerId(ctx: QueryCtx): Promise<Id<"users">> {
  const userId = await getViewerId(ctx);
  if (userId === null) throw appError("NOT_AUTHENTICATED", ERROR_MESSAGES.notAuthenticated);
  return userId;
}

/** For actions (no `ctx.db`): the id from the token; the mutations they call check the account. */
export async function requireViewerIdInAction(ctx: { auth: QueryCtx["auth"] }): Promise<Id<"users">> {
  const userId = await getAuthUserId(ctx);
  if (userId === null) throw appError("NOT_AUTHENTICATED", ERROR_MESSAGES.notAuthenticated);
  return userId;
}

/** For actions: the id from the token, or null; the mutations they call check the account. */
export async function getViewerIdInAction(ctx: { auth: QueryCtx["auth"] }): Promise<Id<"users"> | null> {
  return await getAuthUserId(ctx);
}
