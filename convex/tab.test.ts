import { describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  createEvent,
  createUser,
  expectError,
  HOUR,
  newTest,
  notificationsOf,
  rsvp,
  runDue,
  runsAt,
  type TestConvex,
  type TestUser,
} from "./test.setup";
import { TAB_MAX_AMOUNT, TAB_MESSAGES, tabRecapTime } from "../shared/tabRules";
import { EVENT_ERRORS } from "../shared/eventMessages";
import { balanceOfRow } from "./model/tab";

// The recap's first render loads React Email (a few seconds on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

runsAt(Date.UTC(2026, 10, 27, 18, 0, 0));

/**
 * A private session under way: the host Sam, a co-host, two guests going,
 * one who said maybe, and a stranger; plus a public session of Sam's.
 */
async function setup() {
  const t = newTest();
  const host = await createUser(t, { name: "Sam", profile: { displayName: "Sam" } });
  const coHost = await createUser(t, { name: "Cole", profile: { displayName: "Cole" } });
  const alex = await createUser(t, { name: "Alex", profile: { displayName: "Alex" } });
  const kim = await createUser(t, { name: "Kim", profile: { displayName: "Kim" } });
  const maybe = await createUser(t, { name: "May", profile: { displayName: "May" } });
  const stranger = await createUser(t, { name: "Cy", profile: { displayName: "Cy" } });
  const { eventId } = await createEvent(t, host, {
    isPublic: false,
    startTime: Date.now() + HOUR,
    timeZone: "Europe/London",
  });
  await host.asUser.mutation(api.invitations.inviteUsers, {
    eventId,
    userIds: [coHost.userId, alex.userId, kim.userId, maybe.userId],
  });
  await rsvp(coHost, eventId);
  await rsvp(alex, eventId);
  await rsvp(kim, eventId);
  await rsvp(maybe, eventId, "maybe");
  await host.asUser.mutation(api.events.promoteCoHost, { eventId, userId: coHost.userId });
  await runDue(t);
  return { t, host, coHost, alex, kim, maybe, stranger, eventId };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** An equal split of `amount` cents paid by `payer`, shared by `sharers`, added by `by` (the payer unless given). */
function expense(
  payer: TestUser,
  sharers: TestUser[],
  amount: number,
  description = "Round at the Crown",
) {
  return {
    description,
    amount,
    currency: "EUR",
    split: "equal",
    paidBy: payer.userId,
    shares: sharers.map((s) => ({ userId: s.userId })),
  };
}

async function add(
  by: TestUser,
  eventId: Id<"events">,
  args: ReturnType<typeof expense>,
  idempotencyKey?: string,
) {
  return (
    await by.asUser.mutation(api.tab.add, {
      eventId,
      ...args,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    })
  ).expenseId;
}

async function tabRows(t: TestConvex) {
  return await t.run(async (ctx) => ({
    tabs: await ctx.db.query("event_tabs").collect(),
    expenses: await ctx.db.query("tab_expenses").collect(),
    balances: await ctx.db.query("tab_balances").collect(),
    settlements: await ctx.db.query("tab_settlements").collect(),
  }));
}

/** The tab row's balances are the `tab_balances` rows' figures, person for person. */
async function expectTabRowsAgree(t: TestConvex) {
  const { tabs, balances } = await tabRows(t);
  const byUser = <T extends { userId: string }>(list: T[]) =>
    [...list].sort((a, b) => a.userId.localeCompare(b.userId));
  for (const tab of tabs) {
    const rows = balances.filter((row) => row.eventId === tab.eventId).map(balanceOfRow);
    expect(byUser(tab.balances ?? [])).toEqual(byUser(rows));
    expect(tab.people).toBe(rows.length);
  }
}

function nets(tab: { people: Array<{ name: string; net: number }> } | null) {
  return Object.fromEntries((tab?.people ?? []).map((p) => [p.name, p.net]));
}

describe("get", () => {
  test("the people going and the hosts see the tab; anonymous, a stranger and a maybe get what a missing session gets", async () => {
    const { t, host, coHost, alex, maybe, stranger, eventId } = await setup();
    await add(alex, eventId, expense(alex, [alex, host], 2000));
    const gone = await createEvent(t, host, { isPublic: false });
    await host.asUser.mutation(api.events.remove, { eventId: gone.eventId });

    for (const who of [host, coHost, alex]) {
      const tab = await who.asUser.query(api.tab.get, { eventId });
      expect(tab).toMatchObject({ currency: "EUR", expenseCount: 1, canAddExpense: true });
      expect(nets(tab)).toEqual({ Alex: 1000, Sam: -1000 });
      expect(tab!.plan).toEqual([
        { from: host.userId, to: alex.userId, amount: 1000, canMarkPaid: who !== coHost },
      ]);
    }
    expect((await host.asUser.query(api.tab.get, { eventId }))!.canChangeCurrency).toBe(false);
    expect(await t.query(api.tab.get, { eventId })).toBeNull();
    for (const who of [stranger, maybe]) {
      expect(await who.asUser.query(api.tab.get, { eventId })).toBeNull();
      expect(await who.asUser.query(api.tab.get, { eventId: gone.eventId })).toBeNull();
      expect(await who.asUser.query(api.tab.people, { eventId })).toBeNull();
      expect(
        (
          await who.asUser.query(api.tab.expenses, {
            eventId,
            paginationOpts: { numItems: 20, cursor: null },
          })
        ).page,
      ).toEqual([]);
    }
  });

  test("the expenses list pages 20 at a time, newest first, saying which the viewer may change", async () => {
    const { host, alex, kim, eventId } = await setup();
    for (let i = 0; i < 22; i++)
      await add(
        i % 2 === 0 ? alex : kim,
        eventId,
        expense(i % 2 === 0 ? alex : kim, [alex, kim], 100 + i, `Round ${i}`),
      );
    const first = await kim.asUser.query(api.tab.expenses, {
      eventId,
      paginationOpts: { numItems: 20, cursor: null },
    });
    expect(first.page).toHaveLength(20);
    expect(first.page[0]).toMatchObject({ description: "Round 21", canChange: true });
    expect(first.page[1]).toMatchObject({ description: "Round 20", canChange: false });
    const rest = await kim.asUser.query(api.tab.expenses, {
      eventId,
      paginationOpts: { numItems: 20, cursor: first.continueCursor },
    });
    expect(rest.page.map((e) => e.description)).toEqual(["Round 1", "Round 0"]);
    const asHost = await host.asUser.query(api.tab.expenses, {
      eventId,
      paginationOpts: { numItems: 500, cursor: null },
    });
    expect(asHost.page).toHaveLength(22);
    expect(asHost.page.every((e) => e.canChange)).toBe(true);
    expect(
      (await alex.asUser.query(api.tab.people, { eventId }))!.people.map((p) => p.name).sort(),
    ).toEqual(["Alex", "Cole", "Kim", "Sam"]);
  });
});

describe("add", () => {
  test("a person going and a host may add; anonymous, a stranger and a maybe are refused and nothing is written", async () => {
    const { t, host, alex, kim, maybe, stranger, eventId } = await setup();
    const args = expense(alex, [alex, kim], 1000);
    await expectError(t.mutation(api.tab.add, { eventId, ...args }), { code: "NOT_AUTHENTICATED" });
    await expectError(stranger.asUser.mutation(api.tab.add, { eventId, ...args }), {
      code: "NOT_FOUND",
      message: EVENT_ERRORS.notFound,
    });
    await expectError(maybe.asUser.mutation(api.tab.add, { eventId, ...args }), {
      code: "FORBIDDEN",
      message: TAB_MESSAGES.onlyGoing,
    });
    expect(await tabRows(t)).toEqual({ tabs: [], expenses: [], balances: [], settlements: [] });

    await add(alex, eventId, args);
    await add(host, eventId, expense(kim, [alex, kim, host], 1001));
    const tab = await kim.asUser.query(api.tab.get, { eventId });
    // 1001 / 3: the extra cent goes to the first id, deterministically.
    const rows = await tabRows(t);
    expect(rows.expenses[1].shares.map((s) => s.amount).sort()).toEqual([333, 334, 334].sort());
    expect(Object.values(nets(tab)).reduce((a, b) => a + b, 0)).toBe(0);
    expect(rows.tabs[0]).toMatchObject({ people: 3, expenseCount: 2 });
  });

  test("on a public session a stranger is told only people going can add", async () => {
    const { t, host, stranger } = await setup();
    const { eventId } = await createEvent(t, host, { isPublic: true });
    await expectError(
      stranger.asUser.mutation(api.tab.add, { eventId, ...expense(stranger, [stranger], 100) }),
      {
        code: "FORBIDDEN",
        message: TAB_MESSAGES.onlyGoing,
      },
    );
    expect(await stranger.asUser.query(api.tab.get, { eventId })).toBeNull();
  });

  test("a private session answers a stranger exactly like a session that does not exist", async () => {
    const { t, host, stranger, eventId } = await setup();
    const gone = await createEvent(t, host, { isPublic: false });
    await host.asUser.mutation(api.events.remove, { eventId: gone.eventId });
    const errorOf = async (id: Id<"events">) =>
      await stranger.asUser
        .mutation(api.tab.add, { eventId: id, ...expense(stranger, [stranger], 100) })
        .then(
          () => null,
          (error: { data: unknown }) => error.data,
        );
    expect(await errorOf(eventId)).toEqual(await errorOf(gone.eventId));
  });

  test("bad input gets a clear error at its field and writes nothing", async () => {
    const { t, alex, kim, maybe, stranger, eventId } = await setup();
    const base = expense(alex, [alex, kim], 1000);
    const cases: Array<
      [
        Partial<ReturnType<typeof expense>> & {
          shares?: Array<{ userId: Id<"users">; amount?: number }>;
        },
        string,
        string,
      ]
    > = [
      [{ amount: -500 }, "amount", TAB_MESSAGES.amountNotPositive],
      [{ amount: 0 }, "amount", TAB_MESSAGES.amountNotPositive],
      [{ amount: TAB_MAX_AMOUNT + 1 }, "amount", TAB_MESSAGES.amountTooLarge],
      [{ amount: 12.5 }, "amount", TAB_MESSAGES.amountNotWhole],
      [{ amount: Number.POSITIVE_INFINITY }, "amount", TAB_MESSAGES.amountNotWhole],
      [{ currency: "XYZ" }, "currency", TAB_MESSAGES.unknownCurrency],
      [{ currency: "GBP" }, "currency", TAB_MESSAGES.wrongCurrency],
      [{ description: "  " }, "description", TAB_MESSAGES.descriptionRequired],
      [{ split: "by vibes" }, "split", TAB_MESSAGES.unknownSplit],
      [{ shares: [] }, "shares", TAB_MESSAGES.sharersRequired],
      [
        {
          split: "exact",
          shares: [
            { userId: alex.userId, amount: 600 },
            { userId: kim.userId, amount: 300 },
          ],
        },
        "shares",
        TAB_MESSAGES.sharesDontAddUp,
      ],
      [
        {
          split: "exact",
          shares: [
            { userId: alex.userId, amount: 999.5 },
            { userId: kim.userId, amount: 0.5 },
          ],
        },
        "shares",
        TAB_MESSAGES.amountNotWhole,
      ],
      [
        { shares: [{ userId: alex.userId }, { userId: maybe.userId }] },
        "shares",
        TAB_MESSAGES.notGoing,
      ],
      [
        { shares: [{ userId: alex.userId }, { userId: stranger.userId }] },
        "shares",
        TAB_MESSAGES.notGoing,
      ],
      [{ paidBy: stranger.userId }, "paidBy", TAB_MESSAGES.notGoing],
    ];
    for (const [change, field, message] of cases) {
      await expectError(alex.asUser.mutation(api.tab.add, { eventId, ...base, ...change }), {
        code: "VALIDATION",
        field,
        message,
      });
    }
    expect(await tabRows(t)).toEqual({ tabs: [], expenses: [], balances: [], settlements: [] });
  });

  test("a queued tap sent twice adds the expense once", async () => {
    const { t, alex, kim, eventId } = await setup();
    const key = "0190f1c2-7d3e-7a4b-8c5d-6e7f8a9b0c1d";
    const first = await add(alex, eventId, expense(alex, [alex, kim], 1000), key);
    const again = await add(alex, eventId, expense(alex, [alex, kim], 1000), key);
    expect(again).toBe(first);
    expect((await tabRows(t)).expenses).toHaveLength(1);
  });
});

describe("update and remove", () => {
  async function withExpense(s: Setup) {
    // Added by Kim, paid by Alex.
    const expenseId = await add(s.kim, s.eventId, expense(s.alex, [s.alex, s.kim], 1000));
    return expenseId;
  }

  test("who added it, who paid it and a host may change it; another guest, a stranger and anonymous may not", async () => {
    const s = await setup();
    const { t, host, coHost, alex, kim, stranger, eventId } = s;
    const other = await createUser(t, { name: "Oz", profile: { displayName: "Oz" } });
    await host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [other.userId] });
    await rsvp(other, eventId);
    const expenseId = await withExpense(s);
    const edit = (amount: number) => ({ expenseId, ...expense(alex, [alex, kim], amount) });
    await expectError(t.mutation(api.tab.update, edit(2000)), { code: "NOT_AUTHENTICATED" });
    await expectError(stranger.asUser.mutation(api.tab.update, edit(2000)), {
      code: "NOT_FOUND",
      message: TAB_MESSAGES.expenseNotFound,
    });
    await expectError(other.asUser.mutation(api.tab.update, edit(2000)), {
      code: "FORBIDDEN",
      message: TAB_MESSAGES.notAllowedToChange,
    });
    await expectError(other.asUser.mutation(api.tab.remove, { expenseId }), { code: "FORBIDDEN" });
    await expectError(stranger.asUser.mutation(api.tab.remove, { expenseId }), {
      code: "NOT_FOUND",
    });
    await expectError(alex.asUser.mutation(api.tab.update, { ...edit(2000), amount: 0 }), {
      code: "VALIDATION",
      field: "amount",
    });
    expect(nets(await alex.asUser.query(api.tab.get, { eventId }))).toEqual({
      Alex: 500,
      Kim: -500,
    });

    for (const [who, amount] of [
      [kim, 2000],
      [alex, 3000],
      [coHost, 4000],
      [host, 4400],
    ] as const) {
      await who.asUser.mutation(api.tab.update, edit(amount));
      expect(nets(await alex.asUser.query(api.tab.get, { eventId }))).toEqual({
        Alex: amount / 2,
        Kim: -amount / 2,
      });
    }
    // Kim paid it, for the three of them.
    await host.asUser.mutation(api.tab.update, {
      expenseId,
      ...expense(kim, [alex, kim, host], 3000),
    });
    expect(nets(await alex.asUser.query(api.tab.get, { eventId }))).toEqual({
      Kim: 2000,
      Alex: -1000,
      Sam: -1000,
    });
    await expectTabRowsAgree(t);
    // Alex neither added nor pays it any more.
    await expectError(alex.asUser.mutation(api.tab.remove, { expenseId }), { code: "FORBIDDEN" });
    await kim.asUser.mutation(api.tab.remove, { expenseId });
    expect(await tabRows(t)).toMatchObject({
      expenses: [],
      balances: [],
      tabs: [{ people: 0, expenseCount: 0 }],
    });
    await expectTabRowsAgree(t);
    await expectError(kim.asUser.mutation(api.tab.remove, { expenseId }), {
      code: "NOT_FOUND",
      message: TAB_MESSAGES.expenseNotFound,
    });
  });

  test("leaving keeps the person's expenses and balance, and an edit may keep them on it", async () => {
    const s = await setup();
    const { t, alex, kim, eventId } = s;
    const expenseId = await withExpense(s);
    await kim.asUser.mutation(api.events.leave, { eventId });
    const tab = await kim.asUser.query(api.tab.get, { eventId });
    expect(nets(tab)).toEqual({ Alex: 500, Kim: -500 });
    expect(tab!.canAddExpense).toBe(false);
    await alex.asUser.mutation(api.tab.update, { expenseId, ...expense(alex, [alex, kim], 1200) });
    expect(nets(await alex.asUser.query(api.tab.get, { eventId }))).toEqual({
      Alex: 600,
      Kim: -600,
    });
    // A new expense cannot name someone who is not going.
    await expectError(
      alex.asUser.mutation(api.tab.add, { eventId, ...expense(alex, [alex, kim], 100) }),
      {
        code: "VALIDATION",
        message: TAB_MESSAGES.notGoing,
      },
    );
    expect((await tabRows(t)).expenses).toHaveLength(1);
  });
});

