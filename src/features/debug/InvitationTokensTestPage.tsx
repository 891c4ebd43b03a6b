import { useMutation } from "convex/react";
import { useId, useState } from "react";
import { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { errorMessage } from "@shared/errors";
import {
  INVITATION_TOKEN_LIFETIME_TEXT,
  inferFromToken,
  isWellFormedToken,
} from "@shared/invitationTokens";
import { Button } from "@/components/ui/Button";
import { inputStyles } from "@/components/ui/Field";
import { Skeleton } from "@/components/ui/Skeleton";
import { useQueryState } from "@/lib/useQueryState";
import { DebugPage } from "./kit/DebugPage";
import { DebugSection } from "./kit/DebugSection";
import { LogConsole } from "./kit/LogConsole";
import { debugToast } from "./kit/debugToast";
import { useDebugLog } from "./kit/useDebugLog";
import { TokenList } from "./tokens/TokenList";
import { useCreateTestInvitation } from "./tokens/useCreateTestInvitation";

/**
 * /test-invitation-tokens: the token helpers on test data — generate (a test
 * invitation to your next session), validate (shape, type and status), mark
 * used (answer a test guest's link), and the expired-token clean-up.
 */
export function InvitationTokensTestPage() {
  return (
    <DebugPage
      title="Invitation Token System Test"
      description={`Tokens carry a type and answer prefix, last ${INVITATION_TOKEN_LIFETIME_TEXT} and work once.`}
      signInMessage={DEBUG_MESSAGES.pleaseLogInFirst}
    >
      <TokenTests />
    </DebugPage>
  );
}

function TokenTests() {
  const tokens = useQueryState(api.debug.testTokens, {});
  const known = tokens.status === "success" ? (tokens.data ?? []) : [];
  const createTestInvitation = useCreateTestInvitation();
  const answerForGuest = useMutation(api.debug.answerForTestGuest);
  const { lines, log, clear } = useDebugLog();
  const inputId = useId();
  const [token, setToken] = useState("");
  const [busy, setBusy] = useState(false);
  const trimmed = token.trim();

  async function generate() {
    setBusy(true);
    try {
      const { guest, event } = await createTestInvitation();
      log("success", `Tokens generated for ${guest.displayName} (${event.title})`);
      debugToast.success("Tokens generated");
    } catch (error) {
      const detail =
        error instanceof Error && !("data" in error) ? error.message : errorMessage(error, "");
      log("error", "Failed to generate tokens", detail || undefined);
      debugToast.error("Failed to generate tokens");
    } finally {
      setBusy(false);
    }
  }

  function validate() {
    const row = known.find((candidate) => candidate.token === trimmed);
    const inferred = inferFromToken(trimmed);
    if (!isWellFormedToken(trimmed) || inferred === null) {
      log("error", DEBUG_MESSAGES.tokenInvalid, { wellFormed: false });
      debugToast.error(DEBUG_MESSAGES.tokenInvalid);
      return;
    }
    log(
      row?.label === "VALID" ? "success" : "warning",
      `Token ${row?.label ?? "not among your latest tokens"}`,
      {
        type: inferred.type,
        action: inferred.action,
        status: row?.label ?? null,
      },
    );
  }

  async function markUsed() {
    setBusy(true);
    try {
      const result = await answerForGuest({ token: trimmed });
      if (!result.success) throw new Error(result.error);
      log("success", `Token used: ${result.title}`, result);
      debugToast.success("Token marked as used");
    } catch (error) {
      const detail =
        error instanceof Error && !("data" in error) ? error.message : errorMessage(error, "");
      log("error", "Failed to mark token as used", detail || undefined);
      debugToast.error("Failed to mark token as used");
    } finally {
      setBusy(false);
    }
  }

  function cleanup() {
    const expired = known.filter((row) => row.label === "EXPIRED").length;
    const note = `Expired tokens are deleted hourly by an internal job (npx convex run invitationTokens:cleanupExpired). Expired among yours: ${expired}`;
    log("info", note);
    debugToast.info(note);
  }

  return (
    <div className="flex flex-col gap-6">
      <DebugSection title="Token helpers">
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
          <Button onClick={() => void generate()} disabled={busy}>
            Generate Tokens
          </Button>
          <Button variant="secondary" onClick={validate} disabled={!trimmed}>
            Validate Token
          </Button>
          <Button variant="secondary" onClick={() => void markUsed()} disabled={busy || !trimmed}>
            Mark as Used
          </Button>
          <Button variant="secondary" onClick={cleanup}>
            Cleanup Expired
          </Button>
        </div>
      </DebugSection>
      <DebugSection title="Your latest tokens">
        {tokens.status === "loading" ? (
          <Skeleton className="h-24 rounded-2xl" />
        ) : tokens.status === "error" ? (
          <p className="text-red-300">{DEBUG_MESSAGES.loadTokensFailed}</p>
        ) : (
          <TokenList tokens={known} selected={token} onSelect={setToken} />
        )}
      </DebugSection>
      <LogConsole lines={lines} onClear={clear} />
    </div>
  );
}
