// @vitest-environment node
/**
 * The session page at volume, measured with convex-test's transaction metrics
 * (`documentsRead` from perf.workload.ts): 50 people going, a crawl of 12
 * stops, 200 expenses on the tab (each shared by 10, added through `tab.add`
 * so the maintained balances are what the write path leaves, a few transfers
 * marked paid) and a guest's check-in with two buddies. Every query the page
 * subscribes to for a guest is read once and its documents counted: each is
 * bounded (the lists by their page size), and the tab reads its one row
 * (the balances kept there), never the expenses.
 */
import { beforeAll, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { documentsRead } from "./perf.workload";
import {
  createEvent,
  createUser,
  HOUR,
  newTest,
  rsvp,
  stubDeploymentEnv,
  type TestUser,
} from "./test.setup";
import { netOf, TAB_EXPENSES_PAGE_SIZE } from "../shared/tabRules";

const t = newTest();
const PEOPLE = 50;
const EXPENSES = 200;
const SHARERS = 10;
const STOPS = 12;
let eventId: Id<"events">;
let host: TestUser;
const guests: TestUser[] = [];
/** The guest measured: going, with a check-in open. */
let checkedIn: TestUser;

beforeAll(async () => {
  stubDeploymentEnv();
  host = await createUser(t, { name: "Host" });
  ({ eventId } = await createEvent(t, host, { startTime: Date.now() + HOUR }));
  for (let i = 1; i < PEOPLE; i++) {
    const guest = await createUser(t, { name: `Guest ${i}` });
    await rsvp(guest, eventId);
    guests.push(guest);
  }
  checkedIn = guests[10];
  const everyone = [host, ...guests];
  for (let i = 0; i < EXPENSES; i++) {
    const payer = everyone[i % PEOPLE];
    const sharers = Array.from({ length: SHARERS }, (_, k) => everyone[(i + k * 7) % PEOPLE]);
    await payer.asUser.mutation(api.tab.add, {
      eventId,
      description: `Round ${i}`,
      amount: 1000 + ((i * 37) % 2500),
      currency: "EUR",
      split: "equal",
      paidBy: payer.userId,
      shares: [...new Set(sharers)].map((s) => ({ userId: s.userId })),
    });
  }
  // Three transfers of the plan marked paid, by their payers.
  const tab = await host.asUser.query(api.tab.get, { eventId });
  for (const transfer of tab!.plan.slice(0, 3)) {
    const payer = everyone.find((p) => p.userId === transfer.from)!;
    await payer.asUser.mutation(api.tab.markPaid, {
      eventId,
      from: transfer.from,
      to: transfer.to,
      amount: transfer.amount,
    });
  }
  // A crawl of 12 stops, the most a session may have (places typed in, no planned times).
  for (let i = 1; i <= STOPS; i++) {
    await host.asUser.mutation(api.stops.add, {
      eventId,
      name: `Stop ${i}`,
      place: null,
      plannedTime: null,
    });
  }
  // A guest's check-in home with two buddies, due an hour after the end (the default).
  const event = (await t.run(async (ctx) => await ctx.db.get("events", eventId)))!;
  await checkedIn.asUser.mutation(api.checkIns.start, {
    eventId,
    buddyIds: [guests[11].userId, guests[12].userId],
    dueAt: event.endTime + HOUR,
  });
  return () => vi.unstubAllEnvs();
}, 600_000);

/** Each query the session page (and the shell's check-in banner) subscribes to for a viewer. */
function sessionPageQueries() {
  const page = (numItems: number) => ({ numItems, cursor: null });
  return [
    {
      name: "events.get",
      run: (s?: string) => documentsRead(t, api.events.get, { slugOrCodeOrId: eventId }, s),
    },
    {
      name: "events.attendees (first 20)",
      run: (s?: string) =>
        documentsRead(t, api.events.attendees, { eventId, paginationOpts: page(20) }, s),
    },
    {
      name: "announcements.list (first 10)",
      run: (s?: string) =>
        documentsRead(t, api.announcements.list, { eventId, paginationOpts: page(10) }, s),
    },
    {
      name: "announcements.composer",
      run: (s?: string) => documentsRead(t, api.announcements.composer, { eventId }, s),
    },
    { name: "stops.list", run: (s?: string) => documentsRead(t, api.stops.list, { eventId }, s) },
    {
      name: "checkIns.forEvent",
      run: (s?: string) => documentsRead(t, api.checkIns.forEvent, { eventId }, s),
    },
    {
      name: "checkIns.openForMe",
      run: (s?: string) => documentsRead(t, api.checkIns.openForMe, {}, s),
    },
    { name: "tab.get", run: (s?: string) => documentsRead(t, api.tab.get, { eventId }, s) },
    { name: "tab.people", run: (s?: string) => documentsRead(t, api.tab.people, { eventId }, s) },
    {
      name: "tab.expenses (first 20)",
      run: (s?: string) =>
        documentsRead(
          t,
          api.tab.expenses,
          { eventId, paginationOpts: page(TAB_EXPENSES_PAGE_SIZE) },
          s,
        ),
    },
  ];
}

describe("the session page at volume", () => {
  test("every query the page subscribes to is bounded (100 documents, the people list 2 per person going); the figures per viewer", async () => {
    const totals: Record<string, number> = {};
    const rows: Record<string, Record<string, number>> = {};
    for (const [who, user] of [
      ["guest with a check-in", checkedIn],
      ["host", host],
      ["anonymous", null],
    ] as const) {
      const subject = user === null ? undefined : `${user.userId}|${user.sessionId}`;
      totals[who] = 0;
      for (const query of sessionPageQueries()) {
        const { documentsRead: read } = await query.run(subject);
        (rows[query.name] ??= {})[who] = read;
        totals[who] += read;
      }
    }
    console.table(rows);
    console.log("the whole session page, documents read:", JSON.stringify(totals));
    // The expense form's people list reads each person going (at most 100), and the profile of
    // each not yet on the tab: it grows with the session, the others are bounded by a page or a
    // limit.
    const boundOf = (query: string) => (query === "tab.people" ? 2 * PEOPLE + 5 : 100);
    for (const [query, byViewer] of Object.entries(rows))
      for (const [who, read] of Object.entries(byViewer))
        expect({ query, who, ok: read <= boundOf(query) }).toEqual({ query, who, ok: true });
    expect(rows["stops.list"]["guest with a check-in"]).toBeGreaterThanOrEqual(STOPS);
  }, 120_000);
});

describe("tab reads at volume", () => {
  test("the tab reads at most 10 documents for 50 people, a page of expenses at most 60", async () => {
    const figures: Record<string, { documentsRead: number; items: number }> = {};
    for (const [who, user] of [
      ["guest", guests[10]],
      ["host", host],
      ["anonymous", null],
    ] as const) {
      const subject = user === null ? undefined : `${user.userId}|${user.sessionId}`;
      const tab = await documentsRead(t, api.tab.get, { eventId }, subject);
      const result = tab.result as { people: unknown[]; plan: unknown[] } | null;
      figures[`tab (${who})`] = {
        documentsRead: tab.documentsRead,
        items: result?.people.length ?? 0,
      };
      const page = await documentsRead(
        t,
        api.tab.expenses,
        { eventId, paginationOpts: { numItems: 20, cursor: null } },
        subject,
      );
      figures[`expenses page (${who})`] = {
        documentsRead: page.documentsRead,
        items: (page.result as { page: unknown[] }).page.length,
      };
      const big = await documentsRead(
        t,
        api.tab.expenses,
        { eventId, paginationOpts: { numItems: 500, cursor: null } },
        subject,
      );
      figures[`expenses, 500 asked (${who})`] = {
        documentsRead: big.documentsRead,
        items: (big.result as { page: unknown[] }).page.length,
      };
    }
    console.log("tab documents read:", JSON.stringify(figures, null, 1));
    for (const [name, figure] of Object.entries(figures)) {
      expect({ name, ok: figure.documentsRead <= 60 }).toEqual({ name, ok: true });
    }
    expect(figures["tab (guest)"].items).toBe(PEOPLE);
    // However many people are on it, the tab is one row (and the viewer's standing).
    expect(figures["tab (guest)"].documentsRead).toBeLessThanOrEqual(10);
    expect(figures["expenses page (guest)"].items).toBe(20);
    expect(figures["expenses, 500 asked (host)"].items).toBe(50);
  }, 120_000);

  test("the maintained balances equal the balances worked out from every expense and transfer", async () => {
    const { expenses, settlements, balances } = await t.run(async (ctx) => ({
      expenses: await ctx.db
        .query("tab_expenses")
        .withIndex("by_event", (q) => q.eq("eventId", eventId))
        .collect(),
      settlements: await ctx.db
        .query("tab_settlements")
        .withIndex("by_event", (q) => q.eq("eventId", eventId))
        .collect(),
      balances: await ctx.db
        .query("tab_balances")
        .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId))
        .collect(),
    }));
    expect(expenses).toHaveLength(EXPENSES);
    const expected = new Map<string, number>();
    const add = (id: string, amount: number) => expected.set(id, (expected.get(id) ?? 0) + amount);
    for (const e of expenses) {
      add(e.paidBy, e.amount);
      for (const s of e.shares) add(s.userId, -s.amount);
    }
    for (const s of settlements) {
      add(s.fromUserId, s.amount);
      add(s.toUserId, -s.amount);
    }
    for (const b of balances) expect(netOf(b)).toBe(expected.get(b.userId) ?? 0);
    // The tab's row keeps the same figures, the one document the tab is read from.
    const tabRow = await t.run(
      async (ctx) =>
        await ctx.db
          .query("event_tabs")
          .withIndex("by_event", (q) => q.eq("eventId", eventId))
          .unique(),
    );
    const kept = new Map(tabRow!.balances!.map((b) => [b.userId, netOf(b)]));
    expect(kept).toEqual(new Map(balances.map((b) => [b.userId, netOf(b)])));
    for (const [userId, net] of expected)
      if (net !== 0) expect(balances.some((b) => b.userId === userId)).toBe(true);
    const plan = (await host.asUser.query(api.tab.get, { eventId }))!.plan;
    expect(plan.length).toBeLessThanOrEqual(PEOPLE - 1);
  });
});