describe("markPaid", () => {
  test("either side marks a transfer paid; balances reach zero; a third person, a stranger and a second mark are refused", async () => {
    const { t, host, alex, kim, stranger, eventId } = await setup();
    await add(alex, eventId, expense(alex, [alex, kim, host], 3000));
    const plan = (await alex.asUser.query(api.tab.get, { eventId }))!.plan;
    expect(plan.map(({ from, to, amount }) => ({ from, to, amount }))).toEqual(
      [
        { from: host.userId, to: alex.userId, amount: 1000 },
        { from: kim.userId, to: alex.userId, amount: 1000 },
      ].sort((a, b) => (a.from < b.from ? -1 : 1)),
    );
    const kimPays = { eventId, from: kim.userId, to: alex.userId, amount: 1000 };
    await expectError(t.mutation(api.tab.markPaid, kimPays), { code: "NOT_AUTHENTICATED" });
    await expectError(stranger.asUser.mutation(api.tab.markPaid, kimPays), { code: "NOT_FOUND" });
    await expectError(host.asUser.mutation(api.tab.markPaid, kimPays), {
      code: "FORBIDDEN",
      message: TAB_MESSAGES.notYourTransfer,
    });
    await expectError(kim.asUser.mutation(api.tab.markPaid, { ...kimPays, amount: 1001 }), {
      code: "VALIDATION",
      message: TAB_MESSAGES.transferNotInPlan,
    });
    await expectError(kim.asUser.mutation(api.tab.markPaid, { ...kimPays, amount: 10.5 }), {
      code: "VALIDATION",
      field: "amount",
    });
    expect((await tabRows(t)).settlements).toEqual([]);

    await kim.asUser.mutation(api.tab.markPaid, kimPays);
    await expectError(alex.asUser.mutation(api.tab.markPaid, kimPays), {
      code: "VALIDATION",
      message: TAB_MESSAGES.transferNotInPlan,
    });
    await alex.asUser.mutation(api.tab.markPaid, {
      eventId,
      from: host.userId,
      to: alex.userId,
      amount: 1000,
    });
    const tab = await host.asUser.query(api.tab.get, { eventId });
    expect(tab!.plan).toEqual([]);
    expect(Object.values(nets(tab))).toEqual([0, 0, 0]);
    expect((await tabRows(t)).settlements).toHaveLength(2);
    await expectTabRowsAgree(t);
  });
});

