/**
 * Calendar feeds: the addresses (who may have which, made once, regenerated),
 * and `GET /calendar/{token}.ics` read back with ical.js: what each feed
 * lists, edits, cancellations, regenerated and unknown addresses, limits.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { parseCalendar, type ParsedCalendar } from "../tests/support/icalendar";
import { CALENDAR_FEED_MAX_SESSIONS } from "../shared/calendarFeed";
import { deleteEventCascade } from "./model/eventCleanup";
import {
  addCrewMembers,
  createCrew,
  createEvent,
  createUser,
  eventDoc,
  expectError,
  HOUR,
  inviteToCrew,
  newLimitedTest,
  newTest,
  rsvp,
  runDue,
  stubDeploymentEnv,
  TEST_CONVEX_SITE_URL,
  type TestConvex,
  type TestUser,
} from "./test.setup";

const DAY = 24 * HOUR;

beforeEach(() => stubDeploymentEnv());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/** The session's UID in every feed and in the .ics download (the app's host is localhost in tests). */
const uidOf = (eventId: Id<"events">) => `${eventId}@localhost`;

async function calendarRows(t: TestConvex) {
  return await t.run(async (ctx) => ({
    feeds: await ctx.db.query("calendar_feeds").collect(),
    cancellations: await ctx.db.query("calendar_cancellations").collect(),
  }));
}

async function fetchFeed(t: TestConvex, url: string) {
  return await t.fetch(new URL(url).pathname);
}

async function readFeed(t: TestConvex, url: string): Promise<ParsedCalendar> {
  const response = await fetchFeed(t, url);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  return parseCalendar(await response.text());
}

async function myFeedUrl(user: TestUser, crewId?: Id<"crews">): Promise<string> {
  return (await user.asUser.mutation(api.calendarFeeds.createLink, { crewId })).url;
}

const uids = (feed: ParsedCalendar) => feed.events.map((event) => event.uid).sort();

/** iCalendar times are whole seconds. */
const inSeconds = (ms: number) => Math.floor(ms / 1000) * 1000;

/** What a 404 looks like, to compare answers with. */
async function answer(response: Response) {
  return {
    status: response.status,
    body: await response.text(),
    type: response.headers.get("Content-Type"),
    cache: response.headers.get("Cache-Control"),
  };
}

describe("calendarFeeds.link, createLink, regenerateLink", () => {
  test("signed out: refused, nothing written", async () => {
    const t = newTest();
    const host = await createUser(t);
    const crewId = await createCrew(host);
    for (const args of [{}, { crewId }]) {
      await expectError(t.query(api.calendarFeeds.link, args), { code: "NOT_AUTHENTICATED" });
      await expectError(t.mutation(api.calendarFeeds.createLink, args), {
        code: "NOT_AUTHENTICATED",
      });
      await expectError(t.mutation(api.calendarFeeds.regenerateLink, args), {
        code: "NOT_AUTHENTICATED",
      });
    }
    expect((await calendarRows(t)).feeds).toEqual([]);
  });

  test("one's own address: none at first, made once on the deployment's site, replaced on regenerate", async () => {
    const t = newTest();
    const sam = await createUser(t);
    expect(await sam.asUser.query(api.calendarFeeds.link, {})).toBeNull();
    const made = await sam.asUser.mutation(api.calendarFeeds.createLink, {});
    expect(made.url).toMatch(
      new RegExp(`^${TEST_CONVEX_SITE_URL}/calendar/[A-Za-z0-9_-]{43}\\.ics$`),
    );
    expect(made.webcalUrl).toBe(made.url.replace(/^http:/, "webcal:"));
    expect(await sam.asUser.query(api.calendarFeeds.link, {})).toEqual(made);
    expect(await sam.asUser.mutation(api.calendarFeeds.createLink, {})).toEqual(made);

    const fresh = await sam.asUser.mutation(api.calendarFeeds.regenerateLink, {});
    expect(fresh.url).not.toBe(made.url);
    expect(await sam.asUser.query(api.calendarFeeds.link, {})).toEqual(fresh);
    const { feeds } = await calendarRows(t);
    expect(feeds).toHaveLength(1);
    // The look-up key is the token's SHA-256, never the token itself.
    expect(feeds[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh.url).not.toContain(feeds[0].tokenHash);
  });

  test("a crew's address: the host, co-hosts and members each get their own; strangers, invitees and bad ids are refused", async () => {
    const t = newTest();
    const host = await createUser(t);
    const coHost = await createUser(t);
    const member = await createUser(t);
    const invitee = await createUser(t);
    const stranger = await createUser(t);
    const crewId = await createCrew(host, { isPublic: true });
    const secretCrewId = await createCrew(host, { isPublic: false });
    await addCrewMembers(host, crewId, coHost, member);
    await host.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: coHost.userId });
    await inviteToCrew(host, crewId, invitee);

    const urls = new Set<string>();
    for (const user of [host, coHost, member]) {
      expect(await user.asUser.query(api.calendarFeeds.link, { crewId })).toBeNull();
      urls.add(await myFeedUrl(user, crewId));
      urls.add(await myFeedUrl(user));
    }
    expect(urls.size).toBe(6);

    const before = await calendarRows(t);
    const membersOnly = {
      code: "FORBIDDEN",
      message: "Only crew members can subscribe to the crew's calendar",
    };
    const notFound = { code: "NOT_FOUND", message: "Crew not found" };
    const cases: Array<[TestUser, string, Record<string, unknown>]> = [
      [stranger, crewId, membersOnly],
      [invitee, crewId, membersOnly],
      [stranger, secretCrewId, notFound],
      [member, secretCrewId, notFound],
      [member, "not-a-crew", notFound],
      [member, "", notFound],
    ];
    for (const [user, id, refusal] of cases) {
      await expectError(user.asUser.query(api.calendarFeeds.link, { crewId: id }), refusal);
      await expectError(
        user.asUser.mutation(api.calendarFeeds.createLink, { crewId: id }),
        refusal,
      );
      await expectError(
        user.asUser.mutation(api.calendarFeeds.regenerateLink, { crewId: id }),
        refusal,
      );
    }
    expect(await calendarRows(t)).toEqual(before);
  });

  test("at most 10 new addresses an hour; the refusal writes nothing", async () => {
    const t = newTest();
    const sam = await createUser(t);
    await myFeedUrl(sam);
    for (let i = 0; i < 9; i++) await sam.asUser.mutation(api.calendarFeeds.regenerateLink, {});
    const before = await calendarRows(t);
    await expectError(sam.asUser.mutation(api.calendarFeeds.regenerateLink, {}), {
      code: "RATE_LIMITED",
    });
    expect(await calendarRows(t)).toEqual(before);
    // Reading the address it has is not a change.
    expect(await sam.asUser.mutation(api.calendarFeeds.createLink, {})).toBeTruthy();
  });
});

