import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import {
  createCrew,
  createEvent,
  createUser,
  HOUR,
  newTest,
  notificationsOf,
  stubDeploymentEnv,
  expectError,
} from "./test.setup";

// Fifty invitations, each with its e-mail queued, take a few seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  stubDeploymentEnv();
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("abuse limits", () => {
  test("invitations by name: 50 an hour per sender, then 'Too many invitations…' and nothing written", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana" });
    const { eventId } = await createEvent(t, host, { startTime: Date.now() + 72 * HOUR });
    const people = [];
    for (let i = 0; i < 51; i++) people.push(await createUser(t, { name: `Guest ${i}` }));
    const result = await host.asUser.mutation(api.invitations.inviteUsers, {
      eventId,
      userIds: people.slice(0, 50).map((p) => p.userId),
    });
    expect(result.invitedCount).toBe(50);
    await expectError(
      host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [people[50].userId] }),
      { code: "RATE_LIMITED", message: "Too many invitations. Please try again in 2 minutes" },
    );
    expect(await notificationsOf(t, people[50].userId)).toEqual([]);
    // Crew invitations by name share the bucket; an hour later there is room again.
    const crewId = await createCrew(host);
    const crewResult = await host.asUser.mutation(api.crews.inviteUsers, {
      crewId,
      userIds: [people[50].userId],
    });
    expect(crewResult.failed).toEqual([
      { userId: people[50].userId, reason: "Too many invitations. Please try again in 2 minutes" },
    ]);
    vi.advanceTimersByTime(HOUR);
    await host.asUser.mutation(api.invitations.inviteUsers, {
      eventId,
      userIds: [people[50].userId],
    });
    expect((await notificationsOf(t, people[50].userId)).map((n) => n.type)).toEqual([
      "event_invitation",
    ]);
  });
});
