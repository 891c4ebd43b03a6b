import { useConvex, useMutation } from "convex/react";
import { format } from "date-fns";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import {
  DEBUG_LIMITS,
  DEBUG_MESSAGES,
  foundNotificationsText,
  invitedUsersText,
} from "@shared/debugPages";
import { appErrorData, errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";
import { DebugPage } from "@/features/debug/kit/DebugPage";
import { DebugSection } from "@/features/debug/kit/DebugSection";
import { LogConsole } from "@/features/debug/kit/LogConsole";
import { debugToast } from "@/features/debug/kit/debugToast";
import { useDebugLog } from "@/features/debug/kit/useDebugLog";
import { useSendInvitations } from "@/features/events/invite/useSendInvitations";
import { useQueryState } from "@/lib/useQueryState";

/**
 * /debug/individual-invitations: invites up to 3 people to your next hosted
 * session through the server function ('Test RPC Function') and through the
 * invite step's client service ('Test Frontend Service'), then checks the
 * notifications they got. Your next session is the test event.
 */
export function IndividualInvitationsDebugPage() {
  return (
    <DebugPage
      title="Individual Invitations Debug"
      description="Invite test users to your next session by the server function and by the app's invite service, then check their notifications."
      signInMessage={DEBUG_MESSAGES.pleaseLogIn}
    >
      <InvitationTests />
    </DebugPage>
  );
}

function InvitationTests() {
  const setup = useQueryState(api.debug.invitationTestSetup, {});
  const convex = useConvex();
  const inviteUsers = useMutation(api.invitations.inviteUsers);
  const sendInvitations = useSendInvitations();
  const { lines, log, clear } = useDebugLog();
  const [busy, setBusy] = useState(false);

  if (setup.status !== "success" || setup.data === null)
    return <Skeleton className="h-48 rounded-3xl" />;
  const { testEvent, testUsers } = setup.data;

  /** The test data both invite buttons need, or null with the spec's message logged. */
  function testData() {
    if (testEvent === null) {
      log("error", DEBUG_MESSAGES.testDataNotLoaded);
      debugToast.error(DEBUG_MESSAGES.testDataNotLoaded);
      return null;
    }
    if (testUsers.length === 0) {
      log("error", DEBUG_MESSAGES.noTestUsers);
      debugToast.error(DEBUG_MESSAGES.noTestUsers);
      return null;
    }
    return { eventId: testEvent._id, users: testUsers };
  }

  async function run(task: () => Promise<void>) {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  }

  const testRpc = () =>
    run(async () => {
      const data = testData();
      if (data === null) return;
      log("info", "Calling invitations.inviteUsers", {
        eventId: data.eventId,
        userIds: data.users.map((u) => u.userId),
      });
      try {
        const result = await inviteUsers({
          eventId: data.eventId,
          userIds: data.users.map((user) => user.userId),
        });
        log("success", DEBUG_MESSAGES.rpcWorks, result);
        log("success", invitedUsersText(result.invitedCount));
        debugToast.success(DEBUG_MESSAGES.rpcWorks);
      } catch (error) {
        const known = appErrorData(error);
        log(
          "error",
          known ? DEBUG_MESSAGES.rpcFailed : DEBUG_MESSAGES.rpcException,
          errorMessage(error, "Unknown error"),
        );
        debugToast.error(known ? DEBUG_MESSAGES.rpcFailed : DEBUG_MESSAGES.rpcException);
      }
    });

  const testFrontend = () =>
    run(async () => {
      const data = testData();
      if (data === null) return;
      log("info", "Calling the invite step's service (useSendInvitations)");
      try {
        await sendInvitations(data.eventId, {
          users: data.users.map((user) => ({ ...user, avatarUrl: null })),
          crews: [],
        });
        log("success", "Frontend service finished (its result is toasted)");
      } catch (error) {
        log(
          "error",
          DEBUG_MESSAGES.frontendException,
          errorMessage(error, DEBUG_MESSAGES.frontendFailed),
        );
      }
    });

  const checkNotifications = () =>
    run(async () => {
      if (testEvent === null) {
        log("error", DEBUG_MESSAGES.testDataNotLoaded);
        return;
      }
      try {
        const rows = await convex.query(api.debug.testEventNotifications, {
          eventId: testEvent._id,
        });
        log("success", foundNotificationsText(rows.length), rows);
        debugToast.info(foundNotificationsText(rows.length));
      } catch (error) {
        log("error", DEBUG_MESSAGES.checkNotificationsFailed, errorMessage(error, "Unknown error"));
        debugToast.error(DEBUG_MESSAGES.checkNotificationsFailed);
      }
    });

  return (
    <div className="flex flex-col gap-6">
      <DebugSection title="Test event">
        {testEvent === null ? (
          <p className="text-cream-200">
            {DEBUG_MESSAGES.testDataNotLoaded}: host a session that has not ended, then come back.
          </p>
        ) : (
          <p>
            <span className="font-semibold">{testEvent.title}</span>{" "}
            <span className="text-sm text-cream-400">{format(testEvent.startTime, "PPpp")}</span>
          </p>
        )}
      </DebugSection>
      <DebugSection title={`Test users (up to ${DEBUG_LIMITS.testUsers})`}>
        {testUsers.length === 0 ? (
          <p className="text-cream-200">{DEBUG_MESSAGES.noTestUsers}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {testUsers.map((user) => (
              <li key={user.userId}>
                {user.displayName} <span className="text-sm text-cream-400">@{user.username}</span>
              </li>
            ))}
          </ul>
        )}
      </DebugSection>
      <div className="flex flex-wrap gap-3">
        <Button
          onClick={() => void testRpc()}
          disabled={busy || testEvent === null || testUsers.length === 0}
        >
          Test RPC Function
        </Button>
        <Button
          variant="secondary"
          onClick={() => void testFrontend()}
          disabled={busy || testEvent === null || testUsers.length === 0}
        >
          Test Frontend Service
        </Button>
        <Button
          variant="secondary"
          onClick={() => void checkNotifications()}
          disabled={busy || testEvent === null}
        >
          Check Notifications
        </Button>
      </div>
      <LogConsole lines={lines} onClear={clear} />
    </div>
  );
}
