/**
 * Crew polls: a crew's members vote Yes / If need be / No on 2–10 dated
 * options (a start and optionally a place); the poll's creator, the crew's
 * host or a co-host picks the winner, which becomes a private session of the
 * crew. Pure: the poll form and the poll functions share these rules. In
 * words: docs/product-rules.md#crew-polls.
 */
import { z } from "zod";
import { crewRoleOf, type CrewStanding } from "./crewRules";
import { placeSchema } from "./eventRules";
import { HOUR_MS } from "./eventTiming";
import { textLength } from "./userText";
import { optionalUserText, userText } from "./userTextFields";

export const POLL_ANSWERS = ["yes", "if_need_be", "no"] as const;
export type PollAnswer = (typeof POLL_ANSWERS)[number];

export const POLL_ANSWER_LABELS: Record<PollAnswer, string> = {
  yes: "Yes",
  if_need_be: "If need be",
  no: "No",
};

export const POLL_STATUSES = ["open", "closed"] as const;
type PollStatus = (typeof POLL_STATUSES)[number];

export const POLL_TITLE_MAX_LENGTH = 100;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
/** Open polls listed on the crew page. */
export const OPEN_POLLS_SHOWN = 20;
/** Members per page of a poll's grid: with the poll and its options, a view reads under 100 documents. */
export const POLL_GRID_PAGE_MAX = 25;
/** A member who has not answered is nudged at most once per 12 hours per poll. */
export const POLL_NUDGE_COOLDOWN_MS = 12 * HOUR_MS;
/** A deadline lies in the future, at most a year ahead; an option's start at most two years ahead. */
const POLL_DEADLINE_MAX_AHEAD_MS = 365 * 24 * HOUR_MS;
const POLL_OPTION_MAX_AHEAD_MS = 2 * 365 * 24 * HOUR_MS;
/** Answer rows of a departed member (or a deleted crew) removed per mutation; the rest scheduled. */
export const POLL_CLEANUP_BATCH = 50;

export const POLL_MESSAGES = {
  notFound: "Poll not found",
  titleRequired: "Poll title is required",
  titleTooLong: `Poll title must be at most ${POLL_TITLE_MAX_LENGTH} characters`,
  tooFewOptions: `A poll needs at least ${POLL_OPTIONS_MIN} options`,
  tooManyOptions: `A poll has at most ${POLL_OPTIONS_MAX} options`,
  optionTimeInvalid: "Each option needs a date and start time",
  optionInPast: "An option's start must be in the future",
  optionTooFarAhead: "An option's start must be within two years",
  duplicateOption: "Two options have the same time and place",
  deadlineInPast: "The deadline must be in the future",
  deadlineTooFarAhead: "The deadline must be within a year",
  closed: "This poll is closed: answers can no longer change",
  optionNotFound: "That option is not part of this poll",
  addingOptionsOff: "Only the poll's creator can add options to this poll",
  cannotPick: "Only the poll's creator, the crew host or a co-host can pick the winner",
  cannotNudge: "Only the poll's creator, the crew host or a co-host can nudge",
  alreadyAnswered: "They have already answered this poll",
  notAMember: "They are not a member of this crew",
  notAMemberSelf: "Only members of this crew can start a poll",
  cannotNudgeSelf: "You can't nudge yourself",
  nudgedRecently: (waitMs: number) =>
    `Already nudged. You can nudge them again in ${Math.ceil(waitMs / HOUR_MS)} h.`,
  nudged: (name: string) => `Nudged ${name}`,
  created: "Poll started",
  picked: "Winner picked: the session is on!",
} as const;

export const POLL_NOTIFICATION_TEXTS = {
  nudge: (sender: string, poll: string) => ({
    title: "Your crew is waiting",
    message: `${sender} asks you to answer the poll "${poll}"`,
  }),
  deadlinePassed: (poll: string) => ({
    title: "Poll deadline passed",
    message: `Nobody picked a winner for "${poll}" yet. Pick one to make it a session.`,
  }),
  ifNeedBeInvitation: (picker: string, event: string) => ({
    title: "Session invitation",
    message: `${picker} picked "${event}". You said "If need be": are you in?`,
  }),
} as const;

