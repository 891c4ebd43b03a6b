import { Component, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./Button";

/**
 * Catches a failed live query below it (Convex hooks throw query errors
 * while rendering), or any other render error, and shows `fallback`; `retry`
 * remounts the children, which subscribes again and re-runs the query.
 */
export class QueryErrorBoundary extends Component<
  {
    fallback: (retry: () => void, error: Error) => ReactNode;
    children: ReactNode;
    resetKey?: string;
  },
  { error: Error | null; resetKey?: string }
> {
  state: { error: Error | null; resetKey?: string } = {
    error: null,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey?: string },
    state: { error: Error | null; resetKey?: string },
  ) {
    // New filters (or a new page): try again with them.
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  retry = () => this.setState({ error: null });

  render() {
    return this.state.error
      ? this.props.fallback(this.retry, this.state.error)
      : this.props.children;
  }
}

/**
 * A live list or section whose query failed: the spec's message in its place
 * (e.g. 'Failed to load attendees') and Try Again, instead of the crash page.
 */
export function LoadErrorBoundary({
  message,
  className,
  children,
}: {
  message: string;
  /** For the message panel (e.g. the margin the list would have had). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <QueryErrorBoundary
      fallback={(retry) => (
        <LoadErrorPanel message={message} onRetry={retry} className={className} />
      )}
    >
      {children}
    </QueryErrorBoundary>
  );
}

/** What LoadErrorBoundary shows: the message and Try Again, announced as an alert. */
export function LoadErrorPanel({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-night-800 px-4 py-3 ring-1 ring-rose-400/40 ring-inset",
        className,
      )}
    >
      <p className="text-cream-100">{message}</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
