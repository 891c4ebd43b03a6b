/**
 * One stored session whose times cannot be shown (saved before the bounds on
 * input: −1e308, 1e308, 8.64e15 + 1, 2^53) never breaks a list for everyone:
 * each list leaves it out and logs it; its share page still answers.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  addCrewMembers,
  createCrew,
  createEvent,
  createUser,
  HOUR,
  newTest,
  rsvp,
  stubDeploymentEnv,
} from "./test.setup";

const NOW = Date.UTC(2027, 2, 3, 10, 0);

const POISONS = [-1e308, 1e308, 8.64e15 + 1, 2 ** 53];

const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);

beforeEach(() => {
  stubDeploymentEnv();
  vi.useFakeTimers({ now: NOW });
  warn.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/**
 * A host with a good session and a poisoned one, both public and attended by
 * a fan. A negative poison goes in the start only (its end stays ahead, so
 * every list still reads it); a positive one in both.
 */
async function world(poison: number) {
  const t = newTest();
  const host = await createUser(t, { name: "Hana Host", profile: { username: "hana" } });
  const fan = await createUser(t, { name: "Fred Fan" });
  const good = await createEvent(t, host, { title: "Good Pints", startTime: NOW + HOUR });
  const bad = await createEvent(t, host, { title: "Poisoned", startTime: NOW + 2 * HOUR });
  for (const { eventId } of [good, bad]) await rsvp(fan, eventId, "going");
  await t.run(async (ctx) => {
    await ctx.db.patch(
      "events",
      bad.eventId,
      poison < 0 ? { startTime: poison } : { startTime: poison, endTime: poison },
    );
  });
  return { t, host, fan, good, bad };
}

function expectLogged(eventId: Id<"events">) {
  expect(warn).toHaveBeenCalledWith(expect.stringContaining(eventId));
}

const page = { numItems: 20, cursor: null };

describe.each(POISONS)("a session stored with the time %d", (poison) => {
  test("discover lists and counts the others, and logs it", async () => {
    const { t, bad } = await world(poison);
    const result = await t.query(api.events.discover, { paginationOpts: page, timeZone: "UTC" });
    expect(result.page.map((card) => card.title)).toEqual(["Good Pints"]);
    expect(await t.query(api.events.discoverCount, { timeZone: "UTC" })).toEqual({
      count: 1,
      more: false,
    });
    expectLogged(bad.eventId);
  });

  test("GET /public-events answers 200 with the others", async () => {
    const { t, bad } = await world(poison);
    const response = await t.fetch("/public-events");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { events: Array<{ title: string }> };
    expect(body.events.map((event) => event.title)).toEqual(["Good Pints"]);
    expectLogged(bad.eventId);
  });

  test("its share page answers 200 with its title, without times or JSON-LD", async () => {
    const { t, bad } = await world(poison);
    const response = await t.fetch(`/share/event/${bad.publicSlug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Poisoned | Clink</title>");
    expect(html).toContain('<meta name="description" content="Hosted by Hana Host on Clink">');
    expect(html).not.toContain("ld+json");
    expectLogged(bad.eventId);
  });

  test("the host's profile lists the others", async () => {
    const { t, bad } = await world(poison);
    const result = await t.query(api.events.forProfile, {
      username: "hana",
      when: "upcoming",
      paginationOpts: page,
    });
    expect(result.page.map((card) => card.title)).toEqual(["Good Pints"]);
    expectLogged(bad.eventId);
  });

  test("the timeline (Your Sessions) and the next session list the others", async () => {
    const { fan, bad } = await world(poison);
    const mine = await fan.asUser.query(api.events.mine, {
      when: "upcoming",
      paginationOpts: page,
    });
    expect(mine.page.map((card) => card.title)).toEqual(["Good Pints"]);
    expect((await fan.asUser.query(api.events.nextForMe, {}))?.title).toBe("Good Pints");
    expectLogged(bad.eventId);
  });

  test("a crew page's sessions list the others", async () => {
    const { t, host, fan, good, bad } = await world(poison);
    const crewId = await createCrew(host);
    await addCrewMembers(host, crewId, fan);
    for (const { eventId } of [good, bad]) {
      await host.asUser.mutation(api.invitations.inviteCrew, { eventId, crewId });
    }
    const sessions = await t.query(api.crews.sessions, { crewId });
    expect(sessions.upcoming.map((session) => session.title)).toEqual(["Good Pints"]);
    expect(sessions.past).toEqual([]);
    expectLogged(bad.eventId);
  });
});
