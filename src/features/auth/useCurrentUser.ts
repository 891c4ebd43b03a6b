import { useAuthToken } from "@convex-dev/auth/react";
import { useConvexAuth } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useEffect, useSyncExternalStore } from "react";
import { api } from "@convex/_generated/api";
import { useQueryState } from "@/lib/useQueryState";
import { useSessionExit } from "@/lib/sessionExit";
import {
  forgetDeviceUser,
  readDeviceUser,
  rememberDeviceUser,
  subscribeDeviceUser,
} from "@/lib/offline/deviceUser";
import { wipeDeviceData } from "@/lib/offline/forgetUser";

/** The signed-in user as `profiles.me` returns it: id, e-mail and own profile (null until made). */
export type CurrentUser = NonNullable<FunctionReturnType<typeof api.profiles.me>>;

type CurrentUserState =
  | { status: "loading" }
  | { status: "signedOut" }
  | { status: "signedIn"; user: CurrentUser }
  | { status: "error"; error: Error };

/**
 * Who is using the app. "loading" until the server has confirmed (or there is
 * no) session and the user's own record has arrived; a session whose account
 * no longer exists counts as signed out.
 *
 * Until the server answers (the socket still connecting, or no network at all), the user this
 * browser's session belonged to when the server last confirmed it counts as signed in
 * (lib/offline/deviceUser): the app opens on their screens at once and stays signed in offline.
 */
export function useCurrentUser(): CurrentUserState {
  const { isLoading, isAuthenticated } = useConvexAuth();
  // Subscribed only once the server accepted the session, so it never shows a
  // signed-out answer to a signed-in user.
  const me = useQueryState(api.profiles.me, isAuthenticated ? {} : "skip");
  const remembered = useSyncExternalStore(
    subscribeDeviceUser,
    readDeviceUser,
    () => null,
  ) as CurrentUser | null;
  // Only once the auth provider holds the token: from that render on the client sends it ahead
  // of any query, so a screen shown for the remembered user never asks the server signed out.
  const known = useAuthToken() === null ? null : remembered;
  // Signing out or deleting the account: the user is being forgotten, not remembered again.
  const leaving = useSessionExit();
  const confirmed = me.status === "success" && !leaving ? me.data : undefined;
  useEffect(() => {
    if (confirmed === undefined) return;
    if (confirmed === null) {
      // The account is gone.
      forgetDeviceUser();
      void wipeDeviceData();
      return;
    }
    // Someone else used this browser before: nothing of theirs stays.
    if (rememberDeviceUser(confirmed) !== null) void wipeDeviceData();
  }, [confirmed]);
  if (isLoading) return known ? { status: "signedIn", user: known } : { status: "loading" };
  if (!isAuthenticated) return { status: "signedOut" };
  if (me.status === "loading")
    return known ? { status: "signedIn", user: known } : { status: "loading" };
  if (me.status === "error") return { status: "error", error: me.error };
  if (me.data === null) return { status: "signedOut" };
  return { status: "signedIn", user: me.data };
}
