/**
 * Keys that make a queued (offline) tap safe to send again: the device
 * stores each tap with a key of its own and sends it until acknowledged; the
 * server records the key with the tap's result, so a replay after a lost
 * acknowledgement changes nothing and answers as the first send did.
 * Shared by `convex/` and `src/`: the rules the device and the server agree on.
 */

/** 8–64 characters of letters, digits, `_` and `-` (a `crypto.randomUUID()` fits). */
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function isIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}

export const IDEMPOTENCY_MESSAGES = {
  malformedKey: "Idempotency key must be 8 to 64 letters, digits, '-' or '_'",
  keyUsedElsewhere: "This idempotency key was already used for a different action",
} as const;

/**
 * How long a queued tap may wait on the device, and so how long the server
 * keeps its receipt: the device discards, unsent, any tap queued more than
 * 7 days ago. A receipt is made no earlier than its tap was queued, so no
 * replay can arrive for a receipt older than this, and older receipts are
 * deleted.
 */
export const OFFLINE_TAP_MAX_AGE_MS = 7 * 24 * 3600_000;
