import { useConvexAuth, useMutation } from "convex/react";
import { useEffect, useRef } from "react";
import { api } from "@convex/_generated/api";

/**
 * The welcome flow: when someone signs in — a session appears after the first load found
 * none — their profile is made sure of and they are greeted once per browser (welcomeToast.ts,
 * loaded with the first sign-in, not with every first page). Renders nothing; mounted once
 * under the auth provider.
 */
export function WelcomeFlow() {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const ensureMine = useMutation(api.profiles.ensureMine);
  // null until the first load has settled: a session restored at start-up is not a sign-in.
  const wasAuthenticated = useRef<boolean | null>(null);

  useEffect(() => {
    if (isLoading) return;
    const previous = wasAuthenticated.current;
    wasAuthenticated.current = isAuthenticated;
    if (previous !== false || !isAuthenticated) return;
    // The profile is made even if the greeting's code cannot load.
    const made = ensureMine();
    made.catch(() => undefined);
    void import("./welcomeToast").then(
      ({ welcomeSignedInUser }) => welcomeSignedInUser(() => made),
      () => undefined,
    );
  }, [isLoading, isAuthenticated, ensureMine]);

  return null;
}
