import { describe, expect, test } from "vitest";
import {
  TAB_MAX_AMOUNT,
  TAB_MESSAGES,
  amountInputValue,
  checkExpense,
  currencyForLocale,
  formatMoney,
  netOf,
  parseAmount,
  recapLine,
  settlePlan,
  tabRecapTime,
} from "./tabRules";

describe("amounts", () => {
  test("typed amounts become integer minor units", () => {
    expect(parseAmount("12.5", "EUR")).toEqual({ ok: true, minor: 1250 });
    expect(parseAmount("12,50", "EUR")).toEqual({ ok: true, minor: 1250 });
    expect(parseAmount(" 1 200 ", "JPY")).toEqual({ ok: true, minor: 1200 });
    expect(parseAmount("0.07", "GBP")).toEqual({ ok: true, minor: 7 });
    expect(parseAmount("0.1", "EUR")).toEqual({ ok: true, minor: 10 });
  });

  test("bad amounts are refused with a clear message", () => {
    expect(parseAmount("", "EUR")).toEqual({ ok: false, message: TAB_MESSAGES.amountRequired });
    expect(parseAmount("-3", "EUR")).toEqual({ ok: false, message: TAB_MESSAGES.amountInvalid });
    expect(parseAmount("1e3", "EUR")).toEqual({ ok: false, message: TAB_MESSAGES.amountInvalid });
    expect(parseAmount("1.234", "EUR")).toEqual({
      ok: false,
      message: TAB_MESSAGES.amountTooManyDecimals,
    });
    expect(parseAmount("12.5", "JPY")).toEqual({
      ok: false,
      message: TAB_MESSAGES.amountTooManyDecimals,
    });
    expect(parseAmount("0", "EUR")).toEqual({ ok: false, message: TAB_MESSAGES.amountNotPositive });
    expect(parseAmount("100000.01", "EUR")).toEqual({
      ok: false,
      message: TAB_MESSAGES.amountTooLarge,
    });
    expect(parseAmount("99999999999999999999", "EUR")).toEqual({
      ok: false,
      message: TAB_MESSAGES.amountTooLarge,
    });
  });

  test("display and edit forms", () => {
    expect(formatMoney(1250, "EUR", "en-GB")).toBe("€12.50");
    expect(formatMoney(-300, "GBP", "en-GB")).toBe("-£3.00");
    expect(formatMoney(1200, "JPY", "en-US")).toBe("¥1,200");
    expect(amountInputValue(1250, "EUR")).toBe("12.50");
    expect(amountInputValue(5, "EUR")).toBe("0.05");
    expect(amountInputValue(1200, "JPY")).toBe("1200");
  });

  test("a locale's region names the default currency", () => {
    expect(currencyForLocale("en-GB")).toBe("GBP");
    expect(currencyForLocale("de-DE")).toBe("EUR");
    expect(currencyForLocale("de")).toBe("EUR");
    expect(currencyForLocale("en-US")).toBe("USD");
    expect(currencyForLocale("ja")).toBe("JPY");
    expect(currencyForLocale("xx-ZZ")).toBe("EUR");
    expect(currencyForLocale("not a locale")).toBe("EUR");
    expect(currencyForLocale(undefined)).toBe("EUR");
  });
});