// ---------------------------------------------------------------- the form

const optionSchema = z.object({
  startTime: z
    .number({ error: POLL_MESSAGES.optionTimeInvalid })
    .int(POLL_MESSAGES.optionTimeInvalid),
  place: placeSchema
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  location: z
    .union([z.string(), z.null()])
    .optional()
    .transform(optionalUserText())
    .refine((value) => value === null || textLength(value) <= 200, "Location is too long"),
});

export type PollOptionInput = z.input<typeof optionSchema>;
export type PollOption = z.output<typeof optionSchema>;

const titleSchema = z
  .string({ error: POLL_MESSAGES.titleRequired })
  .transform(userText())
  .refine((value) => value !== "", POLL_MESSAGES.titleRequired)
  .refine((value) => textLength(value) <= POLL_TITLE_MAX_LENGTH, POLL_MESSAGES.titleTooLong);

/** What "Start a poll" sends; timing against `now` is `pollTimingProblem`. */
export const pollCreateSchema = z.object({
  title: titleSchema,
  options: z
    .array(optionSchema)
    .min(POLL_OPTIONS_MIN, POLL_MESSAGES.tooFewOptions)
    .max(POLL_OPTIONS_MAX, POLL_MESSAGES.tooManyOptions),
  deadline: z
    .union([z.number(), z.null()])
    .optional()
    .transform((value) => value ?? null),
  allowMemberOptions: z.boolean(),
  timeZone: z.string().optional(),
});

export type PollCreateInput = z.input<typeof pollCreateSchema>;
type PollCreate = z.output<typeof pollCreateSchema>;

export const pollOptionSchema = optionSchema;

/** The same start at the same place (or both without one) is one option. */
export function optionKey(option: PollOption): string {
  const where = option.place?.placeId ?? option.location?.toLowerCase() ?? "";
  return `${option.startTime}|${where}`;
}

type PollProblem = { field: string; message: string };

/** An option's start: in the future and within two years. */
export function optionTimeProblem(startTime: number, now: number): string | null {
  if (!Number.isFinite(startTime)) return POLL_MESSAGES.optionTimeInvalid;
  if (startTime <= now) return POLL_MESSAGES.optionInPast;
  if (startTime > now + POLL_OPTION_MAX_AHEAD_MS) return POLL_MESSAGES.optionTooFarAhead;
  return null;
}

/** Timing and duplicates of a parsed poll: the first problem, or null. */
export function pollTimingProblem(poll: PollCreate, now: number): PollProblem | null {
  const seen = new Set<string>();
  for (const [index, option] of poll.options.entries()) {
    const problem = optionTimeProblem(option.startTime, now);
    if (problem !== null) return { field: `options.${index}`, message: problem };
    const key = optionKey(option);
    if (seen.has(key)) return { field: `options.${index}`, message: POLL_MESSAGES.duplicateOption };
    seen.add(key);
  }
  if (poll.deadline !== null) {
    if (poll.deadline <= now) return { field: "deadline", message: POLL_MESSAGES.deadlineInPast };
    if (poll.deadline > now + POLL_DEADLINE_MAX_AHEAD_MS)
      return { field: "deadline", message: POLL_MESSAGES.deadlineTooFarAhead };
  }
  return null;
}

// ---------------------------------------------------------------- who may do what

/** See a crew's polls and answer them: accepted members (the host always). */
export function canSeeCrewPolls(standing: CrewStanding | null): boolean {
  return standing !== null && crewRoleOf(standing) !== null;
}

/** Start a poll: any accepted member. */
export function canStartPoll(standing: CrewStanding | null): boolean {
  return canSeeCrewPolls(standing);
}

