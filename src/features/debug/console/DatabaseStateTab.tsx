import { format } from "date-fns";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";
import { useQueryState } from "@/lib/useQueryState";
import { DebugSection, StatusPill } from "../kit/DebugSection";
import { debugToast } from "../kit/debugToast";
import { CountsByType } from "../notifications/NotificationTable";
import { useConsole } from "./ConsoleContext";

const when = (time: number | null) => (time === null ? "–" : format(time, "PP p"));

/** 4. Database State: invitation tokens, the test session's members, notifications by type. */
export function DatabaseStateTab() {
  const { testEventId, log } = useConsole();
  const tokens = useQueryState(api.debug.testTokens, {});
  const mine = useQueryState(api.debug.myNotifications, {});
  return (
    <div className="flex flex-col gap-6">
      <div className="flex justify-end">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            log("info", "Database state refreshed (the panels are live)");
            debugToast.success("Database state refreshed");
          }}
        >
          Refresh All
        </Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <DebugSection title="Invitation tokens">
          {tokens.status !== "success" || tokens.data === null ? (
            <Skeleton className="h-24 rounded-2xl" />
          ) : tokens.data.length === 0 ? (
            <p className="text-cream-400">No tokens yet.</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {tokens.data.map((row) => (
                <li key={row._id} className="rounded-2xl bg-night-800 px-3 py-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusPill tone="neutral">{row.action}</StatusPill>
                    <StatusPill tone={row.used ? "neutral" : "good"}>
                      {row.used ? "used" : "active"}
                    </StatusPill>
                    <span className="text-cream-200">{row.recipient}</span>
                  </div>
                  <p className="mt-1 text-xs text-cream-400">Expires {when(row.expiresAt)}</p>
                </li>
              ))}
            </ul>
          )}
        </DebugSection>
        <DebugSection title="Event members">
          {testEventId === null ? (
            <p className="text-cream-400">Create a test event first.</p>
          ) : (
            <EventMembers eventId={testEventId} />
          )}
        </DebugSection>
        <DebugSection title="Notifications by type">
          {mine.status === "success" && mine.data ? (
            <CountsByType byType={mine.data.byType} />
          ) : (
            <Skeleton className="h-24 rounded-2xl" />
          )}
        </DebugSection>
      </div>
    </div>
  );
}

function EventMembers({ eventId }: { eventId: Id<"events"> }) {
  const members = useQueryState(api.debug.eventMembers, { eventId });
  if (members.status !== "success") return <Skeleton className="h-24 rounded-2xl" />;
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {members.data.map((member) => (
        <li key={member._id} className="rounded-2xl bg-night-800 px-3 py-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{member.displayName}</span>
            <StatusPill
              tone={
                member.status === "accepted" ? "good" : member.status === "pending" ? "warn" : "bad"
              }
            >
              {member.status}
            </StatusPill>
          </div>
          <p className="mt-1 text-xs text-cream-400">
            Invited {when(member.invitationSentAt)} · Responded {when(member.invitationRespondedAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
