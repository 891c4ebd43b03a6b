// @vitest-environment node
/**
 * The tab's performance target, measured with convex-test's transaction
 * metrics (`documentsRead` from perf.workload.ts): with 50 people going and
 * 200 expenses (each shared by 10 of them, added through `tab.add` so the
 * maintained balances are what the write path leaves) and a few transfers
 * marked paid, the tab reads at most 60 documents — one balance row per
 * person, never the expenses — and the first page of 20 expenses too.
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
import { netOf } from "../shared/tabRules";

const t = newTest();
const PEOPLE = 50;
const EXPENSES = 200;
const SHARERS = 10;
let eventId: Id<"events">;
let host: TestUser;
const guests: TestUser[] = [];

beforeAll(async () => {
  stubDeploymentEnv();
  host = await createUser(t, { name: "Host" });
  ({ eventId } = await createEvent(t, host, { startTime: Date.now() + HOUR }));
  for (let i = 1; i < PEOPLE; i++) {
    const guest = await createUser(t, { name: `Guest ${i}` });
    await rsvp(guest, eventId);
    guests.push(guest);
  }
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
  return () => vi.unstubAllEnvs();
}, 600_000);

describe("tab reads at volume", () => {
  test("the tab and the first page of expenses read at most 60 documents", async () => {
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
    for (const [userId, net] of expected)
      if (net !== 0) expect(balances.some((b) => b.userId === userId)).toBe(true);
    const plan = (await host.asUser.query(api.tab.get, { eventId }))!.plan;
    expect(plan.length).toBeLessThanOrEqual(PEOPLE - 1);
  });
});
