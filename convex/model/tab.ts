/**
 * The tab of a session: expenses, each person's maintained balance, the
 * settle-up plan and transfers marked paid (rules in shared/tabRules.ts).
 *
 * - Who sees it: people going, the hosts, and anyone with a balance row (who
 *   left keeps their expenses and balance, and still sees what they owe).
 *   Anyone else gets what a session that does not exist gets: `null` from
 *   the queries, NOT_FOUND 'Event not found' from the writes on a session
 *   they cannot see, FORBIDDEN on one they can (a public session, or a 'maybe').
 * - Balances are maintained on every write, so the tab never reads its
 *   expenses: in the tab's row (`event_tabs.balances`, the one document the
 *   tab is read from) and in one `tab_balances` row per session and person
 *   (found by person: who may see the tab, renames); a person whose figures
 *   drop to all zeros goes from both.
 * - Every write checks the whole expense first and writes nothing when it fails.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { PaginationOptions } from "convex/server";
import { internal } from "../_generated/api";
import {
  canEditEvent,
  canViewEvent,
  clampPageSize,
  type Participation,
} from "../../shared/eventAccess";
import { EVENT_ERRORS } from "../../shared/eventMessages";
import { fallbackDisplayName, profileDisplayName } from "../../shared/profileRules";
import { NOTIFICATION_TEXTS } from "../../shared/notificationRules";
import {
  FALLBACK_TAB_CURRENCY,
  TAB_EXPENSES_PAGE_MAX,
  TAB_MESSAGES,
  TAB_PEOPLE_MAX,
  amountCheck,
  canAddExpense,
  canChangeExpense,
  canSeeTab,
  checkExpense,
  isTabCurrency,
  netOf,
  recapLine,
  settlePlan,
  tabRecapTime,
  type BalanceParts,
  type ExpenseInput,
  type TabCurrency,
} from "../../shared/tabRules";
import { appError } from "./errors";
import { eventNotificationData } from "./eventNotifications";
import { eventEmailDetails } from "./invitationEmails";
import { createNotification } from "./notifications";
import { queueEmailToUser } from "./emailQueue";
import {
  getParticipant,
  participationOf,
  readParticipationRows,
  type EventDoc,
} from "./participation";
import { getProfileByUserId } from "./profiles";
import type { AccountCleanup, EventCleanup } from "./batchedCleanup";
import { cancelIfPending } from "./scheduledJobs";

export type TabDoc = Doc<"event_tabs">;
export type ExpenseDoc = Doc<"tab_expenses">;
/** One person's figures on a tab, as the tab's row keeps them. */
type TabBalance = NonNullable<TabDoc["balances"]>[number];
type BalanceDoc = Doc<"tab_balances">;

/** The tab's currency: the host's choice, else the fallback. */
export function tabCurrencyOf(event: EventDoc): TabCurrency {
  return isTabCurrency(event.currency) ? event.currency : FALLBACK_TAB_CURRENCY;
}

// ---------------------------------------------------------------- access

export type TabAccess = {
  event: EventDoc;
  viewerId: Id<"users">;
  participation: Participation;
};

async function getBalance(ctx: QueryCtx, eventId: Id<"events">, userId: Id<"users">) {
  return await ctx.db
    .query("tab_balances")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
}

async function getTab(ctx: QueryCtx, eventId: Id<"events">): Promise<TabDoc | null> {
  return await ctx.db
    .query("event_tabs")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .unique();
}

/**
 * The tab's balances: its row's copy, or for a tab last written before that copy was kept,
 * its `tab_balances` rows (at most TAB_PEOPLE_MAX).
 */
async function balancesOf(
  ctx: QueryCtx,
  eventId: Id<"events">,
  tab: TabDoc | null,
): Promise<TabBalance[]> {
  if (tab?.balances !== undefined) return tab.balances;
  const rows = await ctx.db
    .query("tab_balances")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId))
    .take(TAB_PEOPLE_MAX);
  return rows.map(balanceOfRow);
}

/** A `tab_balances` row's figures as the tab's row keeps them. */
export function balanceOfRow({ userId, name, paid, owed, sent, received }: BalanceDoc): TabBalance {
  return { userId, name, paid, owed, sent, received };
}

