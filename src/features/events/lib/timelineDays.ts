import { formatEventDate, toDateTimeLocalValue } from "@shared/eventTiming";

type TimelineDay<T> = { key: string; label: string; events: T[] };

/**
 * Sessions grouped by the local day they start, each day once: lists come
 * ordered by end, so overlapping sessions would otherwise split a day into
 * repeated headers. Days and the sessions in them run soonest first for
 * upcoming, most recent first for past.
 */
export function groupByStartDay<T extends { startTime: number }>(
  events: readonly T[],
  timeZone: string,
  order: "upcoming" | "past",
): TimelineDay<T>[] {
  const sign = order === "upcoming" ? 1 : -1;
  const sorted = [...events].sort((a, b) => sign * (a.startTime - b.startTime));
  const days = new Map<string, TimelineDay<T>>();
  for (const event of sorted) {
    const key = toDateTimeLocalValue(event.startTime, timeZone).slice(0, 10);
    const day = days.get(key);
    if (day) day.events.push(event);
    else days.set(key, { key, label: formatEventDate(event.startTime, timeZone), events: [event] });
  }
  return [...days.values()];
}