describe("markPaid, queued", () => {
  test("a mark paid replayed with its key counts the payment once; a refused one keeps no receipt", async () => {
    const { t, alex, kim, eventId } = await setup();
    await add(alex, eventId, expense(alex, [alex, kim], 1000));
    const key = "0190f1c2-7d3e-7a4b-8c5d-6e7f8a9b0c1e";
    const pay = { eventId, from: kim.userId, to: alex.userId, amount: 500, idempotencyKey: key };
    await expectError(kim.asUser.mutation(api.tab.markPaid, { ...pay, amount: 600 }), {
      code: "VALIDATION",
    });
    expect(await kim.asUser.mutation(api.tab.markPaid, pay)).toBeNull();
    expect(await kim.asUser.mutation(api.tab.markPaid, pay)).toBeNull();
    expect((await tabRows(t)).settlements).toHaveLength(1);
    expect(nets(await kim.asUser.query(api.tab.get, { eventId }))).toEqual({ Alex: 0, Kim: 0 });
  });
});

describe("setCurrency", () => {
  test("a host chooses it before the first expense; others and unknown codes are refused", async () => {
    const { t, host, coHost, alex, kim, stranger, eventId } = await setup();
    await expectError(t.mutation(api.tab.setCurrency, { eventId, currency: "GBP" }), {
      code: "NOT_AUTHENTICATED",
    });
    await expectError(stranger.asUser.mutation(api.tab.setCurrency, { eventId, currency: "GBP" }), {
      code: "NOT_FOUND",
    });
    await expectError(alex.asUser.mutation(api.tab.setCurrency, { eventId, currency: "GBP" }), {
      code: "FORBIDDEN",
      message: TAB_MESSAGES.onlyHosts,
    });
    await expectError(host.asUser.mutation(api.tab.setCurrency, { eventId, currency: "XXX" }), {
      code: "VALIDATION",
      field: "currency",
    });
    expect((await alex.asUser.query(api.tab.get, { eventId }))!.currency).toBe("EUR");
    await coHost.asUser.mutation(api.tab.setCurrency, { eventId, currency: "JPY" });
    expect((await alex.asUser.query(api.tab.get, { eventId }))!.currency).toBe("JPY");
    await add(alex, eventId, { ...expense(alex, [alex, kim], 1200), currency: "JPY" });
    await expectError(host.asUser.mutation(api.tab.setCurrency, { eventId, currency: "EUR" }), {
      code: "VALIDATION",
      message: TAB_MESSAGES.currencyLocked,
    });
  });
});

