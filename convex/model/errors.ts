/**
 * Throwing user-facing failures: `ConvexError({ code, message })` with the
 * payload shape of `shared/errors.ts`, so the UI shows `message` in one place.
 */
import { ConvexError } from "convex/values";
import type { AppErrorData, ErrorCode } from "../../shared/errors";

export function appError(
  code: ErrorCode,
  message: string,
  extra: { field?: string; retryAfterMs?: number } = {},
): ConvexError<AppErrorData> {
  const data: AppErrorData = { code, message };
  if (extra.field !== undefined) data.field = extra.field;
  if (extra.retryAfterMs !== undefined) data.retryAfterMs = extra.retryAfterMs;
  return new ConvexError(data);
}

/** Throws VALIDATION at `field` when a shared check found a problem (its message). */
export function ensureValid(problem: string | null, field: string): void {
  if (problem !== null) throw appError("VALIDATION", problem, { field });
}
