import { useAction, useConvexAuth } from "convex/react";
import { formatDistanceToNow } from "date-fns";
import { useId, useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { inputStyles } from "@/components/ui/Field";
import { Skeleton } from "@/components/ui/Skeleton";
import { Spinner } from "@/components/ui/Spinner";
import { useQueryState } from "@/lib/useQueryState";
import { DebugPage } from "./kit/DebugPage";
import { DebugSection, JsonView, StatusPill } from "./kit/DebugSection";
import { debugToast } from "./kit/debugToast";

const LOG_LIMIT = 10;

/**
 * /test-email-system: sends a test e-mail through the one e-mail path
 * (Resend, or the local outbox) and lists the latest 10 log rows — on a
 * local backend everyone's, elsewhere only yours (the mailbox rules).
 */
export function EmailSystemTestPage() {
  const { isAuthenticated } = useConvexAuth();
  return (
    <DebugPage
      title="Email System Debug"
      description="Send a test e-mail and see what the e-mail log recorded."
    >
      <div className="flex flex-col gap-6">
        <DebugSection title="Send a test e-mail">
          {isAuthenticated ? (
            <SendTestEmail />
          ) : (
            <p className="text-cream-200">{DEBUG_MESSAGES.pleaseLogInFirst}</p>
          )}
        </DebugSection>
        <EmailLog />
      </div>
    </DebugPage>
  );
}

function SendTestEmail() {
  const send = useAction(api.debug.sendTestEmail);
  const inputId = useId();
  const [to, setTo] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!to.trim()) {
      debugToast.error(DEBUG_MESSAGES.enterTestEmail);
      return;
    }
    setBusy(true);
    try {
      const sent = await send({ to });
      setResult(sent);
      if (sent.status === "sent") debugToast.success(`Test e-mail sent to ${to.trim()}`);
      else debugToast.error(sent.errorMessage ?? "Failed to send email");
    } catch (error) {
      debugToast.error(errorMessage(error, "Failed to send email"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <label htmlFor={inputId} className="text-sm font-semibold text-cream-200">
        Test e-mail address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="email"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          placeholder="you@example.com"
          className={inputStyles}
        />
        <Button type="submit" disabled={busy || !to.trim()}>
          {busy && <Spinner className="size-4" />}
          Send Test Email
        </Button>
      </div>
      {result !== null && <JsonView label="Send result" value={result} />}
    </form>
  );
}

function EmailLog() {
  const mailbox = useQueryState(api.emails.latestForDebug, { limit: LOG_LIMIT });
  return (
    <DebugSection
      title="E-mail log"
      description={`The latest ${LOG_LIMIT} messages, newest first.`}
    >
      {mailbox.status === "loading" && <Skeleton className="h-24 rounded-2xl" />}
      {mailbox.status === "error" && (
        <p className="text-red-300">{errorMessage(mailbox.error, "Failed to load email logs")}</p>
      )}
      {mailbox.status === "success" &&
        (mailbox.data.scope === "signedOut" ? (
          <p className="text-cream-200">{DEBUG_MESSAGES.pleaseLogInFirst}</p>
        ) : mailbox.data.messages.length === 0 ? (
          <p className="text-cream-400">No e-mail sent yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {mailbox.data.messages.map((email) => (
              <li
                key={email.id}
                className="flex flex-wrap items-center gap-2 rounded-2xl bg-night-800 px-4 py-3 text-sm"
              >
                <StatusPill
                  tone={
                    email.status === "sent" ? "good" : email.status === "pending" ? "warn" : "bad"
                  }
                >
                  {email.status}
                </StatusPill>
                <StatusPill tone="neutral">{email.type}</StatusPill>
                <span className="min-w-0 flex-1 truncate font-semibold">{email.subject}</span>
                <span className="break-all text-cream-200">{email.recipient}</span>
                <span className="text-xs text-cream-400">
                  {formatDistanceToNow(email.createdAt, { addSuffix: true })}
                </span>
                {email.errorMessage && (
                  <span className="w-full text-red-300">{email.errorMessage}</span>
                )}
              </li>
            ))}
          </ul>
        ))}
    </DebugSection>
  );
}
