/** Properties of the settle-up plan and the equal split, over random tabs (fast-check). */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { settlePlan, splitEqually } from "./tabRules";

/** Random balances that sum to zero: random nets, the last one balancing the rest. */
const balances = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 60 })
  .chain((ids) =>
    fc
      .array(fc.integer({ min: -10_000_000, max: 10_000_000 }), {
        minLength: ids.length - 1,
        maxLength: ids.length - 1,
      })
      .map((nets) => {
        const last = 0 - nets.reduce((sum, net) => sum + net, 0);
        return ids.map((userId, i) => ({ userId, net: i < nets.length ? nets[i] : last }));
      }),
  );

describe("settlePlan", () => {
  test("the transfers bring every balance to zero, with integers only", () => {
    fc.assert(
      fc.property(balances, (input) => {
        const left = new Map(input.map((b) => [b.userId, b.net]));
        for (const t of settlePlan(input)) {
          expect(Number.isInteger(t.amount)).toBe(true);
          expect(t.amount).toBeGreaterThan(0);
          expect(t.from).not.toBe(t.to);
          left.set(t.from, left.get(t.from)! + t.amount);
          left.set(t.to, left.get(t.to)! - t.amount);
        }
        for (const net of left.values()) expect(net).toBe(0);
      }),
    );
  });

  test("at most n−1 transfers for n people", () => {
    fc.assert(
      fc.property(balances, (input) => {
        expect(settlePlan(input).length).toBeLessThanOrEqual(Math.max(0, input.length - 1));
      }),
    );
  });

  test("the same balances in any order give the same plan", () => {
    fc.assert(
      fc.property(
        balances.chain((input) =>
          fc.tuple(fc.constant(input), fc.shuffledSubarray(input, { minLength: input.length })),
        ),
        ([input, shuffled]) => {
          expect(settlePlan(shuffled)).toEqual(settlePlan(input));
        },
      ),
    );
  });
});

describe("settlePlan, settling one by one", () => {
  test("paying one transfer, in full or in part, leaves every other transfer of the plan as it was", () => {
    const paid = balances
      .filter((input) => settlePlan(input).length > 0)
      .chain((input) => {
        const plan = settlePlan(input);
        return fc.tuple(
          fc.constant(input),
          fc.nat(plan.length - 1),
          fc.integer({ min: 1, max: 10_000_000 }),
        );
      });
    fc.assert(
      fc.property(paid, ([input, index, part]) => {
        const plan = settlePlan(input);
        const transfer = plan[index];
        const amount = Math.min(part, transfer.amount);
        const after = input.map((b) => ({
          userId: b.userId,
          net:
            b.net +
            (b.userId === transfer.from ? amount : 0) -
            (b.userId === transfer.to ? amount : 0),
        }));
        const expected = plan
          .map((t, i) => (i === index ? { ...t, amount: t.amount - amount } : t))
          .filter((t) => t.amount > 0);
        expect(settlePlan(after)).toEqual(expected);
      }),
    );
  });
});

describe("splitEqually", () => {
  const split = fc.tuple(
    fc.integer({ min: 1, max: 10_000_000 }),
    fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 100 }),
  );

  test("shares sum exactly to the total and differ by at most one unit", () => {
    fc.assert(
      fc.property(split, ([total, ids]) => {
        const shares = splitEqually(total, ids);
        expect(shares.reduce((sum, s) => sum + s.amount, 0)).toBe(total);
        const amounts = shares.map((s) => s.amount);
        expect(amounts.every(Number.isInteger)).toBe(true);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        expect(shares.map((s) => s.userId).sort()).toEqual([...ids].sort());
      }),
    );
  });

  test("deterministic: the order of the people does not change anyone's share", () => {
    fc.assert(
      fc.property(
        split.chain(([total, ids]) =>
          fc.tuple(
            fc.constant(total),
            fc.constant(ids),
            fc.shuffledSubarray(ids, { minLength: ids.length }),
          ),
        ),
        ([total, ids, shuffled]) => {
          expect(splitEqually(total, shuffled)).toEqual(splitEqually(total, ids));
        },
      ),
    );
  });
});
