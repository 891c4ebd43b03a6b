import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  admitsNewJoin,
  capacityError,
  CAPACITY_MESSAGES,
  freeSeats,
  goingLabel,
  isFull,
  plusOnesAllowedError,
  plusOnesError,
  promotionOrder,
  seatsUsed,
  waitlistPlaceLabel,
} from "./capacityRules";

const candidates = fc.array(
  fc.record({ id: fc.integer(), plusOnes: fc.integer({ min: 0, max: 5 }) }),
  { maxLength: 30 },
);

describe("seats", () => {
  it("counts attendees and plus-ones; no capacity never fills", () => {
    const event = { attendeeCount: 3, plusOneCount: 2, capacity: null };
    expect(seatsUsed(event)).toBe(5);
    expect(freeSeats(event)).toBeNull();
    expect(isFull(event)).toBe(false);
  });

  it("a lowered capacity leaves 0 free, never negative", () => {
    expect(freeSeats({ attendeeCount: 12, capacity: 10 })).toBe(0);
  });

  it("a newcomer never jumps the queue", () => {
    expect(admitsNewJoin({ attendeeCount: 1, capacity: 10, waitlistCount: 1 }, 0)).toBe(false);
    expect(admitsNewJoin({ attendeeCount: 1, capacity: 10, waitlistCount: 0 }, 2)).toBe(true);
    expect(admitsNewJoin({ attendeeCount: 8, capacity: 10 }, 2)).toBe(false);
  });
});

describe("promotionOrder", () => {
  it("promotes in order, skipping a party too big for what is left", () => {
    const list = [
      { id: "a", plusOnes: 0 },
      { id: "b", plusOnes: 3 },
      { id: "c", plusOnes: 1 },
      { id: "d", plusOnes: 0 },
    ];
    expect(promotionOrder(3, list)).toEqual(["a", "c"]);
    expect(promotionOrder(0, list)).toEqual([]);
    expect(promotionOrder(null, list)).toEqual(["a", "b", "c", "d"]);
  });

  it("never fills past the free seats, keeps the waitlist's order and promotes nobody twice", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), candidates, (free, list) => {
        const unique = list.map((entry, i) => ({ ...entry, id: i }));
        const promoted = promotionOrder(free, unique);
        const seats = promoted.reduce((sum, id) => sum + 1 + unique[id].plusOnes, 0);
        expect(seats).toBeLessThanOrEqual(free);
        expect([...promoted].sort((x, y) => x - y)).toEqual(promoted);
        expect(new Set(promoted).size).toBe(promoted.length);
      }),
    );
  });

  it("leaves out only people who would not fit in what is left", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), candidates, (free, list) => {
        const unique = list.map((entry, i) => ({ ...entry, id: i }));
        const promoted = new Set(promotionOrder(free, unique));
        let left = free;
        for (const entry of unique) {
          if (promoted.has(entry.id)) left -= 1 + entry.plusOnes;
          else expect(1 + entry.plusOnes).toBeGreaterThan(left);
        }
      }),
    );
  });
});

describe("validation", () => {
  it("capacity is absent or a whole 2–500", () => {
    expect(capacityError(null)).toBeNull();
    expect(capacityError(2)).toBeNull();
    expect(capacityError(500)).toBeNull();
    for (const bad of [1, 501, 2.5, Number.NaN]) {
      expect(capacityError(bad)).toBe(CAPACITY_MESSAGES.capacityRange);
    }
  });

  it("plus-ones allowance 0–5; a guest's plus-ones within it", () => {
    expect(plusOnesAllowedError(0)).toBeNull();
    expect(plusOnesAllowedError(6)).toBe(CAPACITY_MESSAGES.plusOnesRange);
    expect(plusOnesError(2, { plusOnesAllowed: 2 })).toBeNull();
    expect(plusOnesError(3, { plusOnesAllowed: 2 })).toBe("You can bring at most 2 plus-ones");
    expect(plusOnesError(1, {})).toBe("This session takes no plus-ones");
    expect(plusOnesError(-1, { plusOnesAllowed: 2 })).toBe(CAPACITY_MESSAGES.plusOnesRange);
  });
});

describe("labels", () => {
  it("reads '12 / 20 going · 3 waiting'", () => {
    expect(goingLabel({ attendeeCount: 10, plusOneCount: 2, capacity: 20, waitlistCount: 3 })).toBe(
      "12 / 20 going · 3 waiting",
    );
    expect(goingLabel({ attendeeCount: 4 })).toBe("4 going");
    expect(waitlistPlaceLabel(1)).toBe("Place 1 on the waitlist");
    expect(waitlistPlaceLabel(101)).toBe("Place 100+ on the waitlist");
  });
});
