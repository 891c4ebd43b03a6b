import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useMemo, useState } from "react";
import type { Id } from "@convex/_generated/dataModel";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { cn } from "@/lib/cn";
import { ConsoleContext } from "./console/ConsoleContext";
import { DatabaseStateTab } from "./console/DatabaseStateTab";
import { E2ETestingTab } from "./console/E2ETestingTab";
import { EmailTestingTab } from "./console/EmailTestingTab";
import { NotificationSyncTab } from "./console/NotificationSyncTab";
import { TokenTestingTab } from "./console/TokenTestingTab";
import { DebugPage } from "./kit/DebugPage";
import { LogConsole } from "./kit/LogConsole";
import { useDebugLog } from "./kit/useDebugLog";

const TABS = [
  { name: "Email Testing", panel: EmailTestingTab },
  { name: "Token Testing", panel: TokenTestingTab },
  { name: "Notification Sync", panel: NotificationSyncTab },
  { name: "Database State", panel: DatabaseStateTab },
  { name: "E2E Testing", panel: E2ETestingTab },
] as const;

/** /debug/notifications: the five-tab console for e-mail invitations, tokens and notifications. */
export function NotificationConsolePage() {
  return (
    <DebugPage
      title="Debug Notification Console"
      description="E-mail invitations, tokens and notifications, end to end, through the real functions."
      signInMessage={DEBUG_MESSAGES.authRequired}
      wide
    >
      <Console />
    </DebugPage>
  );
}

function Console() {
  const [testEventId, setTestEventId] = useState<Id<"events"> | null>(null);
  const { lines, log, clear } = useDebugLog();
  const state = useMemo(() => ({ testEventId, setTestEventId, log }), [testEventId, log]);
  return (
    <ConsoleContext.Provider value={state}>
      <div className="flex flex-col gap-8">
        <TabGroup>
          <TabList
            aria-label="Console"
            className="flex gap-1 overflow-x-auto rounded-full bg-night-950/70 p-1 ring-1 ring-night-700 ring-inset"
          >
            {TABS.map(({ name }) => (
              <Tab
                key={name}
                className={({ selected }) =>
                  cn(
                    "min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition focus:outline-none data-focus:outline-2 data-focus:outline-brand-amber",
                    selected
                      ? "bg-brand-gradient text-brand-ink"
                      : "text-cream-200 hover:text-cream-50",
                  )
                }
              >
                {name}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="mt-6">
            {TABS.map(({ name, panel: Panel }) => (
              <TabPanel key={name} className="focus:outline-none">
                <Panel />
              </TabPanel>
            ))}
          </TabPanels>
        </TabGroup>
        <LogConsole lines={lines} onClear={clear} />
      </div>
    </ConsoleContext.Provider>
  );
}
