import { useConvexAuth } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../convex/_generated/api";
import { useQueryState } from "@/lib/useQueryState";

/** The signed-in user as `profiles.me` returns it: id, e-mail and own profile (null until made). */
export type CurrentUser = NonNullable<FunctionReturnType<typeof api.profiles.me>>;

export type CurrentUserState =
  | { status: "loading" }
  | { status: "signedOut" }
  | { status: "signedIn"; user: CurrentUser }
  | { status: "error"; error: Error };

/**
 * Who is using the app. "loading" until the server has confirmed (or there is
 * no) session and the user's own record has arrived; a session whose account
 * no longer exists counts as signed out.
 */
export function useCurrentUser(): CurrentUserState {
  const { isLoading, isAuthenticated } = useConvexAuth();
  // Subscribed only once the server accepted the session, so it never shows a
  // signed-out answer to a signed-in user.
  const me = useQueryState(api.profiles.me, isAuthenticated ? {} : "skip");
  if (isLoading) return { status: "loading" };
  if (!isAuthenticated) return { status: "signedOut" };
  if (me.status === "loading") return { status: "loading" };
  if (me.status === "error") return { status: "error", error: me.error };
  if (me.data === null) return { status: "signedOut" };
  return { status: "signedIn", user: me.data };
}
