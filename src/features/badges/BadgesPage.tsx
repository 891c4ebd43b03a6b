import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { format } from "date-fns";
import { useState } from "react";
import { Navigate, useParams } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  BADGE_CATALOGUE,
  BADGE_CATEGORIES,
  BADGE_CATEGORY_LABELS,
  badgeTarget,
  type BadgeCategory,
  type BadgeDefinition,
} from "@shared/badgeCatalogue";
import { BADGE_MESSAGES, MAX_VISIBLE_BADGES, progressPercent } from "@shared/badgeRules";
import { pageTitle } from "@shared/brand";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { useQueryState } from "@/lib/useQueryState";
import { BadgeMedal } from "./BadgeMedal";
import { tierLabel } from "./tierLabel";
import { TIER_STYLES } from "./tierStyles";

type PageData = NonNullable<FunctionReturnType<typeof api.badges.page>>;
type Earned = PageData["earned"][number];
type Filter = BadgeCategory | "all";

/** One card on the page: a catalogue badge with the user's standing. */
type BadgeCard = {
  badge: BadgeDefinition;
  earned: Earned | null;
  progress: { current: number; target: number } | null;
};

/**
 * /profile/{username}/badges: category sidebar, Earned / Total /
 * Visible / Complete tiles, and the badges — the owner sees locked ones with
 * their progress and shows or hides earned ones; others see earned ones only.
 * An unknown (or hidden) profile goes to /404.
 */
export function BadgesPage() {
  const { username = "" } = useParams();
  const page = useQueryState(api.badges.page, { username });
  usePageTitle(pageTitle("Badges"));

  if (page.status === "loading") return <BadgesSkeleton />;
  if (page.status === "error")
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-16 text-center text-red-300">
        {BADGE_MESSAGES.failedToLoad}
      </p>
    );
  if (page.data === null) return <Navigate to="/404" replace />;
  return <Badges data={page.data} />;
}

function cardsOf(data: PageData): BadgeCard[] {
  const earned = new Map(data.earned.map((row) => [row.key, row]));
  const progress = new Map(data.progress.map((row) => [row.key, row]));
  return BADGE_CATALOGUE.flatMap((badge) => {
    const row = earned.get(badge.key) ?? null;
    // Others see earned badges only; hidden ones stay secret until earned, even to the owner.
    if (row === null && (!data.isOwner || badge.isHidden)) return [];
    return [
      {
        badge,
        earned: row,
        progress:
          row === null
            ? (progress.get(badge.key) ?? { current: 0, target: badgeTarget(badge) })
            : null,
      },
    ];
  });
}

