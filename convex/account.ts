/** The signed-in user's account. */
import { v } from "convex/values";
import { mutation } from "./_generated/server";
import { ERROR_MESSAGES } from "../shared/errors";
import { deleteAccount } from "./model/accountDeletion";
import { appError } from "./model/errors";
import { requireViewerId } from "./model/viewer";

/** The word the user types to confirm deletion (compared case-insensitively). */
export const DELETE_CONFIRMATION_WORD = "delete";

/**
 * Deletes the caller's account and everything it owns (every registered
 * area clean-up, the profile and avatar file, auth accounts, sessions and
 * tokens, the user). `confirmation` must be 'delete' in any case ('DELETE').
 * Afterwards the client calls `signOut()` (which clears local tokens) and goes to /.
 * Errors: CONFIRMATION_MISMATCH 'Please type DELETE to confirm', NOT_AUTHENTICATED.
 */
export const deleteMine = mutation({
  args: { confirmation: v.string() },
  handler: async (ctx, { confirmation }) => {
    const userId = await requireViewerId(ctx);
    if (confirmation.trim().toLowerCase() !== DELETE_CONFIRMATION_WORD) {
      throw appError("CONFIRMATION_MISMATCH", ERROR_MESSAGES.deleteConfirmationMismatch, { field: "confirmation" });
    }
    await deleteAccount(ctx, userId);
    return { deleted: true };
  },
});
