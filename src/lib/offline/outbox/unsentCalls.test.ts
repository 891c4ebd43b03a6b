import { describe, expect, it } from "vitest";
import { CLOCK_SKEW_MS, unsentCalls } from "./unsentCalls";

const T = 1_700_000_000_000;
const call = (key: string, amount: number, queuedAt = T) => ({ key, args: { amount }, queuedAt });
const made = (amount: number, createdAt: number) => ({ amount, createdAt });
const sameAmount = (item: { amount: number }, queued: { args: { amount: number } }) =>
  item.amount === queued.args.amount;

describe("queued calls against what the server already shows", () => {
  it("keeps every queued call while nothing matches", () => {
    const queued = [call("a", 500), call("b", 700)];
    expect(unsentCalls(queued, [made(900, T + 1_000)], sameAmount)).toEqual(queued);
  });

  it("drops a call once its result is shown, made since it was queued", () => {
    expect(unsentCalls([call("a", 500)], [made(500, T + 2_000)], sameAmount)).toEqual([]);
  });

  it("an item made well before the call was queued is not its result", () => {
    const queued = [call("a", 500)];
    expect(unsentCalls(queued, [made(500, T - CLOCK_SKEW_MS - 1)], sameAmount)).toEqual(queued);
  });

  it("one shown item stands for one queued call: the same thing sent twice shows twice", () => {
    const queued = [call("a", 500), call("b", 500, T + 1_000)];
    expect(unsentCalls(queued, [made(500, T + 5_000)], sameAmount)).toEqual([queued[1]]);
  });
});