function Badges({ data }: { data: PageData }) {
  const [filter, setFilter] = useState<Filter>("all");
  const name = data.displayName ?? data.username;
  const cards = cardsOf(data);
  const total = BADGE_CATALOGUE.filter((badge) => !badge.isHidden).length;
  const earnedCount = data.earned.length;
  const visibleCount = data.earned.filter((row) => row.isVisible).length;
  const shownCards = filter === "all" ? cards : cards.filter((c) => c.badge.category === filter);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <ButtonLink to={`/profile/${data.username}`} variant="ghost" size="sm" className="-ml-3">
            ← {data.isOwner ? "Your profile" : `${name}'s profile`}
          </ButtonLink>
          <h1 className="mt-2 font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
            {data.isOwner ? "Your Badges" : `${name}'s Badges`}
          </h1>
        </div>
        {data.isOwner && <SetDefaultButton disabled={earnedCount === 0} />}
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Tile label="Earned" value={earnedCount} />
        <Tile label="Total" value={total} />
        <Tile label="Visible" value={`${visibleCount} / ${MAX_VISIBLE_BADGES}`} />
        <Tile label="Complete" value={`${progressPercent(Math.min(earnedCount, total), total)}%`} />
      </dl>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <CategoryNav cards={cards} filter={filter} onChange={setFilter} />
        <section aria-labelledby="badge-list-heading">
          <h2 id="badge-list-heading" className="sr-only">
            {filter === "all" ? "All Categories" : BADGE_CATEGORY_LABELS[filter]}
          </h2>
          {shownCards.length === 0 ? (
            <p className="rounded-3xl border border-dashed border-night-600 p-8 text-center text-cream-200">
              {data.isOwner
                ? "Nothing here yet. Keep clinking."
                : `${name} hasn't earned any badges${filter === "all" ? "" : " in this category"} yet.`}
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {shownCards.map((card) => (
                <BadgeCardView
                  key={card.badge.key}
                  card={card}
                  isOwner={data.isOwner}
                  canShowMore={visibleCount < MAX_VISIBLE_BADGES}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function Tile({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-2xl bg-night-850 p-4 ring-1 ring-night-700 ring-inset">
      <dt className="text-sm text-cream-400">{label}</dt>
      <dd className="mt-1 font-display text-2xl font-extrabold">{value}</dd>
    </div>
  );
}

function CategoryNav({
  cards,
  filter,
  onChange,
}: {
  cards: BadgeCard[];
  filter: Filter;
  onChange: (filter: Filter) => void;
}) {
  const options: Array<{ value: Filter; label: string }> = [
    { value: "all", label: "All Categories" },
    ...BADGE_CATEGORIES.map((value) => ({ value, label: BADGE_CATEGORY_LABELS[value] })),
  ];
  return (
    <nav aria-label="Badge categories" className="lg:self-start">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:px-0">
        {options.map((option) => {
          const inCategory = cards.filter(
            (card) => option.value === "all" || card.badge.category === option.value,
          );
          const earned = inCategory.filter((card) => card.earned !== null).length;
          const active = filter === option.value;
          return (
            <li key={option.value} className="shrink-0">
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onChange(option.value)}
                className={cn(
                  "flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl px-4 py-2 text-left text-sm font-semibold whitespace-nowrap transition-colors",
                  active
                    ? "bg-brand-amber text-brand-ink"
                    : "bg-night-850 text-cream-200 ring-1 ring-night-700 ring-inset hover:bg-night-800",
                )}
              >
                {option.label}
                <span className={cn("text-xs", active ? "text-brand-ink" : "text-cream-400")}>
                  {earned}/{inCategory.length}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function BadgeCardView({
  card,
  isOwner,
  canShowMore,
}: {
  card: BadgeCard;
  isOwner: boolean;
  canShowMore: boolean;
}) {
  const { badge, earned, progress } = card;
  const locked = earned === null;
  return (
    <li
      data-testid={`badge-${badge.key}`}
      data-state={locked ? "locked" : "earned"}
      className={cn(
        "flex flex-col gap-3 rounded-3xl p-4 ring-1 ring-inset",
        locked ? "bg-night-900 ring-night-700" : "bg-night-850 ring-night-600",
      )}
    >
      <div className="flex items-start gap-3">
        <BadgeMedal badge={badge} locked={locked} />
        <div className="min-w-0 flex-1">
          <h3 className="leading-tight font-bold">
            {badge.name}
            {locked && <span className="sr-only"> (locked)</span>}
          </h3>
          <span
            className={cn(
              "mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold",
              TIER_STYLES[badge.colorTier].chip,
            )}
          >
            {tierLabel(badge.colorTier)}
          </span>
        </div>
      </div>
      <p className="text-sm text-cream-200">{badge.description}</p>
      {earned !== null ? (
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <span className="text-xs text-cream-400">
            Earned {format(new Date(earned.earnedAt), "d MMM yyyy")}
          </span>
          {isOwner && <VisibilityToggle badge={badge} earned={earned} canShowMore={canShowMore} />}
        </div>
      ) : (
        progress !== null && (
          <ProgressBar badge={badge} current={progress.current} target={progress.target} />
        )
      )}
    </li>
  );
}

function ProgressBar({
  badge,
  current,
  target,
}: {
  badge: BadgeDefinition;
  current: number;
  target: number;
}) {
  const percent = progressPercent(current, target);
  return (
    <div className="mt-auto">
      <div className="flex justify-between text-xs text-cream-400">
        <span>Progress</span>
        <span>
          {Math.min(current, target)} / {target}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${badge.name} progress`}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={Math.min(current, target)}
        className="mt-1 h-2 overflow-hidden rounded-full bg-night-700"
      >
        <div
          className={cn("h-full rounded-full", TIER_STYLES[badge.colorTier].bar)}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function VisibilityToggle({
  badge,
  earned,
  canShowMore,
}: {
  badge: BadgeDefinition;
  earned: Earned;
  canShowMore: boolean;
}) {
  const setVisibility = useMutation(api.badges.setVisibility);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    // The server decides (the 4 limit included); its refusal is shown as it says it.
    setBusy(true);
    try {
      await setVisibility({
        userBadgeId: earned._id as Id<"user_badges">,
        visible: !earned.isVisible,
      });
    } catch (error) {
      toast.error(errorMessage(error, BADGE_MESSAGES.failedToUpdate));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={earned.isVisible}
      title={!earned.isVisible && !canShowMore ? BADGE_MESSAGES.visibleLimit : undefined}
      disabled={busy}
      onClick={() => void toggle()}
      className="flex min-h-11 items-center gap-2 rounded-full px-2 text-sm font-semibold text-cream-200 hover:text-cream-50 disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={cn(
          "relative h-6 w-10 rounded-full transition-colors",
          earned.isVisible ? "bg-brand-amber" : "bg-night-400",
        )}
      >
        <span
          className={cn(
            "absolute top-1 left-1 size-4 rounded-full bg-cream-50 transition-transform",
            earned.isVisible && "translate-x-4",
          )}
        />
      </span>
      Show on profile<span className="sr-only">: {badge.name}</span>
    </button>
  );
}

function SetDefaultButton({ disabled }: { disabled: boolean }) {
  const setDefault = useMutation(api.badges.setDefaultVisibility);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await setDefault({});
      toast.success("Your top 4 badges are on show");
    } catch (error) {
      toast.error(errorMessage(error, BADGE_MESSAGES.failedToSetDefault));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" disabled={disabled || busy} onClick={() => void run()}>
      {BADGE_MESSAGES.setDefault}
    </Button>
  );
}

function BadgesSkeleton() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6" aria-busy="true">
      <div className="h-10 w-64 animate-pulse rounded-xl bg-night-800" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-20 animate-pulse rounded-2xl bg-night-800" />
        ))}
      </div>
      <div className="h-64 animate-pulse rounded-3xl bg-night-800" />
    </div>
  );
}
