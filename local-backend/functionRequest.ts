/**
 * Bodies of the HTTP function API as ConvexHttpClient and `npx convex run`
 * send them, checked before use: a malformed request is the caller's mistake
 * (400 with a message), never a server error.
 */
import type { JSONValue } from "convex/values";
import { z } from "zod";
import type { FunctionKind } from "./functionDirectory.ts";
import { argsObject, parseInbound, udfPath, type Parsed } from "./inbound.ts";

const format = z.enum(["json", "convex_encoded_json"]).optional();

const bodies = {
  /** `/api/query`, `/api/mutation`, `/api/action`: the arguments in a one-element array. */
  positional: z
    .object({ path: udfPath, args: z.tuple([argsObject]), format, ts: z.string().optional() })
    .transform(({ path, args }) => ({ path, args: args[0] })),
  /** `/api/function`: the arguments as an object. */
  named: z
    .object({ path: udfPath, args: argsObject, format, componentPath: z.string().optional() })
    .transform(({ path, args }) => ({ path, args })),
  /** `/api/run/<module>/<function>`: the URL names the function; no arguments means `{}`. */
  run: z
    .object({ args: argsObject.optional(), format })
    .transform(({ args }) => ({ path: undefined, args: args ?? {} })),
};

/** A call of the HTTP function API: which kind of function its route runs and how its body is shaped. */
export type FunctionRoute = {
  kind: FunctionKind | "any";
  body: keyof typeof bodies;
  /** For `/api/run/…`, the function the URL names. */
  udfPath?: string;
};

export type FunctionRequest = { udfPath: string; args: Record<string, JSONValue> };

/** The function route a path of the cloud origin is, if any. */
export function functionRouteFor(pathname: string): FunctionRoute | null {
  switch (pathname) {
    case "/api/query":
    case "/api/query_at_ts":
      return { kind: "query", body: "positional" };
    case "/api/mutation":
      return { kind: "mutation", body: "positional" };
    case "/api/action":
      return { kind: "action", body: "positional" };
    case "/api/function":
      return { kind: "any", body: "named" };
  }
  const run = /^\/api\/run\/(.+)$/.exec(pathname);
  if (!run) return null;
  const segments = run[1].split("/");
  const exportName = segments.pop()!;
  return { kind: "any", body: "run", udfPath: `${segments.join("/")}:${exportName}` };
}

export function parseFunctionRequest(route: FunctionRoute, body: string): Parsed<FunctionRequest> {
  const parsed = parseInbound<{ path?: string; args: Record<string, JSONValue> }>(
    body || "{}",
    bodies[route.body],
  );
  if (!parsed.ok) return parsed;
  const { path, args } = parsed.value;
  return { ok: true, value: { udfPath: route.udfPath ?? path!, args } };
}
