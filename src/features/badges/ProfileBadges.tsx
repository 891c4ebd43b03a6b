import { Link } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { badgeByKey, type BadgeDefinition } from "@shared/badgeCatalogue";
import { useCachedQueryState } from "@/lib/offline/useCachedQuery";
import { BadgeMedal } from "./BadgeMedal";
import { tierLabel } from "./tierLabel";

/** The profile's shown badges (up to 4), live; one subscription shared by both places. */
function useShownBadges(username: string) {
  const preview = useCachedQueryState(api.badges.preview, { username });
  const data = preview.status === "success" ? preview.data : null;
  const shown = (data?.shown ?? []).flatMap((row) => {
    const badge = badgeByKey(row.key);
    return badge === null ? [] : [{ ...row, badge }];
  });
  return { status: preview.status, data, shown };
}

function badgesPath(username: string): string {
  return `/profile/${username}/badges`;
}

/** Up to 4 badges beside the profile's name. */
export function HeaderBadges({ username }: { username: string }) {
  const { shown } = useShownBadges(username);
  if (shown.length === 0) return null;
  return (
    <ul
      aria-label="Badges shown on this profile"
      data-testid="header-badges"
      className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start"
    >
      {shown.map(({ key, badge }) => (
        <li key={key} title={`${badge.name}: ${badge.description}`}>
          <BadgeMedal badge={badge} size="sm" />
          <span className="sr-only">{badge.name}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The badge preview card's content: the shown badges with their
 * names and tiers, how many are earned, and View All (the badges page).
 */
export function BadgePreviewContent({ username }: { username: string }) {
  const { status, data, shown } = useShownBadges(username);
  if (status === "loading")
    return <div className="mt-4 h-24 animate-pulse rounded-2xl bg-night-800" />;
  if (data === null) return null; // the profile page shows its own failure or not-found state
  const { earnedCount, isOwner, name } = data;
  return (
    <div className="mt-4 flex flex-col gap-4" data-testid="badge-preview">
      {shown.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3">
          {shown.map(({ key, badge }) => (
            <PreviewTile key={key} badge={badge} />
          ))}
        </ul>
      ) : (
        <div className="flex items-center gap-4 rounded-2xl border border-dashed border-night-600 p-4">
          <span className="text-3xl" aria-hidden="true">
            🏅
          </span>
          <p className="text-sm text-cream-200">
            {earnedCount > 0
              ? isOwner
                ? "Pick up to 4 badges to show here."
                : `${name} keeps their badges to themselves.`
              : isOwner
                ? "No badges yet. Host, join and rate sessions to start collecting them."
                : `${name} hasn't earned any badges yet.`}
          </p>
        </div>
      )}
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-cream-400">{earnedCount.toLocaleString()} earned</span>
        <Link
          to={badgesPath(username)}
          className="inline-flex min-h-6 items-center font-semibold text-brand-amber underline decoration-2 underline-offset-4 hover:text-cream-50"
        >
          View All<span className="sr-only"> badges</span>
        </Link>
      </div>
    </div>
  );
}

function PreviewTile({ badge }: { badge: BadgeDefinition }) {
  return (
    <li className="flex flex-col items-center gap-2 rounded-2xl bg-night-800 p-3 text-center">
      <BadgeMedal badge={badge} />
      <span className="text-sm leading-tight font-semibold">{badge.name}</span>
      <span className="text-xs text-cream-400">{tierLabel(badge.colorTier)}</span>
    </li>
  );
}
