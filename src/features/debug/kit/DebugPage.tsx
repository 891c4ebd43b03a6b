import { useConvexAuth } from "convex/react";
import type { ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { pageTitle } from "@shared/brand";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { Card } from "@/components/ui/Card";
import { Skeleton } from "@/components/ui/Skeleton";
import { storeRedirectAfterLogin } from "@/lib/authStorage";
import { usePageTitle } from "@/lib/usePageTitle";
import { useDebugPagesEnabled } from "../useDebugPagesEnabled";

interface DebugPageProps {
  title: string;
  description?: ReactNode;
  /** The spec's sign-in prompt; when set, signed-out visitors see it instead of the page. */
  signInMessage?: string;
  /** Wider pages (the console, the style guide). */
  wide?: boolean;
  children: ReactNode;
}

/**
 * The frame of every debug and test page: title, a 'Back to Debug'
 * link, and the cosmetic gates — pages off on this deployment, or a sign-in
 * prompt. The server refuses every debug-only call anyway (convex/debug.ts).
 */
export function DebugPage({ title, description, signInMessage, wide, children }: DebugPageProps) {
  usePageTitle(pageTitle(title));
  const enabled = useDebugPagesEnabled();
  const { isLoading, isAuthenticated } = useConvexAuth();
  const mustSignIn = signInMessage !== undefined && !isLoading && !isAuthenticated;
  const ready = enabled === true && (signInMessage === undefined || !isLoading);

  return (
    <div
      className={
        wide ? "mx-auto max-w-6xl px-4 py-10 sm:px-6" : "mx-auto max-w-3xl px-4 py-10 sm:px-6"
      }
    >
      <p className="text-sm font-semibold tracking-widest text-brand-amber uppercase">Debug</p>
      <h1 className="mt-2 font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
        {title}
      </h1>
      {description && enabled !== false && <p className="mt-3 text-cream-200">{description}</p>}
      <div className="mt-8">
        {enabled === false ? (
          <DebugPagesDisabled />
        ) : mustSignIn ? (
          <SignInPrompt message={signInMessage} />
        ) : ready ? (
          children
        ) : (
          <DebugPageSkeleton />
        )}
      </div>
    </div>
  );
}

function DebugPagesDisabled() {
  return (
    <Card role="status">
      <h2 className="font-display text-xl font-bold">
        Debug pages are disabled on this deployment
      </h2>
      <p className="mt-2 text-cream-200">
        To use debug pages, set{" "}
        <code className="rounded bg-night-800 px-1.5 py-0.5 text-cream-50">
          CLINK_DEBUG_PAGES=true
        </code>{" "}
        on a deployment that nobody else uses.
      </p>
    </Card>
  );
}

/** The spec's sign-in prompt with a link to /login that comes back here afterwards. */
function SignInPrompt({ message }: { message: string }) {
  const location = useLocation();
  return (
    <Card role="status" className="flex flex-col items-start gap-4">
      <p className="font-semibold">{message}</p>
      <ButtonLink
        to="/login"
        onClick={() => storeRedirectAfterLogin(`${location.pathname}${location.search}`)}
      >
        Sign in
      </ButtonLink>
    </Card>
  );
}

function DebugPageSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading" className="flex flex-col gap-4">
      <Skeleton className="h-28 rounded-3xl" />
      <Skeleton className="h-40 rounded-3xl" />
    </div>
  );
}
