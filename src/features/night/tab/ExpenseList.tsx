import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { TAB_EXPENSES_PAGE_SIZE, formatMoney, type TabCurrency } from "@shared/tabRules";
import { Button } from "@/components/ui/Button";
import { WaitingMark } from "@/components/ui/WaitingMark";
import { unsentCalls } from "@/lib/offline/outbox/unsentCalls";
import { useQueuedCalls } from "@/lib/offline/outbox/useOutbox";
import { useCachedPaginatedQuery } from "@/lib/offline/useCachedQuery";
import type { EditedExpense } from "./types";

/**
 * The tab's expenses, newest first, 20 a page, live; the viewer's expenses still in the
 * outbox (added offline) on top with their "waiting to send" mark, until the server's copy of
 * each is in the list.
 */
export function ExpenseList({
  eventId,
  viewerId,
  currency,
  nameOf,
  onEdit,
}: {
  eventId: Id<"events">;
  viewerId: Id<"users">;
  currency: TabCurrency;
  nameOf: Map<string, string>;
  onEdit: (expense: EditedExpense) => void;
}) {
  const expenses = useCachedPaginatedQuery(
    api.tab.expenses,
    { eventId },
    { initialNumItems: TAB_EXPENSES_PAGE_SIZE },
  );
  const queued = unsentCalls(
    useQueuedCalls(api.tab.add, (args) => args.eventId === eventId),
    expenses.results.filter((expense) => expense.addedBy === viewerId),
    // The server tidies the words (spaces, marks): the amount and who paid tell them apart.
    (expense, call) => expense.amount === call.args.amount && expense.paidBy === call.args.paidBy,
  );
  const name = (userId: string) => nameOf.get(userId) ?? "Someone";
  if (expenses.results.length + queued.length === 0) return null;

  return (
    <div>
      <h3 className="mb-2 text-sm font-bold tracking-wide text-cream-300 uppercase">Expenses</h3>
      <ul className="flex flex-col divide-y divide-night-700" aria-label="Expenses">
        {queued.map((call) => (
          <li key={call.key} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate font-semibold text-cream-50">{call.args.description}</p>
              <WaitingMark />
            </div>
            <span className="shrink-0 font-semibold tabular-nums">
              {formatMoney(call.args.amount, currency)}
            </span>
          </li>
        ))}
        {expenses.results.map((expense) => (
          <li key={expense.expenseId} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate font-semibold text-cream-50">{expense.description}</p>
              <p className="text-sm text-cream-300">
                {name(expense.paidBy)} paid ·{" "}
                {expense.shares.length === 1 ? "1 person" : `${expense.shares.length} people`}
                {expense.split === "exact" ? ", exact amounts" : ""}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <span className="font-semibold tabular-nums">
                {formatMoney(expense.amount, currency)}
              </span>
              {expense.canChange && (
                <Button
                  variant="ghost"
                  size="md"
                  aria-label={`Edit ${expense.description}`}
                  onClick={() => onEdit(expense)}
                >
                  Edit
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {expenses.status === "CanLoadMore" && (
        <Button
          variant="secondary"
          size="md"
          className="mt-3 w-full"
          onClick={() => expenses.loadMore(TAB_EXPENSES_PAGE_SIZE)}
        >
          Show more expenses
        </Button>
      )}
    </div>
  );
}
