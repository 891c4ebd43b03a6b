import { useId, useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { inputStyles } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import { useQueryState } from "@/lib/useQueryState";
import { DebugSection, JsonView, StatusPill } from "../kit/DebugSection";
import { debugToast } from "../kit/debugToast";
import { useConsole } from "./ConsoleContext";
import { useProcessToken } from "./useProcessToken";

const QUICK_TOKENS = 4;

/** 2. Token Testing: process a token (yours, or a test guest's as them) and see the JSON result. */
export function TokenTestingTab() {
  const { log } = useConsole();
  const tokens = useQueryState(api.debug.testTokens, {});
  const known = tokens.status === "success" ? (tokens.data ?? []) : [];
  const processToken = useProcessToken(known);
  const inputId = useId();
  const [token, setToken] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token.trim()) {
      debugToast.error(DEBUG_MESSAGES.enterToken);
      return;
    }
    setBusy(true);
    try {
      const { asGuest, result } = await processToken(token);
      setResult(result);
      log(
        result.success ? "success" : "error",
        `Token processed${asGuest ? " as the test guest" : ""}`,
        result,
      );
    } catch (error) {
      const message = errorMessage(error, DEBUG_MESSAGES.tokenInvalid);
      setResult({ success: false, error: message });
      log("error", message);
      debugToast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <DebugSection title="Process a token">
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
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
        {known.length > 0 && (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-cream-400">Known tokens</p>
            <div className="flex flex-wrap gap-2">
              {known.slice(0, QUICK_TOKENS).map((row) => (
                <Button
                  key={row._id}
                  variant="secondary"
                  size="sm"
                  onClick={() => setToken(row.token)}
                >
                  {row.action} · {row.recipient}
                  <StatusPill
                    tone={row.label === "VALID" ? "good" : row.label === "USED" ? "neutral" : "bad"}
                  >
                    {row.label}
                  </StatusPill>
                </Button>
              ))}
            </div>
          </div>
        )}
        <Button type="submit" disabled={busy || !token.trim()} className="self-start">
          {busy && <Spinner className="size-4" />}
          Process Token
        </Button>
      </form>
      {result !== null && <JsonView label="Token result" value={result} />}
    </DebugSection>
  );
}
