import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import {
  BADGE_CATALOGUE,
  BADGE_CATEGORIES,
  BADGE_CATEGORY_LABELS,
  STARTER_BADGE_KEYS,
  badgeByKey,
} from "@shared/badgeCatalogue";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { Skeleton } from "@/components/ui/Skeleton";
import { BadgeMedal } from "@/features/badges/BadgeMedal";
import { DebugPage } from "@/features/debug/kit/DebugPage";
import { DebugSection, JsonView } from "@/features/debug/kit/DebugSection";
import { useQueryState } from "@/lib/useQueryState";

/** /badge-debug: your all-badges list as the badges page gets it, the starter badges and counts. */
export function BadgeDebugPage() {
  return (
    <DebugPage
      title="Badge Debug"
      description="Dumps your badges as the badges page reads them, the starter badges and the catalogue's counts."
      signInMessage={DEBUG_MESSAGES.pleaseLogInFirst}
      wide
    >
      <BadgeDump />
    </DebugPage>
  );
}

function BadgeDump() {
  const me = useQuery(api.profiles.me, {});
  const username = me?.profile?.username ?? null;
  const page = useQueryState(api.badges.page, username ? { username } : "skip");
  const counts = [
    { label: "All badges", value: BADGE_CATALOGUE.length },
    ...BADGE_CATEGORIES.map((category) => ({
      label: BADGE_CATEGORY_LABELS[category],
      value: BADGE_CATALOGUE.filter((badge) => badge.category === category).length,
    })),
    { label: "Hidden", value: BADGE_CATALOGUE.filter((badge) => badge.isHidden).length },
    { label: "Easter eggs", value: BADGE_CATALOGUE.filter((badge) => badge.isEasterEgg).length },
  ];

  return (
    <div className="flex flex-col gap-6">
      <DebugSection title="Starter badges">
        <ul className="flex flex-wrap gap-4">
          {STARTER_BADGE_KEYS.map((key) => {
            const badge = badgeByKey(key);
            return (
              badge && (
                <li key={key} className="flex items-center gap-2">
                  <BadgeMedal badge={badge} size="sm" />
                  <span className="font-semibold">{badge.name}</span>
                </li>
              )
            );
          })}
        </ul>
      </DebugSection>
      <DebugSection title="Filtered counts">
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
          {counts.map((count) => (
            <div
              key={count.label}
              className="flex justify-between gap-3 rounded-xl bg-night-800 px-3 py-2"
            >
              <dt className="text-cream-200">{count.label}</dt>
              <dd className="font-bold">{count.value}</dd>
            </div>
          ))}
        </dl>
      </DebugSection>
      <DebugSection title="Your badges (badges.page)">
        {page.status === "success" ? (
          <JsonView label="Your badges" value={page.data} />
        ) : (
          <Skeleton className="h-32 rounded-2xl" />
        )}
      </DebugSection>
    </div>
  );
}
