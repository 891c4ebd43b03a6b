/**
 * The tab of a session: its expenses, balances, settle-up plan and transfers
 * marked paid. Thin public functions over model/tab.ts (rules in
 * shared/tabRules.ts). Who may not see the tab gets `null` from the
 * queries, as for a session that does not exist.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";
import {
  addExpense,
  deleteExpense,
  expensesPage,
  getEventEnsuringTabViewer,
  getExpenseEnsuringChanger,
  getTabViewer,
  goingPeople,
  markTransferPaid,
  renameOnTabs as renameOnTabsNow,
  sendRecap as sendRecapNow,
  setTabCurrency,
  tabView,
  updateExpense,
} from "./model/tab";
import { expenseValidator, goingPersonValidator, tabValidator } from "./model/tabValidators";
import { runOnce } from "./model/idempotency";
import { getViewerId, requireViewerId } from "./model/viewer";
import { idempotencyKeyValidator } from "./schema";

const expenseArgs = {
  description: v.string(),
  /** Minor units of the currency (cents); checked to be a positive integer. */
  amount: v.number(),
  currency: v.string(),
  split: v.string(),
  paidBy: v.id("users"),
  shares: v.array(v.object({ userId: v.id("users"), amount: v.optional(v.number()) })),
};

/** The tab: currency, balances, the plan and what the viewer may do; null for who may not see it. */
export const get = query({
  args: { eventId: v.id("events") },
  returns: tabValidator,
  handler: async (ctx, { eventId }) => {
    const access = await getTabViewer(ctx, eventId, await getViewerId(ctx));
    return access === null ? null : await tabView(ctx, access);
  },
});

/** The tab's expenses, newest first (20 a page by default); an empty page for who may not see the tab. */
export const expenses = query({
  args: { eventId: v.id("events"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(expenseValidator),
  handler: async (ctx, { eventId, paginationOpts }) => {
    const access = await getTabViewer(ctx, eventId, await getViewerId(ctx));
    if (access === null) return { page: [], isDone: true, continueCursor: "" };
    return await expensesPage(ctx, access, paginationOpts);
  },
});

/** `{ people }`: the people going (who can be on an expense); null for who may not see the tab. */
export const people = query({
  args: { eventId: v.id("events") },
  returns: v.union(v.null(), v.object({ people: v.array(goingPersonValidator) })),
  handler: async (ctx, { eventId }) => {
    const access = await getTabViewer(ctx, eventId, await getViewerId(ctx));
    return access === null ? null : { people: await goingPeople(ctx, access) };
  },
});

/**
 * Adds an expense (people going and the hosts). Errors: NOT_AUTHENTICATED;
 * NOT_FOUND (no such session, or a private one the caller cannot see);
 * FORBIDDEN 'Only people going can add to the tab'; VALIDATION at the field
 * (description, amount, currency, split, shares, paidBy).
 */
export const add = mutation({
  args: { eventId: v.id("events"), ...expenseArgs, idempotencyKey: idempotencyKeyValidator },
  handler: async (ctx, { eventId, idempotencyKey, ...args }) => {
    const userId = await requireViewerId(ctx);
    return await runOnce(ctx, userId, idempotencyKey, "tab:add", async () => {
      const access = await getEventEnsuringTabViewer(ctx, eventId, userId);
      return { expenseId: await addExpense(ctx, access, args) };
    });
  },
});

/** Edits an expense (who added or paid it, or a host); the same checks as adding. */
export const update = mutation({
  args: { expenseId: v.id("tab_expenses"), ...expenseArgs },
  handler: async (ctx, { expenseId, ...args }) => {
    const userId = await requireViewerId(ctx);
    const { expense, access } = await getExpenseEnsuringChanger(ctx, expenseId, userId);
    await updateExpense(ctx, expense, access, args);
    return null;
  },
});

/** Deletes an expense (who added or paid it, or a host); the balances follow. */
export const remove = mutation({
  args: { expenseId: v.id("tab_expenses") },
  handler: async (ctx, { expenseId }) => {
    const userId = await requireViewerId(ctx);
    const { expense } = await getExpenseEnsuringChanger(ctx, expenseId, userId);
    await deleteExpense(ctx, expense);
    return null;
  },
});

/**
 * Marks a transfer of the plan paid, by its payer or payee. Errors:
 * FORBIDDEN 'Only who pays or who is paid can mark a transfer paid';
 * VALIDATION 'This transfer is no longer in the plan' or a bad amount.
 */
export const markPaid = mutation({
  args: {
    eventId: v.id("events"),
    from: v.id("users"),
    to: v.id("users"),
    amount: v.number(),
    idempotencyKey: idempotencyKeyValidator,
  },
  handler: async (ctx, { eventId, idempotencyKey, ...transfer }) => {
    const userId = await requireViewerId(ctx);
    return await runOnce(ctx, userId, idempotencyKey, "tab:markPaid", async () => {
      const access = await getEventEnsuringTabViewer(ctx, eventId, userId);
      await markTransferPaid(ctx, access, transfer);
      return null;
    });
  },
});

/** A host sets the tab's currency (ISO 4217, from the supported list) while it has no expense. */
export const setCurrency = mutation({
  args: { eventId: v.id("events"), currency: v.string() },
  handler: async (ctx, { eventId, currency }) => {
    const userId = await requireViewerId(ctx);
    const access = await getEventEnsuringTabViewer(ctx, eventId, userId);
    await setTabCurrency(ctx, access, currency);
    return null;
  },
});

/** The morning-after recap (scheduled with the first expense). */
export const sendRecap = internalMutation({
  args: { eventId: v.id("events") },
  handler: async (ctx, { eventId }) => {
    await sendRecapNow(ctx, eventId);
    return null;
  },
});

/** Continues writing a person's name on their tabs (after a rename, or null once the account is deleted). */
export const renameOnTabs = internalMutation({
  args: { userId: v.id("users"), name: v.union(v.string(), v.null()), after: v.number() },
  handler: async (ctx, { userId, name, after }) => {
    await renameOnTabsNow(ctx, userId, name, after);
    return null;
  },
});
