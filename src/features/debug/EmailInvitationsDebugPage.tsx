import { useId, useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { DEBUG_LIMITS, DEBUG_MESSAGES } from "@shared/debugPages";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { inputStyles } from "@/components/ui/Field";
import { Skeleton } from "@/components/ui/Skeleton";
import { useQueryState } from "@/lib/useQueryState";
import { useProcessToken } from "./console/useProcessToken";
import { DebugPage } from "./kit/DebugPage";
import { DebugSection, JsonView } from "./kit/DebugSection";
import { LogConsole } from "./kit/LogConsole";
import { debugToast } from "./kit/debugToast";
import { useDebugLog } from "./kit/useDebugLog";
import { TokenList } from "./tokens/TokenList";
import { useCreateTestInvitation } from "./tokens/useCreateTestInvitation";

/**
 * /debug/email-invitations: test an e-mail invitation token (yours, or a test
 * guest's as them), create a test invitation, pick from the latest 10 tokens;
 * the log keeps 20 lines.
 */
export function EmailInvitationsDebugPage() {
  return (
    <DebugPage
      title="Email Invitation Debug"
      description="Test e-mail invitation tokens and create test invitations."
      signInMessage={DEBUG_MESSAGES.pleaseLogInFirst}
    >
      <EmailInvitationTests />
    </DebugPage>
  );
}

function EmailInvitationTests() {
  const tokens = useQueryState(api.debug.testTokens, {});
  const known = tokens.status === "success" ? (tokens.data ?? []) : [];
  const processToken = useProcessToken(known);
  const createTestInvitation = useCreateTestInvitation();
  const { lines, log, clear } = useDebugLog(DEBUG_LIMITS.logLines);
  const inputId = useId();
  const [token, setToken] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<unknown>(null);

  async function testToken(event: FormEvent) {
    event.preventDefault();
    if (!token.trim()) {
      debugToast.error(DEBUG_MESSAGES.enterToken);
      return;
    }
    setBusy(true);
    try {
      const { asGuest, result } = await processToken(token);
      setResult(result);
      if (result.success) {
        log("success", `${result.title} ${result.message}${asGuest ? " (as the test guest)" : ""}`);
        debugToast.success(result.message);
      } else {
        log("error", result.error, { requiresAuth: result.requiresAuth });
        debugToast.error(result.error);
      }
    } catch (error) {
      const message = errorMessage(error, DEBUG_MESSAGES.tokenInvalid);
      setResult({ success: false, error: message });
      log("error", message);
      debugToast.error(message);
    } finally {
      setBusy(false);
    }
  }

  async function createTest() {
    setBusy(true);
    try {
      const { event, guest, result } = await createTestInvitation();
      log(
        "success",
        `${DEBUG_MESSAGES.testInvitationCreated} ${guest.displayName} → ${event.title}`,
        result,
      );
      debugToast.success(DEBUG_MESSAGES.testInvitationCreated);
    } catch (error) {
      const message =
        error instanceof Error && error.message === DEBUG_MESSAGES.noEventsFound
          ? DEBUG_MESSAGES.noEventsFound
          : errorMessage(error, DEBUG_MESSAGES.testInvitationFailed);
      log("error", `${DEBUG_MESSAGES.testInvitationFailed}: ${message}`);
      debugToast.error(DEBUG_MESSAGES.testInvitationFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <ButtonLink to="/debug" variant="secondary" size="sm">
          Back to Debug
        </ButtonLink>
      </div>
      <DebugSection title="Test a token">
        <form onSubmit={(event) => void testToken(event)} className="flex flex-col gap-3">
          <label htmlFor={inputId} className="text-sm font-semibold text-cream-200">
            Token
          </label>
          <input
            id={inputId}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            placeholder="event_accept_…"
            className={`${inputStyles} font-mono`}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy || !token.trim()}>
              Test Token
            </Button>
            <Button variant="secondary" onClick={() => void createTest()} disabled={busy}>
              Create Test
            </Button>
          </div>
        </form>
        {result !== null && <JsonView label="Token result" value={result} />}
      </DebugSection>
      <DebugSection title={`Latest ${DEBUG_LIMITS.latestTokens} event tokens`}>
        {tokens.status === "error" ? (
          <p className="text-red-300">{DEBUG_MESSAGES.loadTokensFailed}</p>
        ) : tokens.status === "loading" ? (
          <Skeleton className="h-24 rounded-2xl" />
        ) : (
          <TokenList tokens={known} selected={token} onSelect={setToken} />
        )}
      </DebugSection>
      <LogConsole lines={lines} onClear={clear} />
    </div>
  );
}
