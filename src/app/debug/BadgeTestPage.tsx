import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { BADGE_CATALOGUE, badgeByKey } from "@shared/badgeCatalogue";
import { BADGE_MESSAGES, MAX_VISIBLE_BADGES, progressPercent } from "@shared/badgeRules";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";
import { BadgeMedal } from "@/features/badges/BadgeMedal";
import { DebugPage } from "@/features/debug/kit/DebugPage";
import { DebugSection, JsonView } from "@/features/debug/kit/DebugSection";
import { LogConsole } from "@/features/debug/kit/LogConsole";
import { debugToast } from "@/features/debug/kit/debugToast";
import { useDebugLog } from "@/features/debug/kit/useDebugLog";
import { useQueryState } from "@/lib/useQueryState";

const SAMPLE_ICONS = BADGE_CATALOGUE.slice(0, 8);

/**
 * /badge-test: the badge system on your own account — the real badges page
 * data, the real engine's checks, sample progress and the visibility toggle.
 * The check for every user is internal (`npx convex run badges:checkAllUsers`).
 */
export function BadgeTestPage() {
  return (
    <DebugPage
      title="Badge System Test"
      description="Runs the real badge engine on your account and shows what it stored."
      signInMessage={DEBUG_MESSAGES.pleaseLogInFirst}
      wide
    >
      <BadgeTests />
    </DebugPage>
  );
}

function BadgeTests() {
  const me = useQuery(api.profiles.me, {});
  const username = me?.profile?.username ?? null;
  const [loaded, setLoaded] = useState(false);
  const page = useQueryState(api.badges.page, loaded && username ? { username } : "skip");
  const activity = useQueryState(api.debug.myBadgeActivity, {});
  const checkMine = useMutation(api.debug.checkMyBadges);
  const createSample = useMutation(api.debug.createSampleBadgeProgress);
  const cleanup = useMutation(api.debug.cleanupMyBadgeProgress);
  const setVisibility = useMutation(api.badges.setVisibility);
  const { lines, log, clear } = useDebugLog();
  const [busy, setBusy] = useState(false);
  const data = page.status === "success" ? page.data : null;

  async function run(
    label: string,
    task: () => Promise<unknown>,
    failure = "Failed to check badges",
  ) {
    setBusy(true);
    log("info", `${label}...`);
    try {
      const result = await task();
      log("success", `${label} done`, result);
      debugToast.success(`${label} done`);
    } catch (error) {
      const message = errorMessage(error, failure);
      log("error", message);
      debugToast.error(message);
    } finally {
      setBusy(false);
    }
  }

  const check = (label: string, trigger: "attendance" | "host" | "crew" | "bulk" | "all") =>
    run(label, async () => {
      const { awarded } = await checkMine({ trigger });
      return awarded.length === 0
        ? "No new badges"
        : awarded.map((key) => badgeByKey(key)?.name ?? key);
    });

  const toggleFirst = () =>
    run(
      "Test Visibility Toggle",
      async () => {
        const first = data?.earned[0];
        if (!first) throw new Error("no badge");
        await setVisibility({
          userBadgeId: first._id as Id<"user_badges">,
          visible: !first.isVisible,
        });
        return `${badgeByKey(first.key)?.name ?? first.key}: ${first.isVisible ? "hidden" : "shown"}`;
      },
      BADGE_MESSAGES.failedToUpdate,
    );

  const earned = data?.earned ?? [];
  const visible = earned.filter((row) => row.isVisible).length;
  const stats = [
    { label: "Total", value: BADGE_CATALOGUE.length },
    { label: "Earned", value: earned.length },
    { label: "Visible", value: `${visible}/${MAX_VISIBLE_BADGES}` },
    { label: "Complete", value: `${progressPercent(earned.length, BADGE_CATALOGUE.length)}%` },
  ];

  return (
    <div className="flex flex-col gap-6">
      <DebugSection title="Tests">
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setLoaded(true)} disabled={username === null}>
            Load Badges
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void check("Check Badges", "bulk")}
          >
            Check Badges
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void check("Test Event Join", "attendance")}
          >
            Test Event Join
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void check("Test Event Host", "host")}
          >
            Test Event Host
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void check("Test Crew Join", "crew")}
          >
            Test Crew Join
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              log(
                "info",
                "Badge activity",
                activity.status === "success" ? activity.data : activity.status,
              )
            }
          >
            Debug Activity
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void check("Comprehensive Badge Check", "all")}
          >
            Comprehensive Badge Check
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              const note =
                "Internal only: run `npx convex run badges:checkAllUsers` (silent, 5 users a batch, 2 s apart)";
              log("warning", note);
              debugToast.info(note);
            }}
          >
            Award Badges to All Users (Silent)
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void run("Create Sample Progress Data", () => createSample({}))}
          >
            Create Sample Progress Data
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void run("Cleanup Progress Data", () => cleanup({}))}
          >
            Cleanup Progress Data
          </Button>
          <Button
            variant="secondary"
            disabled={busy || earned.length === 0}
            onClick={() => void toggleFirst()}
          >
            Test Visibility Toggle
          </Button>
        </div>
      </DebugSection>

      <DebugSection title="Stats">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-2xl bg-night-800 p-4 text-center">
              <dt className="text-sm text-cream-400">{stat.label}</dt>
              <dd className="font-display text-2xl font-extrabold">{data ? stat.value : "–"}</dd>
            </div>
          ))}
        </dl>
      </DebugSection>

      <DebugSection title="Sample icons">
        <ul className="flex flex-wrap gap-3">
          {SAMPLE_ICONS.map((badge) => (
            <li key={badge.key} className="flex flex-col items-center gap-1 text-xs text-cream-200">
              <BadgeMedal badge={badge} />
              {badge.name}
            </li>
          ))}
        </ul>
      </DebugSection>

      {loaded && data === null && <Skeleton className="h-24 rounded-3xl" />}
      {data && (
        <div className="grid gap-6 md:grid-cols-2">
          <DebugSection title="Earned badges">
            {earned.length === 0 ? (
              <p className="text-cream-400">No badges earned yet.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {earned.map((row) => {
                  const badge = badgeByKey(row.key);
                  return (
                    badge && (
                      <li key={row._id} className="flex items-center gap-3">
                        <BadgeMedal badge={badge} size="sm" />
                        <span className="font-semibold">{badge.name}</span>
                        <span className="text-xs text-cream-400">
                          {row.isVisible ? "shown" : "hidden"}
                        </span>
                      </li>
                    )
                  );
                })}
              </ul>
            )}
          </DebugSection>
          <DebugSection title="Progress">
            {data.progress.length === 0 ? (
              <p className="text-cream-400">No progress yet.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {data.progress.map((row) => (
                  <li key={row.key} className="flex items-center justify-between gap-3 text-sm">
                    <span>{badgeByKey(row.key)?.name ?? row.key}</span>
                    <span className="text-cream-200">
                      {row.current}/{row.target} ({progressPercent(row.current, row.target)}%)
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </DebugSection>
        </div>
      )}
      {activity.status === "success" && activity.data && (
        <DebugSection title="Activity counters">
          <JsonView label="Badge counters" value={activity.data.counters} />
        </DebugSection>
      )}
      <LogConsole lines={lines} onClear={clear} />
    </div>
  );
}
