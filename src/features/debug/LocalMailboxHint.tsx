import { Link } from "react-router-dom";
import { useDebugPagesEnabled } from "./useDebugPagesEnabled";

/**
 * For the 'Check Your Email' view: on a deployment with debug pages (the local
 * backend), e-mail stays in the local outbox, so point at the mailbox page.
 */
export function LocalMailboxHint() {
  if (useDebugPagesEnabled() !== true) return null;
  return (
    <p className="rounded-2xl bg-night-800/80 px-4 py-3 text-sm text-cream-200 ring-1 ring-night-700 ring-inset">
      Running locally?{" "}
      <Link
        to="/debug-email"
        className="font-semibold text-brand-amber underline decoration-2 underline-offset-4 hover:text-cream-50"
      >
        Open the local mailbox
      </Link>
    </p>
  );
}
