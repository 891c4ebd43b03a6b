import { useMutation } from "convex/react";
import { useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { appErrorData, errorMessage } from "@shared/errors";
import {
  TAB_DESCRIPTION_MAX_LENGTH,
  TAB_MESSAGES,
  amountInputValue,
  checkExpense,
  formatMoney,
  isTabCurrency,
  parseAmount,
  type TabCurrency,
  type TabSplit,
} from "@shared/tabRules";
import { Button } from "@/components/ui/Button";
import { Field, inputStyles } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { cn } from "@/lib/cn";
import { useQueuedMutation } from "@/lib/offline/outbox/useOutbox";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { toast } from "@/lib/toast";
import type { EditedExpense, TabView } from "./types";

type Props = {
  open: boolean;
  onClose: () => void;
  eventId: Id<"events">;
  tab: TabView;
  /** The people going (undefined while loading). */
  going: readonly Person[] | undefined;
  /** The expense edited; null adds one. */
  expense: EditedExpense | null;
};

/**
 * Add or edit an expense: what, how much, who paid, who shares it (everyone going by default)
 * and how (equally, or exact amounts that must add up). Adding is queued when offline; editing
 * and deleting need the connection.
 */
export function ExpenseDialog(props: Props) {
  // A fresh form each time the dialog opens.
  const [openings, setOpenings] = useState(0);
  const [wasOpen, setWasOpen] = useState(false);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpenings(openings + 1);
  }
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={props.expense === null ? "Add an expense" : "Edit the expense"}
    >
      <ExpenseForm key={openings} {...props} />
    </Modal>
  );
}

type Person = { userId: Id<"users">; name: string };

