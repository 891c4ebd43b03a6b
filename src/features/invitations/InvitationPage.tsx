import { useConvexAuth, useMutation } from "convex/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { pageTitle } from "@shared/brand";
import { errorMessage } from "@shared/errors";
import {
  inferFromToken,
  INVITATION_MESSAGES,
  isTokenAction,
  isTokenType,
  SUCCESS_REDIRECT_MS,
  VIEW_REDIRECT_MS,
  type InvitationAction,
  type InvitationType,
} from "@shared/invitationTokens";
import { loginPathReturningTo } from "@shared/redirects";
import { Button } from "@/components/ui/Button";
import { QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Spinner } from "@/components/ui/Spinner";
import { storeRedirectAfterLogin } from "@/lib/authStorage";
import { useGoBack } from "@/lib/useGoBack";
import { usePageTitle } from "@/lib/usePageTitle";

type Outcome =
  | { state: "processing" }
  | {
      state: "success";
      type: InvitationType;
      action: InvitationAction;
      title: string;
      message: string;
      name: string;
      redirectUrl: string;
    }
  | { state: "error"; title: string; error: string };

/** What the page works on: the token with its type and answer, or why it cannot. */
function readLink(params: { token?: string; type?: string; action?: string }) {
  const { token, type, action } = params;
  if (!token) {
    return {
      problem: { title: INVITATION_MESSAGES.invalidLink, error: INVITATION_MESSAGES.missingToken },
    };
  }
  const fromRoute = isTokenType(type) && isTokenAction(action) ? { type, action } : null;
  const known = type === undefined && action === undefined ? inferFromToken(token) : fromRoute;
  if (known === null) {
    return {
      problem: { title: INVITATION_MESSAGES.errorTitle, error: INVITATION_MESSAGES.unknownType },
    };
  }
  return { token, ...known };
}

/**
 * /invitation/{type}/{action}/{token} and /invitation/{token}:
 * answers an e-mail's Accept or Decline link. Signed out, the path is kept
 * and the visitor signs in (magic link included), then comes back here and
 * the answer is applied. After success it moves on by itself after 2 s, or
 * 1 s after View.
 */
export function InvitationPage() {
  const params = useParams();
  const link = readLink(params);
  if ("problem" in link && link.problem) {
    return <ErrorPanel title={link.problem.title} error={link.problem.error} />;
  }
  return (
    // Anything that breaks while the answer is shown stays on this page, as its error panel.
    <QueryErrorBoundary
      resetKey={link.token}
      fallback={() => (
        <ErrorPanel
          title={INVITATION_MESSAGES.errorTitle}
          error={INVITATION_MESSAGES.failedToValidate}
        />
      )}
    >
      <ProcessInvitation
        key={link.token}
        token={link.token}
        type={link.type}
        action={link.action}
      />
    </QueryErrorBoundary>
  );
}

function ProcessInvitation({
  token,
  type,
  action,
}: {
  token: string;
  type: InvitationType;
  action: InvitationAction;
}) {
  const auth = useConvexAuth();
  const process = useMutation(api.invitationTokens.process);
  const navigate = useNavigate();
  const location = useLocation();
  const [outcome, setOutcome] = useState<Outcome>({ state: "processing" });
  // One call per sign-in state: a re-render (or Strict Mode's second effect) never answers twice.
  const triedFor = useRef<boolean | null>(null);

  useEffect(() => {
    if (auth.isLoading || triedFor.current === auth.isAuthenticated) return;
    triedFor.current = auth.isAuthenticated;
    const path = `${location.pathname}${location.search}`;
    process({ token, type, action })
      .then((result) => {
        if (result.success) {
          setOutcome({ state: "success", ...result });
        } else if (result.requiresAuth) {
          // Back here after signing in, where the answer is applied.
          storeRedirectAfterLogin(path);
          toast(result.error, { id: "invitation-sign-in" });
          void navigate(loginPathReturningTo(path), { replace: true });
        } else {
          setOutcome({
            state: "error",
            title: INVITATION_MESSAGES.errorTitle,
            error: result.error,
          });
        }
      })
      .catch((error: unknown) => {
        setOutcome({
          state: "error",
          title: INVITATION_MESSAGES.errorTitle,
          error: errorMessage(error, INVITATION_MESSAGES.failedToProcess),
        });
      });
  }, [auth.isLoading, auth.isAuthenticated, token, type, action, process, navigate, location]);

  if (outcome.state === "error") return <ErrorPanel title={outcome.title} error={outcome.error} />;
  if (outcome.state === "success") return <SuccessPanel outcome={outcome} />;
  return <ProcessingPanel />;
}

function Panel({
  emoji,
  title,
  children,
  role,
}: {
  emoji: string;
  title: string;
  children: ReactNode;
  role?: "alert" | "status";
}) {
  usePageTitle(pageTitle(title));
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-20">
      <section
        role={role}
        aria-labelledby="invitation-heading"
        className="relative overflow-hidden rounded-3xl bg-night-850 p-6 text-center ring-1 ring-night-700 ring-inset sm:p-8"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-56 rounded-full bg-brand-amber/10 blur-3xl"
        />
        <p aria-hidden="true" className="relative text-6xl">
          {emoji}
        </p>
        <h1
          id="invitation-heading"
          className="relative mt-5 font-display text-3xl font-black tracking-tight text-balance"
        >
          {title}
        </h1>
        <div className="relative">{children}</div>
      </section>
    </div>
  );
}

function ProcessingPanel() {
  return (
    <Panel emoji="✉️" title="Your invitation" role="status">
      <p className="mt-4 flex items-center justify-center gap-2 text-cream-200">
        <Spinner className="size-4" />
        {INVITATION_MESSAGES.processing}
      </p>
    </Panel>
  );
}

function ErrorPanel({ title, error }: { title: string; error: string }) {
  const goBack = useGoBack("/");
  return (
    <Panel emoji="🫗" title={title} role="alert">
      <p className="mt-3 text-cream-200">{error}</p>
      <div className="mt-8 flex justify-center">
        <Button size="lg" onClick={goBack}>
          {INVITATION_MESSAGES.goBack}
        </Button>
      </div>
    </Panel>
  );
}

const VIEW_LABELS: Record<InvitationType, Record<InvitationAction, string>> = {
  event: { accept: "View Session", decline: "View Sessions" },
  crew: { accept: "View Crew", decline: "View Profile" },
};

function SuccessPanel({ outcome }: { outcome: Extract<Outcome, { state: "success" }> }) {
  const navigate = useNavigate();
  const [leavingIn, setLeavingIn] = useState(SUCCESS_REDIRECT_MS);

  useEffect(() => {
    const timer = window.setTimeout(
      () => void navigate(outcome.redirectUrl, { replace: true }),
      leavingIn,
    );
    return () => window.clearTimeout(timer);
  }, [leavingIn, navigate, outcome.redirectUrl]);

  const accepted = outcome.action === "accept";
  return (
    <Panel emoji={accepted ? "🍻" : "👋"} title={outcome.title} role="status">
      <p className="mt-3 font-semibold break-words text-cream-50">{outcome.name}</p>
      <p className="mt-2 text-cream-200">{outcome.message}</p>
      <div className="mt-8 flex flex-col items-center gap-3">
        <Button
          size="lg"
          onClick={() => setLeavingIn(VIEW_REDIRECT_MS)}
          disabled={leavingIn === VIEW_REDIRECT_MS}
        >
          {VIEW_LABELS[outcome.type][outcome.action]}
        </Button>
        <p className="text-sm text-cream-400">Taking you there in a moment…</p>
      </div>
    </Panel>
  );
}
