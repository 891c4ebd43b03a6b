import { ConvexAuthProvider } from "@convex-dev/auth/react";
import { StrictMode } from "react";
import { AUTH_CALLBACK_PATH } from "@shared/redirects";
import { convex } from "@/lib/convex";
import { App, type AppRouter } from "./App";

// /auth/callback handles sign-in codes itself (checks expiry, waits for the
// session, routes errors); everywhere else the provider may use a ?code=.
const shouldHandleCode = () => window.location.pathname !== AUTH_CALLBACK_PATH;

/**
 * Everything main.tsx renders, and what the build prerenders: one tree for both, so the
 * prerendered landing page hydrates without a mismatch.
 */
export function AppRoot({ Router }: { Router: AppRouter }) {
  return (
    <StrictMode>
      <ConvexAuthProvider client={convex} shouldHandleCode={shouldHandleCode}>
        <App Router={Router} />
      </ConvexAuthProvider>
    </StrictMode>
  );
}
