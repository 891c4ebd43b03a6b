/**
 * The tab: expenses shared by the people going to a session, each person's
 * balance and the settle-up plan. Money is always an integer count of the
 * currency's minor unit (cents, pence; yen have none), never a float: amounts
 * typed in are parsed to minor units, splits and plans work in integers, and
 * `Intl.NumberFormat` shows them. Who may do what, the limits and the
 * messages live here too. Pure: the expense form and the server use the same
 * checks.
 */
import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns";
import { canEditEvent, isAttendee, type Participation } from "./eventAccess";
import { cleanUserText, textLength } from "./userText";

// ---------------------------------------------------------------- currencies

/** The currencies a tab may be kept in, with how many minor-unit digits each has (ISO 4217). */
export const TAB_CURRENCIES = {
  EUR: 2,
  GBP: 2,
  USD: 2,
  CHF: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  ISK: 0,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  JPY: 0,
  KRW: 0,
  INR: 2,
  BRL: 2,
  MXN: 2,
  ZAR: 2,
} as const;
export type TabCurrency = keyof typeof TAB_CURRENCIES;
export const TAB_CURRENCY_CODES = Object.keys(TAB_CURRENCIES) as TabCurrency[];

/** A session created before the tab existed, or by a host whose locale names no supported currency. */
export const FALLBACK_TAB_CURRENCY: TabCurrency = "EUR";

export function isTabCurrency(code: unknown): code is TabCurrency {
  return typeof code === "string" && Object.hasOwn(TAB_CURRENCIES, code);
}

function minorDigitsOf(currency: TabCurrency): number {
  return TAB_CURRENCIES[currency];
}

const EURO_REGIONS =
  "AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK";
const REGION_CURRENCY: Record<string, TabCurrency> = {
  ...Object.fromEntries(EURO_REGIONS.split(" ").map((region) => [region, "EUR" as const])),
  GB: "GBP",
  US: "USD",
  CH: "CHF",
  LI: "CHF",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  IS: "ISK",
  PL: "PLN",
  CZ: "CZK",
  HU: "HUF",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  JP: "JPY",
  KR: "KRW",
  IN: "INR",
  BR: "BRL",
  MX: "MXN",
  ZA: "ZAR",
};

/** The currency a locale's region uses ('en-GB' → GBP, 'de' → EUR); the fallback when unknown. */
export function currencyForLocale(locale: string | undefined): TabCurrency {
  try {
    const region = locale === undefined ? undefined : new Intl.Locale(locale).maximize().region;
    return (region !== undefined ? REGION_CURRENCY[region] : undefined) ?? FALLBACK_TAB_CURRENCY;
  } catch {
    return FALLBACK_TAB_CURRENCY;
  }
}

// ---------------------------------------------------------------- limits and messages

/** One expense at most (in minor units): 100,000.00 in a two-digit currency; beyond is a typo. */
export const TAB_MAX_AMOUNT = 10_000_000;
export const TAB_DESCRIPTION_MAX_LENGTH = 80;
/** People on one expense, and on one tab (balances are read in one go, so the tab is bounded). */
const TAB_SHARERS_MAX = 100;
export const TAB_PEOPLE_MAX = 100;
export const TAB_EXPENSES_PAGE_SIZE = 20;
export const TAB_EXPENSES_PAGE_MAX = 50;
/** The morning-after recap goes at this local hour, after the session ended. */
const TAB_RECAP_HOUR = 9;

export const TAB_SPLITS = ["equal", "exact"] as const;
export type TabSplit = (typeof TAB_SPLITS)[number];