async function standingOf(ctx: QueryCtx, event: EventDoc, viewerId: Id<"users">) {
  const participation = participationOf(
    event,
    viewerId,
    await readParticipationRows(ctx, event._id, viewerId),
  );
  const onTab = (await getBalance(ctx, event._id, viewerId)) !== null;
  return { participation, maySee: canSeeTab(participation, onTab) };
}

/** The viewer's standing when they may see the tab; null otherwise (also for a session that does not exist). */
export async function getTabViewer(
  ctx: QueryCtx,
  eventId: Id<"events">,
  viewerId: Id<"users"> | null,
): Promise<TabAccess | null> {
  if (viewerId === null) return null;
  const event = await ctx.db.get("events", eventId);
  if (event === null) return null;
  const { participation, maySee } = await standingOf(ctx, event, viewerId);
  return maySee ? { event, viewerId, participation } : null;
}

/**
 * As `getTabViewer`, for writes: a session the caller cannot see answers
 * NOT_FOUND like one that does not exist; one they can see but whose tab
 * they may not (a public session, a 'maybe'), FORBIDDEN 'Only people going
 * can add to the tab'.
 */
export async function getEventEnsuringTabViewer(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<TabAccess> {
  const event = await ctx.db.get("events", eventId);
  if (event === null) throw appError("NOT_FOUND", EVENT_ERRORS.notFound);
  const { participation, maySee } = await standingOf(ctx, event, userId);
  if (maySee) return { event, viewerId: userId, participation };
  if (!canViewEvent(event, participation)) throw appError("NOT_FOUND", EVENT_ERRORS.notFound);
  throw appError("FORBIDDEN", TAB_MESSAGES.onlyGoing);
}

// ---------------------------------------------------------------- reading

/**
 * The tab: currency, each person's balance (maintained in the tab's row), the
 * settle-up plan and what the viewer may do. Reads the session, the viewer's
 * rows and the tab's row, however many people are on it.
 */
export async function tabView(ctx: QueryCtx, access: TabAccess) {
  const { event, viewerId, participation } = access;
  const tab = await getTab(ctx, event._id);
  const people = (await balancesOf(ctx, event._id, tab))
    .map((row) => ({
      userId: row.userId,
      name: row.name ?? fallbackDisplayName(row.userId),
      paid: row.paid,
      owed: row.owed,
      net: netOf(row),
    }))
    .sort((a, b) => b.net - a.net || a.name.localeCompare(b.name));
  const expenseCount = tab?.expenseCount ?? 0;
  const plan = settlePlan(people.map(({ userId, net }) => ({ userId, net }))).map((transfer) => ({
    ...transfer,
    canMarkPaid: transfer.from === viewerId || transfer.to === viewerId,
  }));
  return {
    eventId: event._id,
    viewerId,
    currency: tabCurrencyOf(event),
    /** A host set the currency (else the fallback shows, and a host's screen sets it from their locale). */
    currencyChosen: isTabCurrency(event.currency),
    expenseCount,
    canAddExpense: canAddExpense(participation),
    canChangeCurrency: canEditEvent(participation) && expenseCount === 0,
    people,
    plan,
  };
}

function expenseView(expense: ExpenseDoc, access: TabAccess) {
  return {
    expenseId: expense._id,
    description: expense.description,
    amount: expense.amount,
    currency: expense.currency,
    split: expense.split,
    paidBy: expense.paidBy,
    addedBy: expense.addedBy,
    shares: expense.shares,
    createdAt: expense._creationTime,
    canChange: canChangeExpense(access.participation, access.viewerId, expense),
  };
}

/** The tab's expenses, newest first, a page at a time (names come from the tab's people). */
export async function expensesPage(
  ctx: QueryCtx,
  access: TabAccess,
  paginationOpts: PaginationOptions,
) {
  const result = await ctx.db
    .query("tab_expenses")
    .withIndex("by_event", (q) => q.eq("eventId", access.event._id))
    .order("desc")
    .paginate({
      ...paginationOpts,
      numItems: clampPageSize(paginationOpts.numItems, TAB_EXPENSES_PAGE_MAX),
    });
  return { ...result, page: result.page.map((expense) => expenseView(expense, access)) };
}

/**
 * Who can be on an expense: the people going (the expense form's choices), at most
 * TAB_PEOPLE_MAX. Names of people already on the tab come from its row; the others' profiles
 * are read.
 */
export async function goingPeople(ctx: QueryCtx, access: TabAccess) {
  const rows = await ctx.db
    .query("event_participants")
    .withIndex("by_event", (q) => q.eq("eventId", access.event._id))
    .take(TAB_PEOPLE_MAX);
  const tab = await getTab(ctx, access.event._id);
  const onTab = new Map(
    (tab?.balances ?? []).map((balance) => [balance.userId, balance.name] as const),
  );
  return await Promise.all(
    rows.map(async (row) => ({
      userId: row.userId,
      name: onTab.get(row.userId) ?? (await nameOf(ctx, row.userId)),
    })),
  );
}

async function nameOf(ctx: QueryCtx, userId: Id<"users">): Promise<string> {
  const profile = await getProfileByUserId(ctx, userId);
  return profile === null ? fallbackDisplayName(userId) : profileDisplayName(profile);
}

// ---------------------------------------------------------------- balance writes

type Delta = Partial<BalanceParts>;
const PARTS = ["paid", "owed", "sent", "received"] as const;

/** Collects balance changes per person, then writes each row once. */
class BalanceChanges {
  private readonly deltas = new Map<Id<"users">, Delta>();

  add(userId: Id<"users">, part: keyof BalanceParts, amount: number): this {
    const delta = this.deltas.get(userId) ?? {};
    delta[part] = (delta[part] ?? 0) + amount;
    this.deltas.set(userId, delta);
    return this;
  }

  /** An expense's effect (sign 1) or its undoing (sign -1). */
  expense(expense: Pick<ExpenseDoc, "paidBy" | "amount" | "shares">, sign: 1 | -1): this {
    this.add(expense.paidBy, "paid", sign * expense.amount);
    for (const share of expense.shares) this.add(share.userId, "owed", sign * share.amount);
    return this;
  }

  /**
   * Writes the rows: new people get a row (with their name), rows back to
   * all zeros go. Returns what the caller writes on the tab's row with its own
   * changes: its balances and people count. Throws 'A tab holds at most 100
   * people' past the bound (the caller's mutation then writes nothing).
   */
  async apply(ctx: MutationCtx, tab: TabDoc): Promise<{ people: number; balances: TabBalance[] }> {
    const balances = new Map(
      (await balancesOf(ctx, tab.eventId, tab)).map((balance) => [balance.userId, balance]),
    );
    let people = tab.people;
    for (const [userId, delta] of this.deltas) {
      const row = await getBalance(ctx, tab.eventId, userId);
      const parts: BalanceParts = {
        paid: (row?.paid ?? 0) + (delta.paid ?? 0),
        owed: (row?.owed ?? 0) + (delta.owed ?? 0),
        sent: (row?.sent ?? 0) + (delta.sent ?? 0),
        received: (row?.received ?? 0) + (delta.received ?? 0),
      };
      const empty = PARTS.every((part) => parts[part] === 0);
      if (row === null) {
        if (empty) continue;
        people += 1;
        if (people > TAB_PEOPLE_MAX) throw appError("VALIDATION", TAB_MESSAGES.tabFull);
        const name = await nameOf(ctx, userId);
        await ctx.db.insert("tab_balances", { eventId: tab.eventId, userId, name, ...parts });
        balances.set(userId, { userId, name, ...parts });
      } else if (empty) {
        people -= 1;
        await ctx.db.delete("tab_balances", row._id);
        balances.delete(userId);
      } else {
        await ctx.db.patch("tab_balances", row._id, parts);
        balances.set(userId, { userId, name: row.name, ...parts });
      }
    }
    return { people, balances: [...balances.values()] };
  }
}

async function getOrCreateTab(ctx: MutationCtx, eventId: Id<"events">): Promise<TabDoc> {
  const tab = await getTab(ctx, eventId);
  if (tab !== null) return tab;
  const id = await ctx.db.insert("event_tabs", {
    eventId,
    people: 0,
    expenseCount: 0,
    recapJobId: null,
    recapSentAt: null,
  });
  return (await ctx.db.get("event_tabs", id))!;
}

// ---------------------------------------------------------------- expenses

export type ExpenseArgs = Omit<ExpenseInput<Id<"users">>, "shares"> & {
  paidBy: Id<"users">;
  shares: Array<{ userId: Id<"users">; amount?: number }>;
};

/**
 * The expense checked (shared rule, at its field) and everyone on it going
 * — or already on `previous`, the expense being edited, so an edit keeps
 * people who left since. VALIDATION otherwise.
 */
async function checkedExpense(
  ctx: QueryCtx,
  event: EventDoc,
  args: ExpenseArgs,
  previous: ExpenseDoc | null,
) {
  const check = checkExpense(args, tabCurrencyOf(event));
  if (!check.ok) throw appError("VALIDATION", check.message, { field: check.field });
  const wasOn = new Set<Id<"users">>(
    previous === null ? [] : [previous.paidBy, ...previous.shares.map((s) => s.userId)],
  );
  const everyone = new Set([args.paidBy, ...check.expense.shares.map((share) => share.userId)]);
  for (const userId of everyone) {
    if (wasOn.has(userId)) continue;
    if ((await getParticipant(ctx, event._id, userId)) === null)
      throw appError("VALIDATION", TAB_MESSAGES.notGoing, {
        field: userId === args.paidBy ? "paidBy" : "shares",
      });
  }
  return check.expense;
}

/** Adds an expense (people going and the hosts); the balances follow; the morning-after recap is planned. */
export async function addExpense(ctx: MutationCtx, access: TabAccess, args: ExpenseArgs) {
  if (!canAddExpense(access.participation)) throw appError("FORBIDDEN", TAB_MESSAGES.onlyGoing);
  const { event, viewerId } = access;
  const expense = await checkedExpense(ctx, event, args, null);
  const fields = { ...expense, paidBy: args.paidBy };
  const tab = await getOrCreateTab(ctx, event._id);
  const balances = await new BalanceChanges().expense(fields, 1).apply(ctx, tab);
  const expenseId = await ctx.db.insert("tab_expenses", {
    eventId: event._id,
    ...fields,
    addedBy: viewerId,
    updatedAt: Date.now(),
  });
  await ctx.db.patch("event_tabs", tab._id, { ...balances, expenseCount: tab.expenseCount + 1 });
  await planRecap(ctx, event, tab);
  return expenseId;
}

/** The expense and the caller's standing, when they may change it (who added or paid it, or a host). */
export async function getExpenseEnsuringChanger(
  ctx: QueryCtx,
  expenseId: Id<"tab_expenses">,
  userId: Id<"users">,
): Promise<{ expense: ExpenseDoc; access: TabAccess }> {
  const expense = await ctx.db.get("tab_expenses", expenseId);
  if (expense === null) throw appError("NOT_FOUND", TAB_MESSAGES.expenseNotFound);
  const access = await getTabViewer(ctx, expense.eventId, userId);
  // Someone who cannot see the tab learns nothing of the expense either.
  if (access === null) throw appError("NOT_FOUND", TAB_MESSAGES.expenseNotFound);
  if (!canChangeExpense(access.participation, userId, expense))
    throw appError("FORBIDDEN", TAB_MESSAGES.notAllowedToChange);
  return { expense, access };
}

export async function updateExpense(
  ctx: MutationCtx,
  expense: ExpenseDoc,
  access: TabAccess,
  args: ExpenseArgs,
) {
  const checked = await checkedExpense(ctx, access.event, args, expense);
  const fields = { ...checked, paidBy: args.paidBy };
  const tab = await getOrCreateTab(ctx, expense.eventId);
  const balances = await new BalanceChanges()
    .expense(expense, -1)
    .expense(fields, 1)
    .apply(ctx, tab);
  await ctx.db.patch("tab_expenses", expense._id, { ...fields, updatedAt: Date.now() });
  await ctx.db.patch("event_tabs", tab._id, balances);
}

export async function deleteExpense(ctx: MutationCtx, expense: ExpenseDoc) {
  const tab = await getOrCreateTab(ctx, expense.eventId);
  const balances = await new BalanceChanges().expense(expense, -1).apply(ctx, tab);
  await ctx.db.delete("tab_expenses", expense._id);
  await ctx.db.patch("event_tabs", tab._id, {
    ...balances,
    expenseCount: Math.max(0, tab.expenseCount - 1),
  });
}

// ---------------------------------------------------------------- transfers

async function currentPlan(ctx: QueryCtx, eventId: Id<"events">, tab: TabDoc | null) {
  const rows = await balancesOf(ctx, eventId, tab);
  return { rows, plan: settlePlan(rows.map((row) => ({ userId: row.userId, net: netOf(row) }))) };
}

/**
 * Marks a transfer of the plan paid, by its payer or its payee, for its
 * amount or part of it: recorded, and both balances move. A transfer no
 * longer in the plan (marked by the other side meanwhile, or the tab
 * changed) is refused, so one payment is never counted twice.
 */
export async function markTransferPaid(
  ctx: MutationCtx,
  access: TabAccess,
  transfer: { from: Id<"users">; to: Id<"users">; amount: number },
) {
  const { event, viewerId } = access;
  if (transfer.from !== viewerId && transfer.to !== viewerId)
    throw appError("FORBIDDEN", TAB_MESSAGES.notYourTransfer);
  const amount = amountCheck(transfer.amount);
  if (!amount.ok) throw appError("VALIDATION", amount.message, { field: "amount" });
  const tab = await getOrCreateTab(ctx, event._id);
  const { plan } = await currentPlan(ctx, event._id, tab);
  const planned = plan.find((t) => t.from === transfer.from && t.to === transfer.to);
  if (planned === undefined || planned.amount < amount.minor)
    throw appError("VALIDATION", TAB_MESSAGES.transferNotInPlan);
  const balances = await new BalanceChanges()
    .add(transfer.from, "sent", amount.minor)
    .add(transfer.to, "received", amount.minor)
    .apply(ctx, tab);
  await ctx.db.insert("tab_settlements", {
    eventId: event._id,
    fromUserId: transfer.from,
    toUserId: transfer.to,
    amount: amount.minor,
    markedBy: viewerId,
  });
  await ctx.db.patch("event_tabs", tab._id, balances);
}

// ---------------------------------------------------------------- currency

/** A host's choice of currency, while the tab has no expense (amounts are never converted). */
export async function setTabCurrency(ctx: MutationCtx, access: TabAccess, currency: string) {
  if (!canEditEvent(access.participation)) throw appError("FORBIDDEN", TAB_MESSAGES.onlyHosts);
  if (!isTabCurrency(currency))
    throw appError("VALIDATION", TAB_MESSAGES.unknownCurrency, { field: "currency" });
  if (((await getTab(ctx, access.event._id))?.expenseCount ?? 0) > 0)
    throw appError("VALIDATION", TAB_MESSAGES.currencyLocked, { field: "currency" });
  await ctx.db.patch("events", access.event._id, { currency });
}

// ---------------------------------------------------------------- the morning after

/** Plans the recap with the first expense (once): the first 09:00 in the session's zone after its end. */
async function planRecap(ctx: MutationCtx, event: EventDoc, tab: TabDoc) {
  if (tab.recapJobId !== null || tab.recapSentAt !== null) return;
  const at = Math.max(Date.now(), tabRecapTime(event.endTime, event.timeZone));
  const jobId = await ctx.scheduler.runAt(at, internal.tab.sendRecap, { eventId: event._id });
  await ctx.db.patch("event_tabs", tab._id, { recapJobId: jobId });
}

/**
 * The morning after: each person the plan still has a transfer for hears it
 * in the bell ('You owe Sam €12.50') and by e-mail as their session-reminder
 * preference says. A session moved later plans it again; a session gone, or
 * a recap already sent, does nothing.
 */
export async function sendRecap(ctx: MutationCtx, eventId: Id<"events">) {
  const event = await ctx.db.get("events", eventId);
  const tab = await getTab(ctx, eventId);
  if (event === null || tab === null || tab.recapSentAt !== null) return;
  const due = tabRecapTime(event.endTime, event.timeZone);
  if (Date.now() < due) {
    await cancelIfPending(ctx, tab.recapJobId);
    const jobId = await ctx.scheduler.runAt(due, internal.tab.sendRecap, { eventId });
    await ctx.db.patch("event_tabs", tab._id, { recapJobId: jobId });
    return;
  }
  await ctx.db.patch("event_tabs", tab._id, { recapJobId: null, recapSentAt: Date.now() });
  const { rows, plan } = await currentPlan(ctx, eventId, tab);
  const names = new Map(
    rows.map((row) => [row.userId, row.name ?? fallbackDisplayName(row.userId)]),
  );
  const named = plan.map((t) => ({ ...t, fromName: names.get(t.from)!, toName: names.get(t.to)! }));
  const currency = tabCurrencyOf(event);
  const details = eventEmailDetails(event);
  for (const row of rows) {
    const line = recapLine(named, row.userId, currency);
    if (line === null) continue;
    const texts = NOTIFICATION_TEXTS.tabRecap(event.title, line);
    await createNotification(ctx, {
      userId: row.userId,
      type: "tab_recap",
      ...texts,
      data: eventNotificationData(event),
      eventId,
    });
    await queueEmailToUser(ctx, row.userId, {
      category: "event_reminder",
      template: "tab_recap",
      props: () => Promise.resolve({ ...details, line }),
      data: { event_id: event._id, event_title: event.title },
      digest: {
        category: "event_reminder",
        title: texts.title,
        detail: line,
        url: details.eventUrl,
        expiresAt: null,
      },
    });
  }
}

// ---------------------------------------------------------------- clean-up

/** Deleting a session: its tab's expenses, transfers, balances and tab row (EVENT_CLEANUPS steps). */
export const deleteExpensesOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("tab_expenses")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("tab_expenses", row._id);
  return rows.length;
};

