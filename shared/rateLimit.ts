/**
 * A token-bucket rate limit as a pure function: the caller keeps the state
 * (in Convex: one `rate_limits` row per (name, key)) and passes the clock in.
 *
 * A bucket holds up to `capacity` tokens (default `rate`) and refills at
 * `rate` tokens per `periodMs`, continuously. Each request takes one token;
 * with none left it is refused and told how long until one is back.
 */

export type RateLimitConfig = {
  /** Tokens added per period. */
  rate: number;
  periodMs: number;
  /** Burst size; defaults to `rate`. */
  capacity?: number;
};

export type RateLimitState = {
  tokens: number;
  /** When `tokens` was last computed (ms since epoch). */
  updatedAt: number;
};

export type RateLimitResult =
  | { ok: true; state: RateLimitState }
  | { ok: false; state: RateLimitState; retryAfterMs: number };

/** The bucket at `now`: refilled since `updatedAt`, never above capacity. */
export function refill(state: RateLimitState | null, config: RateLimitConfig, now: number): RateLimitState {
  const capacity = config.capacity ?? config.rate;
  if (state === null) return { tokens: capacity, updatedAt: now };
  const elapsed = Math.max(0, now - state.updatedAt);
  const tokens = Math.min(capacity, state.tokens + (elapsed * config.rate) / config.periodMs);
  return { tokens, updatedAt: Math.max(now, state.updatedAt) };
}

/**
 * Takes `count` tokens if there are enough. On refusal the returned state is
 * the refilled bucket with nothing taken (store it or not: same result).
 */
export function consume(
  state: RateLimitState | null,
  config: RateLimitConfig,
  now: number,
  count = 1,
): RateLimitResult {
  const current = refill(state, config, now);
  if (current.tokens >= count) {
    return { ok: true, state: { tokens: current.tokens - count, updatedAt: current.updatedAt } };
  }
  const missing = count - current.tokens;
  const retryAfterMs = Math.ceil((missing * config.periodMs) / config.rate);
  return { ok: false, state: current, retryAfterMs };
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** Magic-link e-mails: per address and for the whole deployment. */
export const MAGIC_LINK_LIMITS = {
  perEmail: { rate: 5, periodMs: HOUR_MS } satisfies RateLimitConfig,
  global: { rate: 100, periodMs: MINUTE_MS } satisfies RateLimitConfig,
} as const;

/** Upload URLs per user (covers, photos, avatars together): a night's photos fit, a flood does not. */
export const UPLOAD_URL_LIMIT = { rate: 60, periodMs: HOUR_MS } satisfies RateLimitConfig;

/** 'Too many uploads. Please try again in 12 minutes' (ours: the spec has no upload limit). */
export function uploadRateLimitMessage(retryAfterMs: number): string {
  return `Too many uploads. Please try again in ${formatRetryAfter(retryAfterMs)}`;
}

/**
 * Invitation e-mails per sender: each person invited by name to a session or
 * a crew (inviting a crew to a session reaches its members, who joined it, and is not counted).
 */
export const INVITATION_EMAIL_LIMIT = { rate: 50, periodMs: HOUR_MS } satisfies RateLimitConfig;
/** Nudges per sender: each session allows one per 12 hours; this bounds a host of many sessions. */
export const NUDGE_LIMIT = { rate: 10, periodMs: HOUR_MS } satisfies RateLimitConfig;

/** 'Too many invitations. Please try again in 12 minutes' (ours: the spec has no invitation limit). */
export function invitationRateLimitMessage(retryAfterMs: number): string {
  return `Too many invitations. Please try again in ${formatRetryAfter(retryAfterMs)}`;
}

export function nudgeRateLimitMessage(retryAfterMs: number): string {
  return `Too many nudges. Please try again in ${formatRetryAfter(retryAfterMs)}`;
}

/** "1 minute", "12 minutes": a wait for people, rounded up to whole minutes. */
export function formatRetryAfter(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE_MS));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
