import { useConvex, useConvexAuth } from "convex/react";
import { format } from "date-fns";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import { useQueryState } from "@/lib/useQueryState";
import { DebugPage } from "./kit/DebugPage";
import { DebugSection, StatusPill } from "./kit/DebugSection";
import { EventPicker } from "./kit/EventPicker";

/**
 * /test-sessions: "Session and Database Test" — is this browser signed in,
 * what the server knows of the session, a timed round trip to the database,
 * and your sessions (5 of each list, '+N more').
 */
export function SessionsTestPage() {
  const { isAuthenticated } = useConvexAuth();
  const navigate = useNavigate();
  return (
    <DebugPage
      title="Session and Database Test"
      description="Checks the sign-in session and the database connection."
    >
      <div className="flex flex-col gap-6">
        <SessionStatus signedIn={isAuthenticated} />
        <RoundTrip />
        <DebugSection title="Sessions">
          <EventPicker
            sources={isAuthenticated ? ["upcoming", "past"] : ["discover"]}
            selected={null}
            onPick={(id) => void navigate(`/events/${id}`)}
          />
        </DebugSection>
      </div>
    </DebugPage>
  );
}

function SessionStatus({ signedIn }: { signedIn: boolean }) {
  const session = useQueryState(api.debug.sessionInfo, signedIn ? {} : "skip");
  return (
    <DebugSection
      title="Sign-in session"
      actions={
        <StatusPill tone={signedIn ? "good" : "warn"}>
          {signedIn ? "Signed in" : "Signed out"}
        </StatusPill>
      }
    >
      {!signedIn ? (
        <p className="text-cream-200">{DEBUG_MESSAGES.pleaseLogInFirst}</p>
      ) : session.status === "success" && session.data ? (
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <dt className="text-cream-400">User id</dt>
          <dd className="font-mono break-all">{session.data.userId}</dd>
          <dt className="text-cream-400">Session expires</dt>
          <dd>
            {session.data.sessionExpiresAt === null
              ? "Unknown"
              : format(session.data.sessionExpiresAt, "PPpp")}
          </dd>
        </dl>
      ) : (
        <p className="text-cream-200">
          {session.status === "error"
            ? errorMessage(session.error, "Failed to load the session")
            : "Loading..."}
        </p>
      )}
    </DebugSection>
  );
}

function RoundTrip() {
  const convex = useConvex();
  const [state, setState] = useState<{ ms: number; ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    const started = performance.now();
    try {
      const status = await convex.query(api.debug.status, {});
      setState({
        ms: performance.now() - started,
        ok: true,
        message: `Debug pages enabled: ${status.enabled}`,
      });
    } catch (error) {
      setState({
        ms: performance.now() - started,
        ok: false,
        message: errorMessage(error, "Database function failed"),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <DebugSection
      title="Database round trip"
      actions={
        <Button variant="secondary" size="sm" onClick={() => void run()} disabled={busy}>
          {busy && <Spinner className="size-4" />}
          Test Database
        </Button>
      }
    >
      {state === null ? (
        <p className="text-cream-400">Runs one query against the backend and times it.</p>
      ) : (
        <p role="status" className="flex flex-wrap items-center gap-2 text-sm">
          <StatusPill tone={state.ok ? "good" : "bad"}>{state.ok ? "OK" : "Failed"}</StatusPill>
          {Math.round(state.ms)} ms — {state.message}
        </p>
      )}
    </DebugSection>
  );
}