export const deleteSettlementsOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("tab_settlements")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("tab_settlements", row._id);
  return rows.length;
};

export const deleteBalancesOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("tab_balances")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("tab_balances", row._id);
  const tab = await getTab(ctx, eventId);
  if (tab !== null && rows.length < limit) {
    await cancelIfPending(ctx, tab.recapJobId);
    await ctx.db.delete("event_tabs", tab._id);
  }
  return rows.length;
};

/** Names refreshed (on rename) or cleared (account deleted) per mutation; the rest scheduled. */
export const TAB_NAME_BATCH = 100;

/**
 * The person's name on every tab they are on: their new display name, or
 * null once their account is deleted (the tab then calls them 'User 1a2b').
 * Their balances stay: the others' money really changed hands. A batch now,
 * the rest in scheduled batches after `cursor`.
 */
export async function renameOnTabs(
  ctx: MutationCtx,
  userId: Id<"users">,
  name: string | null,
  after = 0,
): Promise<void> {
  const rows = await ctx.db
    .query("tab_balances")
    .withIndex("by_user", (q) => q.eq("userId", userId).gt("_creationTime", after))
    .take(TAB_NAME_BATCH);
  for (const row of rows) {
    if (row.name === name) continue;
    await ctx.db.patch("tab_balances", row._id, { name });
    const tab = await getTab(ctx, row.eventId);
    if (tab?.balances !== undefined)
      await ctx.db.patch("event_tabs", tab._id, {
        balances: tab.balances.map((balance) =>
          balance.userId === userId ? { ...balance, name } : balance,
        ),
      });
  }
  if (rows.length === TAB_NAME_BATCH)
    await ctx.scheduler.runAfter(0, internal.tab.renameOnTabs, {
      userId,
      name,
      after: rows[rows.length - 1]._creationTime,
    });
}

/** Deleting an account (an ACCOUNT_CLEANUPS entry): the tabs keep their numbers, without the name. */
export const forgetNameOnTabs: AccountCleanup = async (ctx, userId) => {
  await renameOnTabs(ctx, userId, null);
};

/** After a profile's names changed: the tabs show the new display name. */
export async function afterNameChanged(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  await renameOnTabs(ctx, userId, await nameOf(ctx, userId));
}
