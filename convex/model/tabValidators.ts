/**
 * The shapes of the tab's queries (./tab.ts) as `returns:` validators: the
 * tab with its people and plan, an expense of the list, a person going.
 */
import { v } from "convex/values";
import { doc } from "convex-helpers/validators";
import schema from "../schema";

const expense = doc(schema, "tab_expenses").fields;

const tabPerson = v.object({
  userId: v.id("users"),
  name: v.string(),
  paid: v.number(),
  owed: v.number(),
  net: v.number(),
});

const planTransfer = v.object({
  from: v.id("users"),
  to: v.id("users"),
  amount: v.number(),
  canMarkPaid: v.boolean(),
});

/** `tabView`: null when the viewer may not see the tab (or there is no such session). */
export const tabValidator = v.union(
  v.null(),
  v.object({
    eventId: v.id("events"),
    viewerId: v.id("users"),
    currency: v.string(),
    currencyChosen: v.boolean(),
    expenseCount: v.number(),
    canAddExpense: v.boolean(),
    canChangeCurrency: v.boolean(),
    people: v.array(tabPerson),
    plan: v.array(planTransfer),
  }),
);

/** An expense of the list (`expensesPage`). */
export const expenseValidator = v.object({
  expenseId: v.id("tab_expenses"),
  description: expense.description,
  amount: expense.amount,
  currency: expense.currency,
  split: expense.split,
  paidBy: expense.paidBy,
  addedBy: expense.addedBy,
  shares: expense.shares,
  createdAt: v.number(),
  canChange: v.boolean(),
});

/** Someone who can be on an expense (`goingPeople`). */
export const goingPersonValidator = v.object({ userId: v.id("users"), name: v.string() });