export const TAB_MESSAGES = {
  title: "Tab",
  onlyGoing: "Only people going can add to the tab",
  notAllowedToChange: "Only who added or paid an expense, or a host, can change it",
  onlyHosts: "Only the host and co-hosts can change the tab's currency",
  currencyLocked: "The currency can change only before the first expense",
  expenseNotFound: "This expense no longer exists",
  descriptionRequired: "Say what it was for",
  descriptionTooLong: `Keep it under ${TAB_DESCRIPTION_MAX_LENGTH} characters`,
  amountRequired: "Enter an amount",
  amountInvalid: "Enter an amount like 12.50",
  amountTooManyDecimals: "Too many decimals for this currency",
  amountNotPositive: "The amount must be more than zero",
  amountNotWhole: "Amounts are whole numbers of the currency's smallest unit",
  amountTooLarge: "That amount is too large for one expense",
  unknownCurrency: "Unknown currency",
  wrongCurrency: "This tab is kept in another currency",
  unknownSplit: "Choose an equal split or exact amounts",
  sharersRequired: "Choose who shares it",
  tooManySharers: `At most ${TAB_SHARERS_MAX} people can share one expense`,
  duplicateSharer: "Each person shares once",
  sharesDontAddUp: "The shares must add up to the amount",
  shareNotPositive: "Each share must be more than zero",
  notGoing: "Everyone on an expense must be going",
  tabFull: `A tab holds at most ${TAB_PEOPLE_MAX} people`,
  notYourTransfer: "Only who pays or who is paid can mark a transfer paid",
  transferNotInPlan: "This transfer is no longer in the plan",
  added: "Expense added",
  saved: "Expense saved",
  deleted: "Expense deleted",
  paid: "Marked paid",
  settled: "All settled up 🎉",
  empty: "No expenses yet. Add the first round!",
  leftButOnTab:
    "You're not going any more: your expenses and balance stay on the tab until it's settled.",
} as const;

// ---------------------------------------------------------------- who may

/** Who sees the tab: people going, the hosts, and anyone still on it (who left keeps their balance). */
export function canSeeTab(p: Participation, onTab: boolean): boolean {
  return onTab || isAttendee(p) || canEditEvent(p);
}

/** Who may add an expense: people going and the hosts. */
export function canAddExpense(p: Participation): boolean {
  return isAttendee(p) || canEditEvent(p);
}

/** Who may edit or delete an expense: whoever added it or paid it, and the hosts. */
export function canChangeExpense(
  p: Participation,
  viewerId: string,
  expense: { addedBy: string; paidBy: string },
): boolean {
  return expense.addedBy === viewerId || expense.paidBy === viewerId || canEditEvent(p);
}

// ---------------------------------------------------------------- amounts

type AmountResult = { ok: true; minor: number } | { ok: false; message: string };

/**
 * An amount as typed ('12.5', '12,50', '1 200') in minor units of `currency`,
 * or why not. Integer arithmetic on the digits: no float ever holds money.
 */
export function parseAmount(value: string, currency: TabCurrency): AmountResult {
  const digits = minorDigitsOf(currency);
  const text = value.replace(/[\s\u00a0\u202f]/g, "");
  if (text === "") return { ok: false, message: TAB_MESSAGES.amountRequired };
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text);
  if (match === null) return { ok: false, message: TAB_MESSAGES.amountInvalid };
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return { ok: false, message: TAB_MESSAGES.amountTooManyDecimals };
  const whole = match[1].replace(/^0+(?=\d)/, "");
  if (whole.length > 12) return { ok: false, message: TAB_MESSAGES.amountTooLarge };
  const minor = Number(whole + fraction.padEnd(digits, "0"));
  return amountCheck(minor);
}

/** An amount in minor units: a positive integer up to TAB_MAX_AMOUNT, or why not. */
export function amountCheck(minor: number): AmountResult {
  if (!Number.isFinite(minor) || !Number.isInteger(minor))
    return { ok: false, message: TAB_MESSAGES.amountNotWhole };
  if (minor <= 0) return { ok: false, message: TAB_MESSAGES.amountNotPositive };
  if (minor > TAB_MAX_AMOUNT) return { ok: false, message: TAB_MESSAGES.amountTooLarge };
  return { ok: true, minor };
}