describe("checkExpense", () => {
  const base = {
    description: " Round at the Crown ",
    amount: 1000,
    currency: "EUR",
    split: "equal",
  };

  test("an equal split spreads the remainder by id, whatever the order", () => {
    const result = checkExpense(
      { ...base, shares: [{ userId: "c" }, { userId: "a" }, { userId: "b" }] },
      "EUR",
    );
    expect(result).toEqual({
      ok: true,
      expense: {
        description: "Round at the Crown",
        amount: 1000,
        currency: "EUR",
        split: "equal",
        shares: [
          { userId: "a", amount: 334 },
          { userId: "b", amount: 333 },
          { userId: "c", amount: 333 },
        ],
      },
    });
  });

  test("exact shares must add up and be positive integers", () => {
    const exact = { ...base, split: "exact" };
    expect(
      checkExpense(
        {
          ...exact,
          shares: [
            { userId: "a", amount: 600 },
            { userId: "b", amount: 400 },
          ],
        },
        "EUR",
      ).ok,
    ).toBe(true);
    expect(
      checkExpense(
        {
          ...exact,
          shares: [
            { userId: "a", amount: 600 },
            { userId: "b", amount: 300 },
          ],
        },
        "EUR",
      ),
    ).toEqual({
      ok: false,
      field: "shares",
      message: TAB_MESSAGES.sharesDontAddUp,
    });
    expect(
      checkExpense(
        {
          ...exact,
          shares: [
            { userId: "a", amount: 1000 },
            { userId: "b", amount: 0 },
          ],
        },
        "EUR",
      ),
    ).toMatchObject({
      message: TAB_MESSAGES.shareNotPositive,
    });
    expect(
      checkExpense(
        {
          ...exact,
          shares: [
            { userId: "a", amount: 999.5 },
            { userId: "b", amount: 0.5 },
          ],
        },
        "EUR",
      ),
    ).toMatchObject({
      message: TAB_MESSAGES.amountNotWhole,
    });
  });

  test("each field's problem is named", () => {
    const one = [{ userId: "a" }];
    expect(checkExpense({ ...base, description: " \u200b", shares: one }, "EUR")).toMatchObject({
      field: "description",
    });
    expect(
      checkExpense({ ...base, description: "x".repeat(81), shares: one }, "EUR"),
    ).toMatchObject({ field: "description" });
    expect(checkExpense({ ...base, currency: "XXX", shares: one }, "EUR")).toMatchObject({
      field: "currency",
      message: TAB_MESSAGES.unknownCurrency,
    });
    expect(checkExpense({ ...base, currency: "GBP", shares: one }, "EUR")).toMatchObject({
      field: "currency",
      message: TAB_MESSAGES.wrongCurrency,
    });
    for (const amount of [0, -5, 12.5, Number.NaN, TAB_MAX_AMOUNT + 1])
      expect(checkExpense({ ...base, amount, shares: one }, "EUR")).toMatchObject({
        field: "amount",
      });
    expect(checkExpense({ ...base, split: "thirds", shares: one }, "EUR")).toMatchObject({
      field: "split",
    });
    expect(checkExpense({ ...base, shares: [] }, "EUR")).toMatchObject({
      field: "shares",
      message: TAB_MESSAGES.sharersRequired,
    });
    expect(
      checkExpense({ ...base, shares: [{ userId: "a" }, { userId: "a" }] }, "EUR"),
    ).toMatchObject({ message: TAB_MESSAGES.duplicateSharer });
    expect(
      checkExpense(
        { ...base, amount: 2, shares: [{ userId: "a" }, { userId: "b" }, { userId: "c" }] },
        "EUR",
      ),
    ).toMatchObject({
      message: TAB_MESSAGES.shareNotPositive,
    });
  });
});

describe("balances and the plan", () => {
  test("net is paid minus owed, plus transfers sent, minus received", () => {
    expect(netOf({ paid: 3000, owed: 1000, sent: 0, received: 2000 })).toBe(0);
    expect(netOf({ paid: 0, owed: 1000, sent: 400, received: 0 })).toBe(-600);
  });

  test("debtors pay creditors in id order", () => {
    expect(
      settlePlan([
        { userId: "sam", net: 2500 },
        { userId: "alex", net: -1250 },
        { userId: "kim", net: -1250 },
      ]),
    ).toEqual([
      { from: "alex", to: "sam", amount: 1250 },
      { from: "kim", to: "sam", amount: 1250 },
    ]);
    expect(settlePlan([])).toEqual([]);
    expect(() => settlePlan([{ userId: "a", net: 1 }])).toThrow();
  });

  test("the recap line", () => {
    const plan = [
      { from: "a", to: "s", amount: 1250, fromName: "Alex", toName: "Sam" },
      { from: "k", to: "s", amount: 300, fromName: "Kim", toName: "Sam" },
    ];
    expect(recapLine(plan, "a", "EUR", "en-GB")).toBe("You owe Sam €12.50");
    expect(recapLine(plan, "s", "EUR", "en-GB")).toBe(
      "You're owed by Alex (€12.50) and Kim (€3.00)",
    );
    expect(recapLine(plan, "z", "EUR", "en-GB")).toBeNull();
  });
});

describe("tabRecapTime", () => {
  test("the first 09:00 in the session's zone after its end", () => {
    // Ends 02:00 in London (winter, UTC+0): 09:00 the same day.
    expect(tabRecapTime(Date.UTC(2026, 10, 28, 2, 0), "Europe/London")).toBe(
      Date.UTC(2026, 10, 28, 9, 0),
    );
    // Ends 23:00 in Paris (UTC+1): 09:00 the next day, 08:00 UTC.
    expect(tabRecapTime(Date.UTC(2026, 10, 27, 22, 0), "Europe/Paris")).toBe(
      Date.UTC(2026, 10, 28, 8, 0),
    );
    // Ends exactly at 09:00: the next morning.
    expect(tabRecapTime(Date.UTC(2026, 10, 28, 9, 0), "UTC")).toBe(Date.UTC(2026, 10, 29, 9, 0));
  });
});