describe("the morning after", () => {
  test("each person with a transfer left hears it once, at 09:00 in the session's zone", async () => {
    const { t, host, alex, kim, coHost, eventId } = await setup();
    await add(alex, eventId, expense(alex, [alex, kim, host], 3750));
    await kim.asUser.mutation(api.tab.markPaid, {
      eventId,
      from: kim.userId,
      to: alex.userId,
      amount: 1250,
    });
    const event = await t.run(async (ctx) => await ctx.db.get("events", eventId));
    const due = tabRecapTime(event!.endTime, "Europe/London");
    // Too early: nothing yet (it plans itself again).
    await t.mutation(internal.tab.sendRecap, { eventId });
    expect((await notificationsOf(t, host.userId)).filter((n) => n.type === "tab_recap")).toEqual(
      [],
    );
    vi.setSystemTime(due);
    await t.mutation(internal.tab.sendRecap, { eventId });
    await t.mutation(internal.tab.sendRecap, { eventId });
    const recap = async (who: TestUser) =>
      (await notificationsOf(t, who.userId))
        .filter((n) => n.type === "tab_recap")
        .map((n) => n.message);
    expect(await recap(host)).toEqual(["You owe Alex €12.50"]);
    expect(await recap(alex)).toEqual(["You're owed by Sam (€12.50)"]);
    expect(await recap(kim)).toEqual([]);
    expect(await recap(coHost)).toEqual([]);
    const mails = await t.run(async (ctx) =>
      (await ctx.db.query("email_logs").collect()).filter((log) => log.type === "tab_recap"),
    );
    expect(mails.map((m) => m.recipient).sort()).toEqual([alex.email, host.email].sort());
  });
});