describe("GET /calendar/{token}.ics: a person's feed", () => {
  test("sessions hosted, co-hosted and going to, in UTC with the download's UID; never someone else's private one", async () => {
    const t = newTest();
    const host = await createUser(t);
    const guest = await createUser(t);
    const stranger = await createUser(t);
    const hosted = await createEvent(t, host, { title: "Hosted Pints", isPublic: false });
    const going = await createEvent(t, stranger, { title: "Going Gin" });
    const coHosted = await createEvent(t, stranger, { title: "Co-hosted Cider" });
    const maybe = await createEvent(t, stranger, { title: "Maybe Mead" });
    const secret = await createEvent(t, stranger, { title: "Secret Sours", isPublic: false });
    await rsvp(host, going.eventId);
    await rsvp(host, coHosted.eventId);
    await stranger.asUser.mutation(api.events.promoteCoHost, {
      eventId: coHosted.eventId,
      userId: host.userId,
    });
    await rsvp(host, maybe.eventId, "maybe");
    // Invited, not answered: may open the private session, does not attend it.
    await stranger.asUser.mutation(api.invitations.inviteUsers, {
      eventId: secret.eventId,
      userIds: [guest.userId],
    });

    const feed = await readFeed(t, await myFeedUrl(host));
    expect(feed.name).toBe("Clink: my sessions");
    expect(uids(feed)).toEqual([hosted, going, coHosted].map((e) => uidOf(e.eventId)).sort());
    const event = feed.events.find((e) => e.uid === uidOf(hosted.eventId))!;
    const stored = (await eventDoc(t, hosted.eventId))!;
    expect(event).toMatchObject({
      summary: "Hosted Pints",
      start: inSeconds(stored.startTime),
      end: inSeconds(stored.endTime),
      utc: true,
      status: "CONFIRMED",
      url: `http://localhost:5173/private-event/${stored.privateSlug}`,
    });
    // Nobody else's feed has the host's private session, nor the one the guest is only invited to.
    expect(uids(await readFeed(t, await myFeedUrl(guest)))).toEqual([]);
  });

  test("an edited session moves, with a higher SEQUENCE and a new LAST-MODIFIED", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const host = await createUser(t);
    const { eventId } = await createEvent(t, host, { title: "Friday Pints" });
    const url = await myFeedUrl(host);
    const before = (await readFeed(t, url)).events[0];

    vi.advanceTimersByTime(90_000);
    const start = Date.now() + 26 * HOUR;
    await host.asUser.mutation(api.events.update, {
      eventId,
      title: "Saturday Pints",
      startTime: start,
      endTime: start + 3 * HOUR,
      drinkType: "beer",
      vibe: "casual",
      isPublic: true,
    });
    const after = (await readFeed(t, url)).events[0];
    expect(after).toMatchObject({
      uid: before.uid,
      summary: "Saturday Pints",
      start: inSeconds(start),
      end: inSeconds(start + 3 * HOUR),
    });
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.lastModified).toBe(inSeconds(Date.now()));
  });

  test("a regenerated address answers exactly like one never issued", async () => {
    const t = newTest();
    const sam = await createUser(t);
    const old = await myFeedUrl(sam);
    expect((await fetchFeed(t, old)).status).toBe(200);
    const fresh = (await sam.asUser.mutation(api.calendarFeeds.regenerateLink, {})).url;

    const gone = await answer(await fetchFeed(t, old));
    expect(gone).toEqual({
      status: 404,
      body: "Calendar feed not found",
      type: "text/plain; charset=utf-8",
      cache: "no-store",
    });
    const neverIssued = old.replace(/[A-Za-z0-9_-]{43}\.ics$/, `${"A".repeat(43)}.ics`);
    for (const other of [
      neverIssued,
      `${TEST_CONVEX_SITE_URL}/calendar/short.ics`,
      `${TEST_CONVEX_SITE_URL}/calendar/`,
    ]) {
      expect(await answer(await fetchFeed(t, other))).toEqual(gone);
    }
    expect((await fetchFeed(t, fresh)).status).toBe(200);
  });

  test("a deleted session is listed as cancelled, with a newer version, in its attendees' and invited crews' feeds for 30 days", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const host = await createUser(t);
    const guest = await createUser(t);
    const member = await createUser(t);
    const crewId = await createCrew(host);
    await addCrewMembers(host, crewId, member);
    const { eventId } = await createEvent(t, host, { title: "Wine o'clock", isPublic: false });
    await host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [guest.userId] });
    await guest.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" });
    await host.asUser.mutation(api.invitations.inviteCrew, { eventId, crewId });
    await runDue(t);
    const feeds = {
      host: await myFeedUrl(host),
      guest: await myFeedUrl(guest),
      crew: await myFeedUrl(member, crewId),
    };
    const listed = (await readFeed(t, feeds.guest)).events[0];

    vi.advanceTimersByTime(5_000);
    await host.asUser.mutation(api.events.remove, { eventId });
    await runDue(t);
    for (const url of Object.values(feeds)) {
      const [event] = (await readFeed(t, url)).events;
      expect(event).toMatchObject({
        uid: uidOf(eventId),
        status: "CANCELLED",
        summary: "Cancelled: Wine o'clock",
        start: listed.start,
        end: listed.end,
      });
      expect(event.sequence).toBeGreaterThan(listed.sequence);
    }

    vi.advanceTimersByTime(29 * DAY);
    await t.mutation(internal.calendarFeeds.deleteOldCalendarCancellations, {});
    expect((await readFeed(t, feeds.guest)).events).toHaveLength(1);
    vi.advanceTimersByTime(DAY + 1);
    // Past its 30 days the feed no longer lists it; the daily clean-up then deletes it.
    expect((await readFeed(t, feeds.guest)).events).toEqual([]);
    await t.mutation(internal.calendarFeeds.deleteOldCalendarCancellations, {});
    expect((await calendarRows(t)).cancellations).toEqual([]);
    expect(
      await t.run(async (ctx) => await ctx.db.query("calendar_cancelled_events").collect()),
    ).toEqual([]);
  });

  test("a session with more attendees than one clean-up batch: each attendee's feed learns of it once", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const host = await createUser(t);
    const { eventId } = await createEvent(t, host);
    const guests: TestUser[] = [];
    for (let i = 0; i < 7; i++) {
      const guest = await createUser(t);
      await rsvp(guest, eventId);
      guests.push(guest);
    }
    await t.run(
      async (ctx) => await deleteEventCascade(ctx, (await ctx.db.get("events", eventId))!, 3),
    );
    await runDue(t);
    const told = (await calendarRows(t)).cancellations.map((row) => row.userId).sort();
    expect(told).toEqual([host, ...guests].map((user) => user.userId).sort());
    for (const guest of guests.slice(0, 2)) {
      const [event] = (await readFeed(t, await myFeedUrl(guest))).events;
      expect(event).toMatchObject({ uid: uidOf(eventId), status: "CANCELLED" });
    }
  });

  test("sessions that ended in the last 30 days stay; older ones drop out", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const host = await createUser(t);
    const { eventId } = await createEvent(t, host);
    const url = await myFeedUrl(host);
    vi.advanceTimersByTime(20 * DAY);
    expect(uids(await readFeed(t, url))).toEqual([uidOf(eventId)]);
    vi.advanceTimersByTime(11 * DAY);
    expect(uids(await readFeed(t, url))).toEqual([]);
  });

  test(`at most ${CALENDAR_FEED_MAX_SESSIONS} sessions, the soonest upcoming first, within a query's limits`, async () => {
    const t = newLimitedTest();
    const host = await createUser(t);
    const starts: number[] = [];
    for (let i = 0; i < CALENDAR_FEED_MAX_SESSIONS + 3; i++) {
      starts.push(Date.now() + (i + 2) * HOUR);
      await createEvent(t, host, { title: `Round ${i}`, startTime: starts[i] });
    }
    const feed = await readFeed(t, await myFeedUrl(host));
    expect(feed.events).toHaveLength(CALENDAR_FEED_MAX_SESSIONS);
    expect(Math.max(...feed.events.map((e) => e.start))).toBe(
      inSeconds(starts[CALENDAR_FEED_MAX_SESSIONS - 1]),
    );
  });

  test("more than 60 fetches an hour of one address: 429 with Retry-After", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const sam = await createUser(t);
    const url = await myFeedUrl(sam);
    for (let i = 0; i < 60; i++) expect((await fetchFeed(t, url)).status).toBe(200);
    const limited = await fetchFeed(t, url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    vi.advanceTimersByTime(60_000);
    expect((await fetchFeed(t, url)).status).toBe(200);
  });
});

