import { foundSessionsText } from "@shared/eventCopy";

/**
 * Cards by id, first occurrence kept. Convex keeps each loaded page within
 * its first boundaries, but popular and trending order by counts that change
 * while pages load; one card must never show twice (nor repeat a React key).
 */
export function uniqueById<T extends { _id: string }>(cards: readonly T[]): T[] {
  const seen = new Set<string>();
  return cards.filter((card) => !seen.has(card._id) && seen.add(card._id));
}

/**
 * The count line: every session once all pages are loaded; otherwise the
 * server's bounded count (`events.discoverCount`: exact up to 50, else '50+'),
 * never fewer than the cards shown; '+' while that count is still coming.
 */
export function foundSessionsLine(
  loaded: number,
  allLoaded: boolean,
  counted: { count: number; more: boolean } | undefined,
): string {
  if (allLoaded) return foundSessionsText(loaded);
  if (counted === undefined) return foundSessionsText(loaded, true);
  return foundSessionsText(Math.max(counted.count, loaded), counted.more);
}
