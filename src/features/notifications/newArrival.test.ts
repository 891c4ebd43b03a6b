import { describe, expect, it } from "vitest";
import { newArrival } from "./newArrival";

const at = (createdAt: number) => ({ createdAt, title: `t${createdAt}`, message: "m" });

describe("newArrival", () => {
  it("never toasts on the first answer, with or without notifications", () => {
    expect(newArrival(undefined, at(5))).toEqual({ toast: null, seenUpTo: 5 });
    expect(newArrival(undefined, null)).toEqual({ toast: null, seenUpTo: 0 });
  });

  it("toasts a notification newer than the newest seen", () => {
    expect(newArrival(5, at(9))).toEqual({ toast: at(9), seenUpTo: 9 });
    expect(newArrival(0, at(1))).toEqual({ toast: at(1), seenUpTo: 1 });
  });

  it("stays quiet when the newest is the same one (read, answered) or older (deleted)", () => {
    expect(newArrival(9, at(9))).toEqual({ toast: null, seenUpTo: 9 });
    expect(newArrival(9, at(4))).toEqual({ toast: null, seenUpTo: 9 });
    expect(newArrival(9, null)).toEqual({ toast: null, seenUpTo: 9 });
  });
});
