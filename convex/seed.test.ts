import { afterEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { createUser, newTest, stubDeploymentEnv, type TestConvex } from "./test.setup";

afterEach(() => vi.unstubAllEnvs());

async function tableSizes(t: TestConvex) {
  return await t.run(async (ctx) => ({
    users: (await ctx.db.query("users").collect()).length,
    profiles: (await ctx.db.query("user_profiles").collect()).length,
    events: (await ctx.db.query("events").collect()).length,
    rsvps: (await ctx.db.query("rsvps").collect()).length,
    members: (await ctx.db.query("event_members").collect()).length,
    participants: (await ctx.db.query("event_participants").collect()).length,
    markers: (await ctx.db.query("demo_world").collect()).length,
  }));
}

describe("seed.demoWorld", () => {
  test("refused where debug pages are off (a real deployment)", async () => {
    stubDeploymentEnv();
    const t = newTest();
    await expect(t.mutation(internal.seed.demoWorld, {})).rejects.toMatchObject({
      data: { code: "DEBUG_PAGES_DISABLED" },
    });
    await expect(t.mutation(internal.seed.wipeDemo, {})).rejects.toMatchObject({
      data: { code: "DEBUG_PAGES_DISABLED" },
    });
    expect((await tableSizes(t)).events).toBe(0);
  });

  test("seeds a living world once; force re-seeds; wipe removes it all", async () => {
    stubDeploymentEnv({ CONVEX_CLOUD_URL: "http://127.0.0.1:3210", CLINK_LOCAL_BACKEND: "1" });
    const t = newTest();
    expect(await t.mutation(internal.seed.demoWorld, { timeZone: "Europe/London" })).toEqual({
      seeded: true,
      users: 6,
      events: 14,
    });
    const sizes = await tableSizes(t);
    expect(sizes).toMatchObject({ users: 6, profiles: 6, events: 14, markers: 1 });

    const listed = await t.query(api.events.discover, {
      paginationOpts: { numItems: 50, cursor: null },
    });
    expect(listed.page).toHaveLength(12);
    expect(listed.page[0].title).toBe("Friday Pints at The Crown");
    expect(listed.page[0].startTime).toBeLessThan(Date.now());
    expect(listed.page.map((card) => card.title)).not.toContain("Maya's Birthday Drinks");
    expect(listed.page.every((card) => card.host.nickname !== null)).toBe(true);
    const past = await t.run(async (ctx) =>
      (await ctx.db.query("events").collect()).filter((e) => e.ended),
    );
    expect(past.map((e) => e.title)).toEqual(["Pub Quiz Rematch"]);

    expect(await t.mutation(internal.seed.demoWorld, {})).toEqual({
      seeded: false,
      users: 0,
      events: 0,
    });
    expect(await tableSizes(t)).toEqual(sizes);

    expect(await t.mutation(internal.seed.demoWorld, { force: true })).toMatchObject({
      seeded: true,
    });
    expect(await tableSizes(t)).toEqual(sizes);

    expect(await t.mutation(internal.seed.wipeDemo, {})).toEqual({ wiped: true });
    expect(await tableSizes(t)).toEqual({
      users: 0,
      profiles: 0,
      events: 0,
      rsvps: 0,
      members: 0,
      participants: 0,
      markers: 0,
    });
  });
});

describe("seed.pastEvent", () => {
  test("refused where debug pages are off", async () => {
    stubDeploymentEnv();
    const t = newTest();
    await expect(
      t.mutation(internal.seed.pastEvent, {
        hostEmail: "a@example.test",
        attendeeEmails: [],
        title: "Old",
        startedHoursAgo: 3,
      }),
    ).rejects.toMatchObject({ data: { code: "DEBUG_PAGES_DISABLED" } });
  });

  test("creates an ended session with its host and attendees, unlocking the recap", async () => {
    stubDeploymentEnv({ CONVEX_CLOUD_URL: "http://127.0.0.1:3210", CLINK_LOCAL_BACKEND: "1" });
    const t = newTest();
    const host = await createUser(t, { email: "host@example.test" });
    const guest = await createUser(t, { email: "guest@example.test" });
    const { eventId, publicSlug } = await t.mutation(internal.seed.pastEvent, {
      hostEmail: "host@example.test",
      attendeeEmails: ["guest@example.test"],
      title: "Last Friday",
      startedHoursAgo: 5,
    });
    const page = await guest.asUser.query(api.events.get, { slugOrCodeOrId: publicSlug });
    expect(page.event).toMatchObject({ title: "Last Friday", attendeeCount: 2 });
    expect(page.event.endTime).toBeLessThan(Date.now());
    expect(page.viewer.isAttending).toBe(true);
    const recap = await host.asUser.query(api.recap.get, { eventId });
    expect(recap).toMatchObject({ unlocked: true, viewerAttended: true, attendeeCount: 2 });
  });
});
