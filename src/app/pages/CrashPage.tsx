import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";

/** Anything can be thrown; an Error shows its stack. */
function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/** What a route shows in place of a page that failed to render (see RouteErrorBoundary). */
export function CrashPage({
  error,
  onRetry,
  standalone,
}: {
  error: Error;
  onRetry: () => void;
  standalone: boolean;
}) {
  const content = (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="text-6xl" aria-hidden="true">
        🫗
      </p>
      <h1 className="mt-6 font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
        Something went wrong
      </h1>
      <p className="mt-3 text-cream-200">
        Someone knocked over the drinks. Try again, and if it keeps happening, reload the page or
        head home.
      </p>
      <details className="mt-6 w-full rounded-2xl bg-night-850 text-left ring-1 ring-night-700">
        <summary className="cursor-pointer rounded-2xl px-4 py-3 font-semibold text-cream-200">
          Error Details
        </summary>
        <pre className="px-4 pb-4 text-xs break-words whitespace-pre-wrap text-cream-400">
          {describeError(error)}
        </pre>
      </details>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>Try Again</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
        <ButtonLink to="/" variant="ghost">
          Go Home
        </ButtonLink>
      </div>
    </div>
  );

  return standalone ? <main className="min-h-dvh">{content}</main> : content;
}
