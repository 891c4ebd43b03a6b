import type { ReactNode } from "react";
import { api } from "@convex/_generated/api";
import { drinkEmoji, drinkLabel } from "@shared/drinks";
import { Skeleton } from "@/components/ui/Skeleton";
import { useCachedQueryState } from "@/lib/offline/useCachedQuery";

/** The stat tiles: Sessions, RSVPs, Crews and favourite drink. */
export function ProfileStats({ username }: { username: string }) {
  const stats = useCachedQueryState(api.profiles.stats, { username });
  const failed = stats.status === "error" || (stats.status === "success" && stats.data === null);
  const data = stats.status === "success" ? stats.data : null;

  const number = (value: number | undefined) =>
    stats.status === "loading" ? null : failed || value === undefined ? "—" : value.toLocaleString();

  const drink = data?.favoriteDrink ?? null;

  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="sr-only">
        Stats
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatTile label="Sessions" value={number(data?.sessions)} failed={failed} />
        <StatTile label="RSVPs" value={number(data?.rsvps)} failed={failed} />
        <StatTile label="Crews" value={number(data?.crews)} failed={failed} />
        <StatTile
          label="Favourite drink"
          failed={failed}
          value={
            stats.status === "loading" ? null : failed || drink === null ? (
              "—"
            ) : (
              <>
                <span aria-hidden="true">{drinkEmoji(drink)}</span> {drinkLabel(drink)}
              </>
            )
          }
          note={!failed && stats.status === "success" && drink === null ? "No preference" : undefined}
          compact
        />
      </dl>
      {failed && (
        <p role="status" className="mt-2 text-sm text-red-300">
          Failed to load stats
        </p>
      )}
    </section>
  );
}

function StatTile({
  label,
  value,
  failed,
  note,
  compact = false,
}: {
  label: string;
  /** null while loading. */
  value: ReactNode;
  failed: boolean;
  note?: string;
  compact?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse justify-end gap-1 rounded-2xl bg-night-850 p-4 ring-1 ring-night-700 ring-inset">
      <dt className="text-sm font-semibold text-cream-400">
        {label}
        {failed && <span className="block text-xs font-medium text-red-300">Failed to load</span>}
        {note && <span className="block text-xs font-medium">{note}</span>}
      </dt>
      <dd
        className={
          compact
            ? "font-display text-xl font-extrabold break-words text-cream-50 sm:text-2xl"
            : "font-display text-3xl font-black text-cream-50 tabular-nums"
        }
      >
        {value ?? <Skeleton className="h-8 w-12" />}
      </dd>
    </div>
  );
}
