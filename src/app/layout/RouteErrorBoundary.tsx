import type { ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { lazyComponent } from "@/lib/lazyComponent";
import { usePageTitle } from "@/lib/usePageTitle";
import { pageTitle } from "@shared/brand";

/** The words every crash shows at once, and all it shows if even the crash page cannot load. */
const crashNotice = (
  <p role="alert" className="px-4 py-16 text-center text-cream-200">
    Something went wrong. Reload the page to try again.
  </p>
);

// The crash page is its own chunk: a render error is rare, and the boundary is on every page.
const CrashPage = lazyComponent(
  () => import("../pages/CrashPage"),
  "CrashPage",
  crashNotice,
  crashNotice,
);

/** The crash page, titled at once while its code loads. */
function CrashScreen(props: { error: Error; onRetry: () => void; standalone: boolean }) {
  usePageTitle(pageTitle("Something went wrong"));
  return <CrashPage {...props} />;
}

/**
 * A route's error boundary: a render error below it shows the crash page, until Try Again or
 * another page (each navigation starts clean). Inside the shell it replaces just the page; as
 * the root boundary (`standalone`) the shell itself failed, so the crash page brings its own <main>.
 */
export function RouteErrorBoundary({
  standalone = false,
  children,
}: {
  standalone?: boolean;
  children: ReactNode;
}) {
  const { key } = useLocation();
  return (
    <QueryErrorBoundary
      resetKey={key}
      fallback={(retry, error) => (
        <CrashScreen error={error} onRetry={retry} standalone={standalone} />
      )}
    >
      {children}
    </QueryErrorBoundary>
  );
}