describe("GET /calendar/{token}.ics: a crew's feed", () => {
  test("the crew's sessions each member may see; it stops working when they leave", async () => {
    const t = newTest();
    const host = await createUser(t);
    const coHost = await createUser(t);
    const member = await createUser(t);
    const crewId = await createCrew(host, { name: "Café Crew" });
    await addCrewMembers(host, crewId, coHost, member);
    await host.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: coHost.userId });

    // Invited: every member sees it, private or not.
    const invited = await createEvent(t, coHost, { title: "Crew Night", isPublic: false });
    await coHost.asUser.mutation(api.invitations.inviteCrew, { eventId: invited.eventId, crewId });
    // Counts for the crew (2 of 3 attend) but private and not invited: only those at it see it.
    const counted = await createEvent(t, host, { title: "Host and Co-host", isPublic: false });
    await host.asUser.mutation(api.invitations.inviteUsers, {
      eventId: counted.eventId,
      userIds: [coHost.userId],
    });
    await coHost.asUser.mutation(api.invitations.respond, {
      eventId: counted.eventId,
      response: "accepted",
    });
    // Nothing to do with the crew.
    await createEvent(t, member, { title: "Solo Stout" });

    const hostFeed = await readFeed(t, await myFeedUrl(host, crewId));
    expect(hostFeed.name).toBe("Clink: Café Crew");
    expect(uids(hostFeed)).toEqual([invited, counted].map((e) => uidOf(e.eventId)).sort());
    expect(uids(await readFeed(t, await myFeedUrl(coHost, crewId)))).toEqual(uids(hostFeed));
    const memberUrl = await myFeedUrl(member, crewId);
    expect(uids(await readFeed(t, memberUrl))).toEqual([uidOf(invited.eventId)]);

    const gone = await answer(
      await fetchFeed(t, `${TEST_CONVEX_SITE_URL}/calendar/${"B".repeat(43)}.ics`),
    );
    await member.asUser.mutation(api.crews.leave, { crewId });
    expect(await answer(await fetchFeed(t, memberUrl))).toEqual(gone);
  });

  test("deleting the crew or the account deletes their addresses", async () => {
    const t = newTest();
    const host = await createUser(t);
    const member = await createUser(t);
    const crewId = await createCrew(host);
    await addCrewMembers(host, crewId, member);
    const crewUrl = await myFeedUrl(member, crewId);
    await myFeedUrl(member);
    await myFeedUrl(host);
    await host.asUser.mutation(api.crews.remove, { crewId });
    expect((await fetchFeed(t, crewUrl)).status).toBe(404);
    expect((await calendarRows(t)).feeds.map((feed) => feed.crewId)).toEqual([null, null]);

    await member.asUser.mutation(api.account.deleteMine, { confirmation: "DELETE" });
    expect((await calendarRows(t)).feeds.map((feed) => feed.userId)).toEqual([host.userId]);
  });
});