/** Pick the winner and nudge: the poll's creator, the crew's host and co-hosts. */
export function canRunPoll(standing: CrewStanding | null, isPollCreator: boolean): boolean {
  if (standing === null) return false;
  const role = crewRoleOf(standing);
  if (role === null) return false;
  return isPollCreator || role === "host" || role === "co_host";
}

/** Add an option: whoever runs the poll, and members when the poll allows it. */
export function canAddPollOption(
  standing: CrewStanding | null,
  isPollCreator: boolean,
  allowMemberOptions: boolean,
): boolean {
  return canRunPoll(standing, isPollCreator) || (allowMemberOptions && canSeeCrewPolls(standing));
}

// ---------------------------------------------------------------- answers and tallies

export type OptionAnswer<O extends string = string> = { optionId: O; answer: PollAnswer };
export type Tally = { yes: number; if_need_be: number; no: number };

const EMPTY_TALLY: Tally = { yes: 0, if_need_be: 0, no: 0 };

/** One member's answers with one option's answer set (null clears it). */
export function withAnswer<O extends string>(
  answers: readonly OptionAnswer<O>[],
  optionId: O,
  answer: PollAnswer | null,
): OptionAnswer<O>[] {
  const rest = answers.filter((entry) => entry.optionId !== optionId);
  return answer === null ? rest : [...rest, { optionId, answer }];
}

export function answerFor<O extends string>(
  answers: readonly OptionAnswer<O>[],
  optionId: O,
): PollAnswer | null {
  return answers.find((entry) => entry.optionId === optionId)?.answer ?? null;
}

/**
 * How one member's change moves each option's counters: +1 for the new
 * answer, −1 for the old, per option touched. Empty when nothing changed.
 */
export function tallyDeltas<O extends string>(
  before: readonly OptionAnswer<O>[],
  after: readonly OptionAnswer<O>[],
): Map<O, Tally> {
  const deltas = new Map<O, Tally>();
  const bump = (optionId: O, answer: PollAnswer, by: number) => {
    const tally = deltas.get(optionId) ?? { ...EMPTY_TALLY };
    tally[answer] += by;
    deltas.set(optionId, tally);
  };
  for (const entry of before) bump(entry.optionId, entry.answer, -1);
  for (const entry of after) bump(entry.optionId, entry.answer, 1);
  for (const [optionId, tally] of deltas) {
    if (tally.yes === 0 && tally.if_need_be === 0 && tally.no === 0) deltas.delete(optionId);
  }
  return deltas;
}

/** A tally plus a delta, never below zero. */
export function addTally(tally: Tally, delta: Tally): Tally {
  return {
    yes: Math.max(0, tally.yes + delta.yes),
    if_need_be: Math.max(0, tally.if_need_be + delta.if_need_be),
    no: Math.max(0, tally.no + delta.no),
  };
}

/** The option most can make: most Yes, then most If need be, then the earliest. */
export function leadingOption<T extends { tally: Tally; startTime: number }>(
  options: readonly T[],
): T | null {
  let best: T | null = null;
  for (const option of options) {
    if (
      best === null ||
      option.tally.yes > best.tally.yes ||
      (option.tally.yes === best.tally.yes && option.tally.if_need_be > best.tally.if_need_be) ||
      (option.tally.yes === best.tally.yes &&
        option.tally.if_need_be === best.tally.if_need_be &&
        option.startTime < best.startTime)
    )
      best = option;
  }
  return best;
}

/** How long until a member may be nudged again (0: now). */
export function pollNudgeWaitMs(lastNudgedAt: number | null, now: number): number {
  if (lastNudgedAt === null) return 0;
  return Math.max(0, lastNudgedAt + POLL_NUDGE_COOLDOWN_MS - now);
}

/** Whether a poll's deadline has passed without a pick. */
export function isPastDeadline(
  poll: { status: PollStatus; deadline: number | null },
  now: number,
): boolean {
  return poll.status === "open" && poll.deadline !== null && poll.deadline <= now;
}

/** The poll page's address. */
export function pollPath(crewId: string, pollId: string): string {
  return `/crew/${crewId}/poll/${pollId}`;
}
