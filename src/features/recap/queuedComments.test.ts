import { describe, expect, it } from "vitest";
import { CLOCK_SKEW_MS } from "@/lib/offline/outbox/unsentCalls";
import { unsentComments } from "./queuedComments";

const T = 1_700_000_000_000;
const call = (key: string, content: string, queuedAt = T) => ({ key, args: { content }, queuedAt });
const live = (content: string, createdAt: number, userId = "me") => ({
  content,
  createdAt,
  author: { userId },
});

describe("queued comments as the thread shows them", () => {
  it("shows every queued comment while the server has none of them", () => {
    const queued = [call("a", "Cheers!"), call("b", "Again")];
    expect(unsentComments(queued, [live("Hi", T - 60_000, "ana")], "me")).toEqual(queued);
  });

  it("shows only the live one once the server has it and the call has not left yet", () => {
    expect(unsentComments([call("a", "Cheers!")], [live("Cheers!", T + 2_000)], "me")).toEqual([]);
  });

  it("a sent comment stands for one queued comment: the same words twice show twice", () => {
    const queued = [call("a", "🍻"), call("b", "🍻", T + 1_000)];
    expect(unsentComments(queued, [live("🍻", T + 5_000)], "me")).toEqual([queued[1]]);
  });

  it("someone else's comment with the same words does not hide mine", () => {
    const queued = [call("a", "Cheers!")];
    expect(unsentComments(queued, [live("Cheers!", T + 2_000, "ana")], "me")).toEqual(queued);
  });

  it("an older comment of mine with the same words does not hide the new one", () => {
    const queued = [call("a", "Cheers!")];
    const older = live("Cheers!", T - CLOCK_SKEW_MS - 1);
    expect(unsentComments(queued, [older], "me")).toEqual(queued);
  });

  it("allows for the device's clock running ahead of the server's", () => {
    expect(unsentComments([call("a", "Cheers!")], [live("Cheers!", T - 60_000)], "me")).toEqual([]);
  });

  it("with nothing queued the thread is the server's alone", () => {
    expect(unsentComments([], [live("Cheers!", T)], "me")).toEqual([]);
  });
});