describe("clean-up", () => {
  test("deleting the session removes its tab", async () => {
    const { t, host, alex, kim, eventId } = await setup();
    await add(alex, eventId, expense(alex, [alex, kim], 1000));
    await kim.asUser.mutation(api.tab.markPaid, {
      eventId,
      from: kim.userId,
      to: alex.userId,
      amount: 500,
    });
    await host.asUser.mutation(api.events.remove, { eventId });
    await runDue(t);
    expect(await tabRows(t)).toEqual({ tabs: [], expenses: [], balances: [], settlements: [] });
  });

  test("a deleted account keeps everyone's balances, without its name; a rename shows on the tab", async () => {
    const { t, host, alex, kim, eventId } = await setup();
    await add(alex, eventId, expense(alex, [alex, kim, host], 3000));
    await kim.asUser.mutation(api.profiles.update, { displayName: "Kimberly" });
    expect(nets(await host.asUser.query(api.tab.get, { eventId }))).toMatchObject({
      Kimberly: -1000,
    });
    await alex.asUser.mutation(api.account.deleteMine, { confirmation: "delete" });
    await runDue(t);
    const tab = await host.asUser.query(api.tab.get, { eventId });
    expect(tab!.people.map((p) => p.net).sort()).toEqual([-1000, -1000, 2000]);
    expect(tab!.people.find((p) => p.userId === alex.userId)!.name).toMatch(/^User /);
    const going = await host.asUser.query(api.tab.people, { eventId });
    expect(going!.people.find((p) => p.userId === kim.userId)!.name).toBe("Kimberly");
    await expectTabRowsAgree(t);
  });
});

describe("a tab last written before its row kept the balances", () => {
  test("is read from its rows, and its next write fills its row in", async () => {
    const { t, host, alex, kim, eventId } = await setup();
    await add(alex, eventId, expense(alex, [alex, kim], 2000));
    const before = await host.asUser.query(api.tab.get, { eventId });
    const goingBefore = await host.asUser.query(api.tab.people, { eventId });
    await t.run(async (ctx) => {
      const tab = (await ctx.db.query("event_tabs").unique())!;
      await ctx.db.patch("event_tabs", tab._id, { balances: undefined });
    });
    expect(await host.asUser.query(api.tab.get, { eventId })).toEqual(before);
    expect(await host.asUser.query(api.tab.people, { eventId })).toEqual(goingBefore);
    await add(kim, eventId, expense(kim, [alex, kim], 1000));
    expect((await tabRows(t)).tabs[0].balances).toHaveLength(2);
    await expectTabRowsAgree(t);
    expect(nets(await host.asUser.query(api.tab.get, { eventId }))).toEqual({
      Alex: 500,
      Kim: -500,
    });
  });
});
