import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { usePersistentChoice } from "@/lib/usePersistentChoice";

/** Local-storage keys of the remembered tabs (the selected tabs survive a reload). */
const PROFILE_TAB_KEY = "profileActivityTab";
const PROFILE_SESSIONS_TAB_KEY = "profileSessionsTab";

const ACTIVITY_TABS = ["sessions", "crews"] as const;
const SESSION_TABS = ["upcoming", "past"] as const;

export interface ProfileActivityContent {
  /** The Upcoming and Past session lists (events issue); each renders its own cards. */
  upcomingSessions?: ReactNode;
  pastSessions?: ReactNode;
  /**
   * The tab counts, as the viewer may see them; undefined while loading. A
   * tab whose count is 0 shows the empty state instead of its list.
   */
  sessionCounts?: { upcoming: number; past: number };
  /** The crews list (crews issue). */
  crews?: ReactNode;
  /** How many crews the list holds, as the viewer may see them; undefined while loading. */
  crewCount?: number;
}

const tabClasses = (selected: boolean) =>
  cn(
    "flex-1 rounded-full px-4 py-2 text-sm font-semibold transition focus:outline-none data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-brand-amber sm:flex-none",
    selected ? "bg-brand-gradient text-brand-ink shadow" : "text-cream-200 hover:bg-night-800 hover:text-cream-50",
  );

/**
 * Activity tabs Sessions and Crews; within Sessions, Upcoming and Past with
 * counts. The selected tabs are remembered in local storage.
 */
export function ProfileActivity({
  name,
  isOwner,
  showCrews,
  content = {},
}: {
  name: string;
  isOwner: boolean;
  /** false when the owner hides their crews from others (show_crews_publicly). */
  showCrews: boolean;
  content?: ProfileActivityContent;
}) {
  const [tab, setTab] = usePersistentChoice(PROFILE_TAB_KEY, ACTIVITY_TABS);
  const [sessionTab, setSessionTab] = usePersistentChoice(PROFILE_SESSIONS_TAB_KEY, SESSION_TABS);
  const { upcomingSessions, pastSessions, sessionCounts, crews, crewCount } = content;
  const crewsHidden = !isOwner && !showCrews;

  return (
    <section
      aria-labelledby="activity-heading"
      className="rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset"
    >
      <h2 id="activity-heading" className="sr-only">
        Activity
      </h2>
      <TabGroup
        selectedIndex={ACTIVITY_TABS.indexOf(tab)}
        onChange={(index) => setTab(ACTIVITY_TABS[index] ?? "sessions")}
      >
        <TabList aria-label="Activity" className="flex gap-1 rounded-full bg-night-950/70 p-1 ring-1 ring-night-700 ring-inset sm:inline-flex">
          <Tab className={({ selected }) => tabClasses(selected)}>Sessions</Tab>
          <Tab className={({ selected }) => tabClasses(selected)}>Crews</Tab>
        </TabList>
        <TabPanels className="mt-5">
          <TabPanel className="focus:outline-none">
            <TabGroup
              selectedIndex={SESSION_TABS.indexOf(sessionTab)}
              onChange={(index) => setSessionTab(SESSION_TABS[index] ?? "upcoming")}
            >
              <TabList aria-label="Sessions" className="flex gap-4 border-b border-night-700">
                {(
                  [
                    ["Upcoming", tabCount(upcomingSessions, sessionCounts?.upcoming)],
                    ["Past", tabCount(pastSessions, sessionCounts?.past)],
                  ] as const
                ).map(([label, count]) => (
                  <Tab
                    key={label}
                    className={({ selected }) =>
                      cn(
                        "-mb-px flex items-center gap-2 border-b-2 px-1 pb-3 text-sm font-semibold transition focus:outline-none data-focus:outline-2 data-focus:outline-brand-amber",
                        selected
                          ? "border-brand-amber text-cream-50"
                          : "border-transparent text-cream-400 hover:text-cream-200",
                      )
                    }
                  >
                    {label}
                    {count !== null && (
                      <span className="rounded-full bg-night-800 px-2 py-0.5 text-xs text-cream-200 tabular-nums">
                        {count}
                      </span>
                    )}
                  </Tab>
                ))}
              </TabList>
              <TabPanels className="mt-4">
                <TabPanel className="focus:outline-none">
                  <ContentOrEmpty
                    content={upcomingSessions}
                    count={sessionCounts?.upcoming}
                    emoji="🗓️"
                    title="No upcoming sessions"
                    text={
                      isOwner
                        ? "Sessions you host or RSVP to will show up here."
                        : `${name} has no upcoming sessions you can see.`
                    }
                  />
                </TabPanel>
                <TabPanel className="focus:outline-none">
                  <ContentOrEmpty
                    content={pastSessions}
                    count={sessionCounts?.past}
                    emoji="🍻"
                    title="No past sessions yet"
                    text={
                      isOwner
                        ? "Once a session wraps up, it's kept here with its memories."
                        : `${name} has no past sessions you can see.`
                    }
                  />
                </TabPanel>
              </TabPanels>
            </TabGroup>
          </TabPanel>
          <TabPanel className="focus:outline-none">
            {crewsHidden ? (
              <EmptyState emoji="🔒" title="Crews are private" text={`${name} keeps their crews to themselves.`} />
            ) : (
              <ContentOrEmpty
                content={crews}
                count={crewCount}
                emoji="👯"
                title="No crews yet"
                text={
                  isOwner
                    ? `Crews you build or join will show up here.${showCrews ? "" : " Only you can see them."}`
                    : `${name} isn't in any crews yet.`
                }
              />
            )}
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </section>
  );
}

/**
 * A tab's count badge: the given count; 0 when nothing fills the tab; none
 * while a filled tab's count is still loading.
 */
function tabCount(content: ReactNode, count: number | undefined): number | null {
  if (count !== undefined) return count;
  return content === undefined || content === null ? 0 : null;
}

/** A tab's list, or its empty state when nothing fills the tab or its count is 0. */
function ContentOrEmpty({
  content,
  count,
  ...empty
}: {
  content: ReactNode;
  count?: number;
  emoji: string;
  title: string;
  text: string;
}) {
  if (content === undefined || content === null || count === 0) return <EmptyState {...empty} />;
  return <>{content}</>;
}

function EmptyState({ emoji, title, text }: { emoji: string; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-night-600 px-4 py-8 text-center">
      <span className="text-4xl" aria-hidden="true">
        {emoji}
      </span>
      <p className="mt-3 font-semibold">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-cream-400">{text}</p>
    </div>
  );
}
