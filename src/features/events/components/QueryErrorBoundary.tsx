import { Component, type ReactNode } from "react";

/**
 * Catches a failed live query below it (Convex hooks throw query errors
 * while rendering) and shows `fallback`; `retry` remounts the children,
 * which subscribes again and re-runs the query.
 */
export class QueryErrorBoundary extends Component<
  { fallback: (retry: () => void) => ReactNode; children: ReactNode; resetKey?: string },
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
    // New filters: try again with them.
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  retry = () => this.setState({ error: null });

  render() {
    return this.state.error ? this.props.fallback(this.retry) : this.props.children;
  }
}
