/** The part of a notification the arrival toast needs. */
interface ArrivalCandidate {
  createdAt: number;
  title: string;
  message: string;
}

/**
 * The notification to toast, given the newest one seen so far (`seenUpTo`,
 * its creation time; undefined before the first answer) and the newest now.
 * The first answer only sets the mark, so nothing already there is toasted
 * on load; later, only something created after the mark counts as new.
 */
export function newArrival<T extends ArrivalCandidate>(
  seenUpTo: number | undefined,
  newest: T | null,
): { toast: T | null; seenUpTo: number } {
  const newestAt = newest?.createdAt ?? 0;
  if (seenUpTo === undefined) return { toast: null, seenUpTo: newestAt };
  if (newest !== null && newestAt > seenUpTo) return { toast: newest, seenUpTo: newestAt };
  return { toast: null, seenUpTo };
}