/** Minor units as the form shows them for editing ('12.50'), no grouping or symbol. */
export function amountInputValue(minor: number, currency: TabCurrency): string {
  const digits = minorDigitsOf(currency);
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  return `${minor < 0 ? "-" : ""}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** '€12.50', '-£3.00', '¥1,200' in `locale`. The one place minor units become a decimal, for display only. */
export function formatMoney(minor: number, currency: TabCurrency, locale?: string): string {
  const digits = minorDigitsOf(currency);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

// ---------------------------------------------------------------- splitting

type Share<U extends string = string> = { userId: U; amount: number };

/**
 * `total` split equally between `userIds`: each gets the floor of the
 * quotient and the remainder goes one unit each to the first people in id
 * order, so the shares always add up exactly and the same input gives the
 * same split whatever order the ids came in.
 */
export function splitEqually<U extends string>(total: number, userIds: readonly U[]): Share<U>[] {
  const ids = [...userIds].sort(compareIds);
  const base = Math.floor(total / ids.length);
  const remainder = total - base * ids.length;
  return ids.map((userId, index) => ({ userId, amount: base + (index < remainder ? 1 : 0) }));
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export type ExpenseInput<U extends string = string> = {
  description: string;
  amount: number;
  currency: string;
  split: string;
  /** Equal split: the amounts are ignored. Exact: each person's amount in minor units. */
  shares: ReadonlyArray<{ userId: U; amount?: number }>;
};

type CheckedExpense<U extends string = string> = {
  description: string;
  amount: number;
  currency: TabCurrency;
  split: TabSplit;
  shares: Share<U>[];
};

type ExpenseCheck<U extends string = string> =
  { ok: true; expense: CheckedExpense<U> } | { ok: false; field: string; message: string };

/**
 * An expense as the form sends it, checked and with its shares worked out
 * (equal: `splitEqually`; exact: each positive and all adding up to the amount),
 * or the first problem with the field it belongs to.
 */
export function checkExpense<U extends string>(
  input: ExpenseInput<U>,
  tabCurrency: TabCurrency,
): ExpenseCheck<U> {
  const fail = (field: string, message: string) => ({ ok: false as const, field, message });
  const cleaned = cleanUserText(input.description);
  if (!cleaned.ok) return fail("description", cleaned.message);
  if (cleaned.text === "") return fail("description", TAB_MESSAGES.descriptionRequired);
  if (textLength(cleaned.text) > TAB_DESCRIPTION_MAX_LENGTH)
    return fail("description", TAB_MESSAGES.descriptionTooLong);
  if (!isTabCurrency(input.currency)) return fail("currency", TAB_MESSAGES.unknownCurrency);
  if (input.currency !== tabCurrency) return fail("currency", TAB_MESSAGES.wrongCurrency);
  const amount = amountCheck(input.amount);
  if (!amount.ok) return fail("amount", amount.message);
  if (input.split !== "equal" && input.split !== "exact")
    return fail("split", TAB_MESSAGES.unknownSplit);
  if (input.shares.length === 0) return fail("shares", TAB_MESSAGES.sharersRequired);
  if (input.shares.length > TAB_SHARERS_MAX) return fail("shares", TAB_MESSAGES.tooManySharers);
  const ids = input.shares.map((share) => share.userId);
  if (new Set(ids).size !== ids.length) return fail("shares", TAB_MESSAGES.duplicateSharer);
  let shares: Share<U>[];
  if (input.split === "equal") {
    shares = splitEqually(amount.minor, ids);
    if (shares.some((share) => share.amount <= 0))
      return fail("shares", TAB_MESSAGES.shareNotPositive);
  } else {
    shares = [];
    for (const share of input.shares) {
      const check = amountCheck(share.amount ?? Number.NaN);
      if (!check.ok)
        return fail(
          "shares",
          check.message === TAB_MESSAGES.amountNotPositive
            ? TAB_MESSAGES.shareNotPositive
            : check.message,
        );
      shares.push({ userId: share.userId, amount: check.minor });
    }
    const sum = shares.reduce((total, share) => total + share.amount, 0);
    if (sum !== amount.minor) return fail("shares", TAB_MESSAGES.sharesDontAddUp);
  }
  return {
    ok: true,
    expense: {
      description: cleaned.text,
      amount: amount.minor,
      currency: input.currency,
      split: input.split,
      shares,
    },
  };
}

// ---------------------------------------------------------------- balances and the plan

/** A person's standing on the tab, all in minor units. */
export type BalanceParts = {
  /** Expenses they paid. */
  paid: number;
  /** Their shares of expenses. */
  owed: number;
  /** Transfers they paid to others (marked paid). */
  sent: number;
  /** Transfers others paid them. */
  received: number;
};

/** What they are owed (positive) or owe (negative). The sum over a tab is always zero. */
export function netOf(parts: BalanceParts): number {
  return parts.paid - parts.owed + parts.sent - parts.received;
}

type Transfer<U extends string = string> = { from: U; to: U; amount: number };

/**
 * The settle-up plan: who pays whom how much so that every balance reaches
 * zero. A greedy cash flow: debtors and creditors each in id order, the
 * current debtor pays the current creditor whichever is smaller of what is
 * left of each, until nothing is left. Each step clears at least one person,
 * so n people need at most n−1 transfers. The order does not depend on the
 * amounts, so paying one transfer (in full or in part) leaves every other
 * transfer of the plan as it was: people in a bar settling one by one never
 * see the rest of the plan reshuffled. Integers in, integers out. Throws when
 * the balances do not sum to zero (a bug, never a user's mistake).
 */
export function settlePlan<U extends string>(
  balances: ReadonlyArray<{ userId: U; net: number }>,
): Transfer<U>[] {
  const sum = balances.reduce((total, balance) => total + balance.net, 0);
  if (sum !== 0) throw new Error(`Balances sum to ${sum}, not zero`);
  const byId = (a: { userId: U }, b: { userId: U }) => compareIds(a.userId, b.userId);
  const debtors = balances
    .filter((b) => b.net < 0)
    .map((b) => ({ userId: b.userId, left: -b.net }))
    .sort(byId);
  const creditors = balances
    .filter((b) => b.net > 0)
    .map((b) => ({ userId: b.userId, left: b.net }))
    .sort(byId);
  const transfers: Transfer<U>[] = [];
  let d = 0;
  let c = 0;
  while (d < debtors.length && c < creditors.length) {
    const debtor = debtors[d];
    const creditor = creditors[c];
    const amount = Math.min(debtor.left, creditor.left);
    transfers.push({ from: debtor.userId, to: creditor.userId, amount });
    debtor.left -= amount;
    creditor.left -= amount;
    if (debtor.left === 0) d += 1;
    if (creditor.left === 0) c += 1;
  }
  return transfers;
}

// ---------------------------------------------------------------- the morning after

/** When the recap goes: the first TAB_RECAP_HOUR (09:00) in the session's zone after it ended. */
export function tabRecapTime(endTime: number, timeZone: string): number {
  const end = new TZDate(endTime, timeZone);
  const morning = new TZDate(
    end.getFullYear(),
    end.getMonth(),
    end.getDate(),
    TAB_RECAP_HOUR,
    0,
    0,
    timeZone,
  );
  return (morning.getTime() <= endTime ? addDays(morning, 1) : morning).getTime();
}

/**
 * What the morning-after recap tells one person from the plan: 'You owe Sam
 * €12.50', 'Sam owes you €12.50', several joined with ' and '; null when
 * they are square.
 */
export function recapLine(
  transfers: ReadonlyArray<{
    from: string;
    to: string;
    amount: number;
    fromName: string;
    toName: string;
  }>,
  userId: string,
  currency: TabCurrency,
  locale?: string,
): string | null {
  const owes = transfers
    .filter((t) => t.from === userId)
    .map((t) => `${t.toName} ${formatMoney(t.amount, currency, locale)}`);
  const owed = transfers
    .filter((t) => t.to === userId)
    .map((t) => `${t.fromName} (${formatMoney(t.amount, currency, locale)})`);
  const parts: string[] = [];
  if (owes.length > 0) parts.push(`You owe ${owes.join(" and ")}`);
  if (owed.length > 0)
    parts.push(`${owes.length > 0 ? "you're owed by" : "You're owed by"} ${owed.join(" and ")}`);
  return parts.length === 0 ? null : parts.join("; ");
}
