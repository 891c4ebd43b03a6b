import { describe, expect, test } from "vitest";
import {
  addTally,
  answerFor,
  canAddPollOption,
  canRunPoll,
  canSeeCrewPolls,
  canStartPoll,
  isPastDeadline,
  leadingOption,
  POLL_MESSAGES,
  POLL_NUDGE_COOLDOWN_MS,
  pollCreateSchema,
  pollNudgeWaitMs,
  pollTimingProblem,
  tallyDeltas,
  withAnswer,
} from "./pollRules";
import type { CrewStanding } from "./crewRules";

const NOW = Date.UTC(2026, 10, 27, 12);
const HOUR = 3600_000;

const host: CrewStanding = { isCreator: true, member: { role: "host", status: "accepted" } };
const coHost: CrewStanding = { isCreator: false, member: { role: "co_host", status: "accepted" } };
const member: CrewStanding = { isCreator: false, member: { role: "member", status: "accepted" } };
const invitee: CrewStanding = { isCreator: false, member: { role: "member", status: "pending" } };
const stranger: CrewStanding = { isCreator: false, member: null };

function parse(input: unknown) {
  return pollCreateSchema.safeParse(input);
}

const valid = {
  title: "  Friday drinks ",
  options: [{ startTime: NOW + 24 * HOUR }, { startTime: NOW + 48 * HOUR, location: "The Crown" }],
  allowMemberOptions: true,
};

describe("pollCreateSchema", () => {
  test("trims the title and defaults the deadline and places", () => {
    const parsed = parse(valid);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.title).toBe("Friday drinks");
    expect(parsed.data?.deadline).toBeNull();
    expect(parsed.data?.options[0]).toEqual({
      startTime: NOW + 24 * HOUR,
      place: null,
      location: null,
    });
  });

  test.each([
    [{ ...valid, title: "   " }, POLL_MESSAGES.titleRequired],
    [{ ...valid, title: "x".repeat(101) }, POLL_MESSAGES.titleTooLong],
    [{ ...valid, options: [valid.options[0]] }, POLL_MESSAGES.tooFewOptions],
    [
      {
        ...valid,
        options: Array.from({ length: 11 }, (_, i) => ({ startTime: NOW + (i + 1) * HOUR })),
      },
      POLL_MESSAGES.tooManyOptions,
    ],
  ])("refuses %#", (input, message) => {
    const parsed = parse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe("pollTimingProblem", () => {
  const ok = parse(valid).data!;
  test("accepts future options and deadline", () => {
    expect(pollTimingProblem({ ...ok, deadline: NOW + HOUR }, NOW)).toBeNull();
  });
  test("refuses a past option, a duplicate and a bad deadline", () => {
    const past = { ...ok, options: [{ ...ok.options[0], startTime: NOW - 1 }, ok.options[1]] };
    expect(pollTimingProblem(past, NOW)).toEqual({
      field: "options.0",
      message: POLL_MESSAGES.optionInPast,
    });
    const twin = { ...ok, options: [ok.options[0], ok.options[0]] };
    expect(pollTimingProblem(twin, NOW)?.message).toBe(POLL_MESSAGES.duplicateOption);
    expect(pollTimingProblem({ ...ok, deadline: NOW }, NOW)?.message).toBe(
      POLL_MESSAGES.deadlineInPast,
    );
    expect(pollTimingProblem({ ...ok, deadline: NOW + 400 * 24 * HOUR }, NOW)?.message).toBe(
      POLL_MESSAGES.deadlineTooFarAhead,
    );
  });
});

describe("permissions", () => {
  test("accepted members see, answer and start polls; others do not", () => {
    for (const standing of [host, coHost, member]) {
      expect(canSeeCrewPolls(standing)).toBe(true);
      expect(canStartPoll(standing)).toBe(true);
    }
    for (const standing of [invitee, stranger, null]) {
      expect(canSeeCrewPolls(standing)).toBe(false);
      expect(canStartPoll(standing)).toBe(false);
    }
  });
  test("the creator, host and co-hosts run a poll", () => {
    expect(canRunPoll(host, false)).toBe(true);
    expect(canRunPoll(coHost, false)).toBe(true);
    expect(canRunPoll(member, true)).toBe(true);
    expect(canRunPoll(member, false)).toBe(false);
    expect(canRunPoll(invitee, true)).toBe(false);
    expect(canRunPoll(null, true)).toBe(false);
  });
  test("members add options only when the poll allows it", () => {
    expect(canAddPollOption(member, false, true)).toBe(true);
    expect(canAddPollOption(member, false, false)).toBe(false);
    expect(canAddPollOption(coHost, false, false)).toBe(true);
    expect(canAddPollOption(stranger, false, true)).toBe(false);
  });
});

describe("answers and tallies", () => {
  test("withAnswer replaces, adds and clears", () => {
    const one = withAnswer([], "a", "yes");
    expect(answerFor(one, "a")).toBe("yes");
    const two = withAnswer(one, "a", "no");
    expect(two).toEqual([{ optionId: "a", answer: "no" }]);
    expect(withAnswer(two, "a", null)).toEqual([]);
  });
  test("tallyDeltas moves one vote per changed option", () => {
    const deltas = tallyDeltas(
      [
        { optionId: "a", answer: "yes" },
        { optionId: "b", answer: "no" },
      ],
      [
        { optionId: "a", answer: "if_need_be" },
        { optionId: "b", answer: "no" },
        { optionId: "c", answer: "yes" },
      ],
    );
    expect(deltas.get("a")).toEqual({ yes: -1, if_need_be: 1, no: 0 });
    expect(deltas.has("b")).toBe(false);
    expect(deltas.get("c")).toEqual({ yes: 1, if_need_be: 0, no: 0 });
    expect(addTally({ yes: 0, if_need_be: 0, no: 0 }, { yes: -1, if_need_be: 1, no: 0 })).toEqual({
      yes: 0,
      if_need_be: 1,
      no: 0,
    });
  });
  test("leadingOption: most Yes, then If need be, then earliest", () => {
    const a = { startTime: 2, tally: { yes: 2, if_need_be: 0, no: 0 } };
    const b = { startTime: 1, tally: { yes: 2, if_need_be: 1, no: 0 } };
    const c = { startTime: 0, tally: { yes: 2, if_need_be: 1, no: 3 } };
    expect(leadingOption([a, b, c])).toBe(c);
    expect(leadingOption([])).toBeNull();
  });
});

describe("timing", () => {
  test("nudges wait 12 hours", () => {
    expect(pollNudgeWaitMs(null, NOW)).toBe(0);
    expect(pollNudgeWaitMs(NOW - HOUR, NOW)).toBe(POLL_NUDGE_COOLDOWN_MS - HOUR);
    expect(pollNudgeWaitMs(NOW - POLL_NUDGE_COOLDOWN_MS, NOW)).toBe(0);
  });
  test("a deadline passes only for open polls with one", () => {
    expect(isPastDeadline({ status: "open", deadline: NOW }, NOW)).toBe(true);
    expect(isPastDeadline({ status: "closed", deadline: NOW }, NOW)).toBe(false);
    expect(isPastDeadline({ status: "open", deadline: null }, NOW)).toBe(false);
  });
});
