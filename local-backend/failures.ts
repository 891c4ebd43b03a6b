/** How a function's failure is reported, as Convex reports it. */
import { convexToJson, type JSONValue, type Value } from "convex/values";

/** A failure as Convex reports it: the message, and `ConvexError` data when there is some. */
export class FunctionFailure extends Error {
  constructor(
    message: string,
    readonly errorData: JSONValue | undefined,
  ) {
    super(message);
  }
}

/** Runs a function call, turning whatever it throws into a `FunctionFailure`. */
export async function asFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toFailure(error);
  }
}

export function toFailure(error: unknown): FunctionFailure {
  if (error instanceof FunctionFailure) return error;
  if (typeof error === "object" && error !== null && Symbol.for("ConvexError") in error) {
    const data = (error as { data: Value }).data;
    return new FunctionFailure(
      `Uncaught ConvexError: ${(error as Error).message}`,
      convexToJson(data),
    );
  }
  const message =
    error instanceof Error
      ? `Uncaught ${error.name}: ${error.message}`
      : `Uncaught ${String(error)}`;
  return new FunctionFailure(message, undefined);
}
