/**
 * Repairs of what was stored before the input rules were enforced (run by
 * convex/repairs.ts, one document at a time, in batches): a session whose
 * times cannot be shown, and user text that breaks the user-text rule
 * (shared/userText.ts). Each repair is idempotent: a repaired document is
 * left alone on the next run.
 */
import type { MutationCtx } from "../_generated/server";
import {
  DEFAULT_EVENT_DURATION_MS,
  hasShowableTimes,
  isValidTimeZone,
} from "../../shared/eventTiming";
import { userSearchTerms } from "../../shared/crewRules";
import { repairUserText } from "../../shared/userText";
import {
  finishEvent,
  cancelFinish,
  hostNames,
  searchTextOf,
  syncParticipantsNowAndLater,
} from "./events";
import type { EventDoc } from "./participation";
import type { ProfileDoc } from "./profiles";

/** What a required text that is blank under the rule becomes (it cannot be left empty). */
export const REPAIR_PLACEHOLDERS = {
  title: "Untitled session",
  crewName: "Untitled crew",
  comment: "(empty comment)",
} as const;

type TextRule = { multiline?: boolean; whenBlank?: string };

/**
 * The changed fields of `doc` under the user-text rule: lone surrogates become
 * U+FFFD; blank text becomes `whenBlank`, or null for an optional field.
 */
export function repairedText<D extends object>(
  doc: D,
  rules: Partial<Record<keyof D & string, TextRule>>,
): Partial<D> {
  const patch: Record<string, string | null> = {};
  for (const [field, rule] of Object.entries(rules) as [string, TextRule][]) {
    const value = (doc as Record<string, unknown>)[field];
    if (typeof value !== "string") continue;
    const repaired = repairUserText(value, rule) || (rule.whenBlank ?? null);
    if (repaired !== value) patch[field] = repaired;
  }
  return patch as Partial<D>;
}

/**
 * A session: its text, an unknown zone (→ UTC), and times that cannot be
 * shown. Such times were never real, so the session becomes one that
 * started when it was created and lasted the default 3 hours (cut at now):
 * it ends, leaves discover, and its attendees' rows move to past.
 */
export async function repairEvent(ctx: MutationCtx, event: EventDoc, now: number = Date.now()) {
  const text = repairedText(event, {
    title: { whenBlank: REPAIR_PLACEHOLDERS.title },
    placeNickname: {},
    location: {},
    placeName: {},
    notes: { multiline: true },
  });
  const timeZone = isValidTimeZone(event.timeZone) ? event.timeZone : "UTC";
  const patch: Partial<EventDoc> = {
    ...text,
    ...(timeZone !== event.timeZone ? { timeZone } : {}),
  };
  if (Object.keys(text).length > 0) {
    patch.searchText = searchTextOf({ ...event, ...text }, await hostNames(ctx, event.createdBy));
  }
  if (hasShowableTimes(event, timeZone)) {
    if (Object.keys(patch).length > 0) await ctx.db.patch("events", event._id, patch);
    return;
  }
  const startTime = event._creationTime;
  const endTime = Math.min(startTime + DEFAULT_EVENT_DURATION_MS, now);
  await cancelFinish(ctx, event);
  const participantsVersion = event.participantsVersion + 1;
  await ctx.db.patch("events", event._id, {
    ...patch,
    startTime,
    endTime,
    endJobId: null,
    participantsVersion,
  });
  // Ending it moves the attendees' rows to past; an ended one only needs their copies of the times.
  if (event.ended) await syncParticipantsNowAndLater(ctx, (await ctx.db.get("events", event._id))!);
  else await finishEvent(ctx, event._id, now);
  console.warn(
    `Event ${event._id}: times that cannot be shown repaired to ${startTime}–${endTime}`,
  );
}

/** A profile's text, and the name search terms that come from it. */
export function repairedProfile(profile: ProfileDoc): Partial<ProfileDoc> {
  const text = repairedText(profile, {
    displayName: {},
    nickname: {},
    tagline: {},
    bio: { multiline: true },
  });
  if (Object.keys(text).length === 0) return {};
  return { ...text, nameSearchText: userSearchTerms({ ...profile, ...text }) };
}
