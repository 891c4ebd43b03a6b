import type { ReactNode } from "react";

/**
 * The badge preview card. The badges feature passes the preview (and its
 * View All link) as `children`; without them the card says honestly that
 * there are none.
 */
export function BadgePreview({ isOwner, name, children }: { isOwner: boolean; name: string; children?: ReactNode }) {
  return (
    <section
      aria-labelledby="badges-heading"
      className="self-start rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset"
    >
      <h2 id="badges-heading" className="font-display text-xl font-bold">
        Badges
      </h2>
      {children ?? (
        <div className="mt-4 flex items-center gap-4 rounded-2xl border border-dashed border-night-600 p-4">
          <span className="text-3xl" aria-hidden="true">
            🏅
          </span>
          <p className="text-sm text-cream-200">
            {isOwner
              ? "No badges yet. Host, join and rate sessions to start collecting them."
              : `${name} hasn't earned any badges yet.`}
          </p>
        </div>
      )}
    </section>
  );
}
