/**
 * What happens inside `@convex-dev/auth`'s sign-in mutations, through its
 * `afterUserCreatedOrUpdated` callback:
 * - type "email": a magic link is being requested (the user row may be new
 *   and is not signed in yet): validate the address and enforce the send
 *   rate limits — throwing here rolls the request back;
 * - type "verification" (a magic link was used) or "oauth" (Google): the user
 *   has signed in: make sure the profile exists, and pick up the Google
 *   picture as avatar when nothing was uploaded.
 */
import type { GenericMutationCtx, AnyDataModel } from "convex/server";
import type { GenericId } from "convex/values";
import type { MutationCtx } from "../_generated/server";
import { checkMagicLinkRequest } from "./magicLinks";
import { ensureProfile, refreshExternalAvatar } from "./profiles";

export type AfterUserCreatedOrUpdatedArgs = {
  userId: GenericId<"users">;
  type: "oauth" | "credentials" | "email" | "phone" | "verification";
  profile: Record<string, unknown> & { email?: string };
};

export async function afterUserCreatedOrUpdated(
  genericCtx: GenericMutationCtx<AnyDataModel>,
  args: AfterUserCreatedOrUpdatedArgs,
): Promise<void> {
  const ctx = genericCtx as unknown as MutationCtx;
  const userId = args.userId;
  switch (args.type) {
    case "email":
      await checkMagicLinkRequest(ctx, args.profile.email);
      return;
    case "verification":
    case "oauth": {
      const name = typeof args.profile.name === "string" ? args.profile.name : null;
      const image = typeof args.profile.image === "string" ? args.profile.image : null;
      const email = typeof args.profile.email === "string" ? args.profile.email : null;
      const { profile, created } = await ensureProfile(ctx, userId, { name, email, image });
      if (!created && args.type === "oauth") await refreshExternalAvatar(ctx, profile, image);
      return;
    }
    default:
      return;
  }
}
