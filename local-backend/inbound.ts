/**
 * What the local backend accepts from the network, shared by the sync
 * WebSocket and the HTTP function API: size and nesting limits, JSON parsing
 * within them, and the pieces of the message shapes both speak.
 */
import type { JSONValue } from "convex/values";
import { z } from "zod";

/** Largest WebSocket frame or HTTP function-API body: Convex's limit on a function's arguments. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * Deepest nesting of arrays and objects in a frame or body. Convex values
 * nest at most 64 levels; deeper JSON would overflow the stack of every
 * recursive step after parsing (encoding, hashing, logging).
 */
export const MAX_NESTING = 64;

/** Convex's query ids, request ids and versions are u32. */
export const u32 = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32 - 1);

export const udfPath = z.string().min(1).max(1024);

/** A function's arguments: one JSON object (its values are Convex-encoded, decoded later). */
export const argsObject = z.custom<Record<string, JSONValue>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  { message: "expected an object" },
);

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Parses JSON text of an inbound message and checks it against `schema`; the error says what is wrong, never echoing the input. */
export function parseInbound<T>(text: string, schema: z.ZodType<T>): Parsed<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: "not JSON" };
  }
  if (nestingDepth(value) > MAX_NESTING)
    return { ok: false, error: `nested deeper than ${MAX_NESTING} levels` };
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const [issue] = result.error.issues;
  const where = issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : "";
  return { ok: false, error: `${where}${issue.message}` };
}

/** Depth of a parsed JSON value, walked without recursion (the value may be deeper than the stack). */
function nestingDepth(root: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[root, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value !== "object" || value === null) continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > MAX_NESTING) return deepest;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return deepest;
}