function ExpenseForm({ onClose, eventId, tab, going, expense }: Props) {
  const currency: TabCurrency = isTabCurrency(tab.currency) ? tab.currency : "EUR";
  const people = choosablePeople(going ?? [], tab, expense);
  const goingIds = (going ?? []).map((person) => person.userId);

  const [description, setDescription] = useState(expense?.description ?? "");
  const [amountText, setAmountText] = useState(
    expense === null ? "" : amountInputValue(expense.amount, currency),
  );
  const [paidBy, setPaidBy] = useState<Id<"users"> | null>(expense?.paidBy ?? null);
  const [split, setSplit] = useState<TabSplit>(expense?.split ?? "equal");
  // null: not touched yet, so everyone going (once loaded) shares a new expense.
  const [chosen, setChosen] = useState<Set<Id<"users">> | null>(
    expense === null ? null : new Set(expense.shares.map((share) => share.userId)),
  );
  const [exact, setExact] = useState<Record<string, string>>(
    Object.fromEntries(
      (expense?.shares ?? []).map((share) => [
        share.userId,
        amountInputValue(share.amount, currency),
      ]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const add = useQueuedMutation(api.tab.add);
  const update = useMutation(api.tab.update);
  const remove = useMutation(api.tab.remove);
  const network = useNetworkNeeded(expense === null ? "adding" : "saving the expense", busy);

  const sharers = chosen ?? new Set(goingIds);
  const payer = paidBy ?? (goingIds.includes(tab.viewerId) ? tab.viewerId : (goingIds[0] ?? null));
  const amount = parseAmount(amountText, currency);
  const exactSum = [...sharers].reduce((sum, id) => {
    const share = parseAmount(exact[id] ?? "", currency);
    return sum + (share.ok ? share.minor : 0);
  }, 0);

  function toggle(userId: Id<"users">) {
    const next = new Set(sharers);
    if (next.has(userId)) next.delete(userId);
    else next.add(userId);
    setChosen(next);
  }

  /** The arguments, or the problems at their fields. */
  function argsOrErrors() {
    const problems: Record<string, string> = {};
    if (!amount.ok) problems.amount = amount.message;
    const shares = people
      .filter((person) => sharers.has(person.userId))
      .map((person) => {
        if (split === "equal") return { userId: person.userId };
        const share = parseAmount(exact[person.userId] ?? "", currency);
        if (!share.ok) problems.shares ??= `${person.name}: ${share.message}`;
        return { userId: person.userId, amount: share.ok ? share.minor : 0 };
      });
    if (payer === null) problems.paidBy = "Choose who paid";
    const args = {
      description,
      amount: amount.ok ? amount.minor : 0,
      currency,
      split,
      paidBy: payer,
      shares,
    };
    if (Object.keys(problems).length === 0) {
      const check = checkExpense(args, currency);
      if (!check.ok) problems[check.field] = check.message;
    }
    return Object.keys(problems).length > 0 ? { problems } : { args };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = argsOrErrors();
    setErrors(result.problems ?? {});
    if (result.args === undefined) return;
    if (expense === null) {
      // Kept on the device first: a tap in a bar with no signal goes out when it is back.
      onClose();
      await add({ eventId, ...result.args });
      toast.success(TAB_MESSAGES.added);
      return;
    }
    if (network.blocked) return;
    setBusy(true);
    try {
      await update({ expenseId: expense.expenseId, ...result.args });
      toast.success(TAB_MESSAGES.saved);
      onClose();
    } catch (error) {
      const data = appErrorData(error);
      if (data?.field !== undefined) setErrors({ [data.field]: data.message });
      else toast.error(errorMessage(error, "Could not save the expense"));
    } finally {
      setBusy(false);
    }
  }

  async function deleteIt() {
    if (expense === null || network.blocked) return;
    if (!confirmDelete) {
      setConfirmDelete(true);
      return;
    }
    setBusy(true);
    try {
      await remove({ expenseId: expense.expenseId });
      toast.success(TAB_MESSAGES.deleted);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, "Could not delete the expense"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-5" noValidate>
      <Field
        label="What"
        error={errors.description}
        counter={{ used: description.length, max: TAB_DESCRIPTION_MAX_LENGTH }}
      >
        {(control) => (
          <input
            {...control}
            className={inputStyles}
            value={description}
            placeholder="Round at the Crown"
            maxLength={TAB_DESCRIPTION_MAX_LENGTH + 20}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </Field>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-3">
        <Field label={`Amount (${currency})`} error={errors.amount ?? errors.currency}>
          {(control) => (
            <input
              {...control}
              className={inputStyles}
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              placeholder={amountInputValue(1250, currency)}
              onChange={(event) => setAmountText(event.target.value)}
            />
          )}
        </Field>
        <Field label="Paid by" error={errors.paidBy}>
          {(control) => (
            <select
              {...control}
              className={inputStyles}
              value={payer ?? ""}
              onChange={(event) => setPaidBy(event.target.value as Id<"users">)}
            >
              {people.map((person) => (
                <option key={person.userId} value={person.userId}>
                  {person.userId === tab.viewerId ? `${person.name} (you)` : person.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-cream-200">Shared by</legend>
        <SegmentedControl
          label="How to split"
          value={split}
          onChange={setSplit}
          options={[
            { value: "equal", content: "Equally" },
            { value: "exact", content: "Exact amounts" },
          ]}
          optionClassName="h-11 flex-1 px-4 text-sm font-semibold"
        />
        <ul className="flex flex-col" aria-label="Who shares it">
          {people.map((person) => (
            <li key={person.userId} className="flex min-h-11 items-center justify-between gap-3">
              <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-amber"
                  checked={sharers.has(person.userId)}
                  onChange={() => toggle(person.userId)}
                />
                <span className="truncate text-cream-50">{person.name}</span>
              </label>
              {split === "exact" && sharers.has(person.userId) && (
                <input
                  aria-label={`${person.name}'s share`}
                  className={cn(inputStyles, "w-28 py-2 text-right")}
                  inputMode="decimal"
                  autoComplete="off"
                  value={exact[person.userId] ?? ""}
                  onChange={(event) => setExact({ ...exact, [person.userId]: event.target.value })}
                />
              )}
            </li>
          ))}
        </ul>
        {split === "exact" && amount.ok && (
          <p className="text-sm text-cream-300" aria-live="polite">
            {exactSum === amount.minor
              ? "The shares add up."
              : `${formatMoney(amount.minor - exactSum, currency)} left to share out`}
          </p>
        )}
        {errors.shares && <p className="text-sm font-medium text-red-300">{errors.shares}</p>}
        {errors.split && <p className="text-sm font-medium text-red-300">{errors.split}</p>}
      </fieldset>
      <div className="flex flex-col gap-3">
        <Button
          type="submit"
          size="lg"
          disabled={busy}
          {...(expense === null ? {} : network.control)}
        >
          {expense === null ? "Add expense" : network.busyLabel(busy ? "Saving…" : "Save")}
        </Button>
        {expense !== null && (
          <Button
            variant={confirmDelete ? "danger" : "ghost"}
            size="md"
            disabled={busy}
            onClick={() => void deleteIt()}
            {...network.control}
          >
            {confirmDelete ? "Tap again to delete" : "Delete expense"}
          </Button>
        )}
        {expense !== null && <NeedsNetworkNote need={network} />}
      </div>
    </form>
  );
}

/**
 * Who the form offers: the people going, and for an edit also whoever is on the expense
 * already (someone who left stays on what they shared).
 */
function choosablePeople(
  going: readonly Person[],
  tab: TabView,
  expense: EditedExpense | null,
): Person[] {
  const people = new Map(going.map((person) => [person.userId, person]));
  if (expense !== null) {
    const onTab = new Map(tab.people.map((person) => [person.userId, person.name]));
    for (const userId of [expense.paidBy, ...expense.shares.map((share) => share.userId)]) {
      if (!people.has(userId)) people.set(userId, { userId, name: onTab.get(userId) ?? "Someone" });
    }
  }
  return [...people.values()];
}
