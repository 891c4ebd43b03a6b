import { useAuthToken } from "@convex-dev/auth/react";
import { format } from "date-fns";
import { api } from "@convex/_generated/api";
import {
  DEBUG_MESSAGES,
  SESSION_LIMITS,
  formatDuration,
  sessionHealth,
} from "@shared/debugPages";
import { errorMessage } from "@shared/errors";
import { useNow } from "@/lib/useNow";
import { DebugPage } from "@/features/debug/kit/DebugPage";
import { DebugSection, StatusPill } from "@/features/debug/kit/DebugSection";
import { useQueryState } from "@/lib/useQueryState";

/** The `exp` (seconds) of a JWT, or null when it is not one. */
function tokenExpiry(token: string | null): number | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const { exp } = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as {
      exp?: unknown;
    };
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    return null;
  }
}

const healthLabels = {
  valid: { tone: "good", text: "Valid" },
  refresh_soon: { tone: "bad", text: "Refresh due" },
  expired: { tone: "bad", text: "Expired" },
} as const;

/**
 * /test-auth-security: the access token the app calls with (refreshed under
 * 600 s, valid above 60 s) and the server-side sign-in session, counting down.
 */
export function AuthSecurityTestPage() {
  return (
    <DebugPage
      title="Authentication Security Test"
      description="How long the current session has left. The expiry badge turns destructive under 600 seconds, when the app refreshes the token."
      signInMessage={DEBUG_MESSAGES.pleaseLogInFirst}
    >
      <SessionPanels />
    </DebugPage>
  );
}

function SessionPanels() {
  const token = useAuthToken();
  const now = useNow(1000);
  const session = useQueryState(api.debug.sessionInfo, {});
  const tokenExpiresAt = tokenExpiry(token);
  const expiresIn = tokenExpiresAt === null ? null : Math.floor((tokenExpiresAt - now) / 1000);

  return (
    <div className="flex flex-col gap-6">
      <DebugSection
        title="Access token"
        description={`Valid while more than ${SESSION_LIMITS.validAboveSeconds} s remain; refreshed when under ${SESSION_LIMITS.refreshUnderSeconds} s remain.`}
      >
        {expiresIn === null ? (
          <p className="text-cream-200">No access token in this browser.</p>
        ) : (
          <dl className="grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-cream-400">Expires in</dt>
              <dd className="mt-1 flex items-center gap-3">
                <span
                  className="font-display text-3xl font-extrabold"
                  data-testid="token-expires-in"
                >
                  {formatDuration(expiresIn)}
                </span>
                <StatusPill tone={healthLabels[sessionHealth(expiresIn)].tone}>
                  {healthLabels[sessionHealth(expiresIn)].text}
                </StatusPill>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-cream-400">Expires at</dt>
              <dd className="mt-1 font-mono text-sm">{format(tokenExpiresAt ?? 0, "PPpp")}</dd>
            </div>
          </dl>
        )}
      </DebugSection>
      <DebugSection
        title="Sign-in session"
        description="The server's record of this sign-in (30 days, renewed on use)."
      >
        {session.status === "success" && session.data !== null ? (
          <dl className="grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-cream-400">User id</dt>
              <dd className="mt-1 font-mono text-sm break-all">{session.data.userId}</dd>
            </div>
            <div>
              <dt className="text-sm text-cream-400">Session expires in</dt>
              <dd className="mt-1 font-display text-2xl font-extrabold">
                {session.data.sessionExpiresAt === null
                  ? "Unknown"
                  : formatDuration((session.data.sessionExpiresAt - now) / 1000)}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="text-cream-200">
            {session.status === "error"
              ? errorMessage(session.error, "Failed to load the session")
              : "Loading..."}
          </p>
        )}
      </DebugSection>
    </div>
  );
}
