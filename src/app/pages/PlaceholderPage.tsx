import { usePageTitle } from "@/lib/usePageTitle";
import { pageTitle } from "../../../shared/brand";

/** Stands in for a screen that another piece of work will build. */
export function PlaceholderPage({ heading }: { heading: string }) {
  usePageTitle(pageTitle(heading));

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="font-display text-3xl font-extrabold tracking-tight">{heading}</h1>
    </div>
  );
}
