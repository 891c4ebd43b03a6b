import { useMutation } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { errorMessage } from "@shared/errors";
import {
  TAB_CURRENCY_CODES,
  TAB_MESSAGES,
  currencyForLocale,
  formatMoney,
  isTabCurrency,
  type TabCurrency,
} from "@shared/tabRules";
import { Button } from "@/components/ui/Button";
import { inputStyles } from "@/components/ui/Field";
import { SectionCard } from "@/components/ui/SectionCard";
import { WaitingMark } from "@/components/ui/WaitingMark";
import { cn } from "@/lib/cn";
import { lazyDialog, preloadOnIntent } from "@/lib/lazyDialog";
import { useQueuedCalls, useQueuedMutation, useWaitingMark } from "@/lib/offline/outbox/useOutbox";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { toast } from "@/lib/toast";
import { ExpenseList } from "./ExpenseList";
import type { EditedExpense, TabView } from "./types";

const ExpenseDialog = lazyDialog(() => import("./ExpenseDialog"), "ExpenseDialog");

/**
 * The session's tab: each person's balance, the settle-up plan (a transfer marked paid by
 * either side, queued when offline) and the expenses, live for everyone on it. Nothing shows
 * for who may not see it (the server answers null).
 */
export function TabSection({ eventId }: { eventId: Id<"events"> }) {
  const tab = useCachedQuery(api.tab.get, { eventId });
  // Read ahead (and kept on the device) for those who may add, so the form opens offline.
  const going = useCachedQuery(api.tab.people, tab?.canAddExpense ? { eventId } : "skip");
  const [editing, setEditing] = useState<EditedExpense | "new" | null>(null);
  if (tab === undefined || tab === null) return null;
  const currency: TabCurrency = isTabCurrency(tab.currency) ? tab.currency : "EUR";
  const nameOf = new Map(tab.people.map((person) => [person.userId, person.name]));

  return (
    <SectionCard
      title={TAB_MESSAGES.title}
      id="tab"
      action={
        tab.canAddExpense && (
          <Button size="md" onClick={() => setEditing("new")} {...preloadOnIntent(ExpenseDialog)}>
            Add expense
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-6">
        <CurrencySetting tab={tab} />
        {!tab.canAddExpense && (
          <p className="text-sm text-cream-300">{TAB_MESSAGES.leftButOnTab}</p>
        )}
        {tab.people.length === 0 ? (
          <p className="text-cream-300">{TAB_MESSAGES.empty}</p>
        ) : (
          <>
            <Balances tab={tab} currency={currency} />
            <Plan tab={tab} currency={currency} nameOf={nameOf} />
          </>
        )}
        <ExpenseList
          eventId={eventId}
          viewerId={tab.viewerId}
          currency={currency}
          nameOf={nameOf}
          onEdit={(expense) => setEditing(expense)}
        />
      </div>
      <ExpenseDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        eventId={eventId}
        tab={tab}
        going={going?.people}
        expense={editing === "new" ? null : editing}
      />
    </SectionCard>
  );
}

/**
 * The tab's currency, a host's choice until the first expense. A host opening a tab whose
 * currency nobody chose sets it from their own locale (en-GB → GBP), once.
 */
function CurrencySetting({ tab }: { tab: TabView }) {
  const setCurrency = useMutation(api.tab.setCurrency);
  const defaulted = useRef(false);
  const { canChangeCurrency, currencyChosen, eventId } = tab;
  useEffect(() => {
    if (!canChangeCurrency || currencyChosen || defaulted.current) return;
    defaulted.current = true;
    const fromLocale = currencyForLocale(navigator.language);
    void setCurrency({ eventId, currency: fromLocale }).catch(() => undefined);
  }, [canChangeCurrency, currencyChosen, eventId, setCurrency]);
  if (!canChangeCurrency) return null;
  return (
    <label className="flex items-center justify-between gap-3 text-sm text-cream-200">
      <span>Currency (until the first expense)</span>
      <select
        className={cn(inputStyles, "w-32 py-2")}
        value={tab.currency}
        onChange={(event) => {
          setCurrency({ eventId, currency: event.target.value }).catch((error: unknown) =>
            toast.error(errorMessage(error, "Could not change the currency")),
          );
        }}
      >
        {TAB_CURRENCY_CODES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </label>
  );
}

function Balances({ tab, currency }: { tab: TabView; currency: TabCurrency }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-bold tracking-wide text-cream-300 uppercase">Balances</h3>
      <ul className="flex flex-col divide-y divide-night-700" aria-label="Balances">
        {tab.people.map((person) => (
          <li key={person.userId} className="flex items-center justify-between gap-3 py-2.5">
            <span className="min-w-0 truncate text-cream-50">
              {person.name}
              {person.userId === tab.viewerId && <span className="text-cream-400"> (you)</span>}
            </span>
            <span
              className={cn(
                "shrink-0 font-semibold tabular-nums",
                person.net > 0
                  ? "text-emerald-300"
                  : person.net < 0
                    ? "text-red-300"
                    : "text-cream-400",
              )}
            >
              {person.net === 0
                ? "Settled"
                : person.net > 0
                  ? `gets back ${formatMoney(person.net, currency)}`
                  : `owes ${formatMoney(-person.net, currency)}`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Plan({
  tab,
  currency,
  nameOf,
}: {
  tab: TabView;
  currency: TabCurrency;
  nameOf: Map<string, string>;
}) {
  const markPaid = useQueuedMutation(api.tab.markPaid);
  const queued = useQueuedCalls(api.tab.markPaid, (args) => args.eventId === tab.eventId);
  const waiting = useWaitingMark(queued);
  const isQueued = (from: string, to: string) =>
    queued.some((call) => call.args.from === from && call.args.to === to);
  const name = (userId: string) =>
    userId === tab.viewerId ? "You" : (nameOf.get(userId) ?? "Someone");

  return (
    <div>
      <h3 className="mb-2 text-sm font-bold tracking-wide text-cream-300 uppercase">Settle up</h3>
      {tab.plan.length === 0 ? (
        <p className="text-cream-200">{TAB_MESSAGES.settled}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Settle-up plan">
          {tab.plan.map((transfer) => {
            const sending = isQueued(transfer.from, transfer.to);
            const payee = transfer.to === tab.viewerId ? "you" : name(transfer.to);
            const text = `${name(transfer.from)} ${transfer.from === tab.viewerId ? "pay" : "pays"} ${payee} ${formatMoney(transfer.amount, currency)}`;
            return (
              <li
                key={`${transfer.from}-${transfer.to}`}
                className="flex items-center justify-between gap-3 rounded-2xl bg-night-900 px-4 py-2 ring-1 ring-night-700 ring-inset"
              >
                <span className="min-w-0 text-cream-50">{text}</span>
                {sending ? (
                  <span className="flex shrink-0 items-center gap-2 text-sm text-cream-300">
                    Paid {waiting && <WaitingMark />}
                  </span>
                ) : (
                  transfer.canMarkPaid && (
                    <Button
                      variant="secondary"
                      size="md"
                      className="shrink-0"
                      aria-label={`Mark paid: ${text}`}
                      onClick={() => {
                        const { from, to, amount } = transfer;
                        void markPaid({ eventId: tab.eventId, from, to, amount }).then(() =>
                          toast.success(TAB_MESSAGES.paid),
                        );
                      }}
                    >
                      Mark paid
                    </Button>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
