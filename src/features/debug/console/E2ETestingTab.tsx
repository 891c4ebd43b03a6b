import { useConvex, useMutation } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  E2E_STEPS,
  failRunningStep,
  type E2EStepName,
  type E2EStepStatus,
} from "@shared/debugPages";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import { DebugSection, StatusPill } from "../kit/DebugSection";
import { debugToast } from "../kit/debugToast";
import { useConsole } from "./ConsoleContext";
import { createEventArgs, defaultTestEvent } from "./testSession";

type Steps = Record<E2EStepName, E2EStepStatus>;
const allPending = (): Steps =>
  Object.fromEntries(E2E_STEPS.map((name) => [name, "pending"])) as Steps;

const statusTone = { pending: "neutral", running: "warn", success: "good", error: "bad" } as const;

/**
 * 5. E2E Testing: the whole invitation round trip through the real functions —
 * create a session, invite a new test guest (the e-mail with its links goes
 * out), answer the accept link as the guest, and check the session and the
 * host's notifications followed.
 */
export function E2ETestingTab() {
  const { setTestEventId, log } = useConsole();
  const convex = useConvex();
  const createEvent = useMutation(api.events.create);
  const createGuest = useMutation(api.debug.createTestGuest);
  const inviteUsers = useMutation(api.invitations.inviteUsers);
  const answerForGuest = useMutation(api.debug.answerForTestGuest);
  const [steps, setSteps] = useState<Steps>(allPending);
  const [running, setRunning] = useState(false);

  const mark = (name: E2EStepName, status: E2EStepStatus) =>
    setSteps((current) => ({ ...current, [name]: status }));

  async function step<T>(name: E2EStepName, work: () => Promise<T>): Promise<T> {
    mark(name, "running");
    log("info", `${name}...`);
    const result = await work();
    mark(name, "success");
    return result;
  }

  async function run() {
    setRunning(true);
    setSteps(allPending());
    try {
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const eventId = await step("Create Event", async () => {
        const created = await createEvent(createEventArgs(defaultTestEvent(Date.now()), timeZone));
        setTestEventId(created.eventId);
        log("success", `Event created: ${created.eventId}`, created);
        return created.eventId;
      });
      const { guestId, token } = await step("Send Invitation", async () => {
        const guest = await createGuest({});
        const result = await inviteUsers({ eventId, userIds: [guest.userId] });
        log("success", result.message, { guest: guest.email });
        const tokens = (await convex.query(api.debug.testTokens, {})) ?? [];
        const accept = tokens.find(
          (row) => row.eventId === eventId && row.forGuest && row.action === "accept",
        );
        if (!accept)
          throw new Error(
            "No invitation e-mail token was issued (check the guest's e-mail preferences)",
          );
        log("success", "Invitation e-mail sent with its tokens", { token: accept.token });
        return { guestId: guest.userId, token: accept.token };
      });
      await step("Process Email Response", async () => {
        const result = await answerForGuest({ token });
        if (!result.success) throw new Error(result.error);
        log("success", `${result.title} ${result.message}`, result);
      });
      await step("Verify Notification Sync", async () => verify(eventId, guestId));
      log("success", "E2E test passed");
      debugToast.success("E2E test passed");
    } catch (error) {
      setSteps(failRunningStep);
      const message =
        error instanceof Error && !("data" in error)
          ? error.message
          : errorMessage(error, "E2E step failed");
      log("error", message);
      debugToast.error(message);
    } finally {
      setRunning(false);
    }
  }

  async function verify(eventId: Id<"events">, guestId: Id<"users">) {
    const members = await convex.query(api.debug.eventMembers, { eventId });
    const guest = members.find((member) => member.status === "accepted" && member.role !== "host");
    if (!guest) throw new Error("The guest is not an accepted member of the session");
    const mine = await convex.query(api.debug.myNotifications, {});
    const response = mine?.notifications.find(
      (n) =>
        n.type === "event_invitation_response" &&
        n.data?.eventId === eventId &&
        n.data.userId === guestId,
    );
    if (!response) throw new Error("The host has no notification of the answer");
    if (response.type !== "event_invitation_response" || response.data?.responseMethod !== "email")
      throw new Error("The answer was not recorded as by e-mail");
    log("success", "Member accepted and the host notified", {
      member: guest,
      notification: response.title,
    });
  }

  return (
    <DebugSection
      title="End-to-end invitation test"
      actions={
        <Button onClick={() => void run()} disabled={running}>
          {running && <Spinner className="size-4" />}
          Run E2E Test
        </Button>
      }
    >
      <ol aria-label="E2E steps" className="flex flex-col gap-2">
        {E2E_STEPS.map((name, index) => (
          <li
            key={name}
            className="flex items-center justify-between gap-3 rounded-2xl bg-night-800 px-4 py-3"
          >
            <span className="font-semibold">
              {index + 1}. {name}
            </span>
            <StatusPill tone={statusTone[steps[name]]}>
              <span data-testid={`e2e-status-${index + 1}`}>{steps[name]}</span>
            </StatusPill>
          </li>
        ))}
      </ol>
    </DebugSection>
  );
}
