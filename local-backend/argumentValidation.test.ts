/**
 * Arguments that do not match a function's validator are answered as a
 * Convex deployment answers them: `ArgumentValidationError`, naming the
 * field, with Convex's wording — whichever way the call comes (HTTP function
 * API, sync mutation, query, action), and before the function runs.
 */
import path from "node:path";
import { ConvexClient } from "convex/browser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { Engine } from "./engine.ts";
import { api } from "./fixtures/convex/_generated/api.js";
import type { LocalBackend } from "./server.ts";
import { projectDir, startFixtureBackend } from "./test/harness.ts";

let backend: LocalBackend;
beforeAll(async () => {
  backend = await startFixtureBackend();
});
afterAll(async () => {
  await backend?.stop();
});

const keys = { auth: "a", p256dh: "p" };
const endpoint = "https://push.example/1";
const SUBSCRIPTION_VALIDATOR =
  "v.object({endpoint: v.string(), keys: v.object({auth: v.string(), p256dh: v.string()})})";
const KEYS_VALIDATOR = "v.object({auth: v.string(), p256dh: v.string()})";

/**
 * Calls `udfPath` over the HTTP function API with `argsJson` (JSON text, so that a field named
 * `__proto__` goes out as one); resolves with the error message, or "success: <value>".
 */
async function callOverHttp(kind: string, udfPath: string, argsJson: string): Promise<string> {
  const response = await fetch(`${backend.cloudUrl}/api/${kind}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: `{"path":${JSON.stringify(udfPath)},"args":[${argsJson}],"format":"json"}`,
  });
  const body = (await response.json()) as {
    status: string;
    value?: unknown;
    errorMessage?: string;
  };
  if (body.status === "success") return `success: ${JSON.stringify(body.value)}`;
  expect(response.status).toBe(560);
  return body.errorMessage!;
}

const subscribe = (args: object | string) =>
  callOverHttp(
    "mutation",
    "args:subscribe",
    typeof args === "string" ? args : JSON.stringify(args),
  );

describe("malformed arguments get Convex's validator error, naming the field", () => {
  test("an object argument set to null (it used to crash the check: 'Cannot convert undefined or null to object')", async () => {
    expect(await subscribe({ endpoint, keys: null })).toBe(
      "ArgumentValidationError: Value does not match validator.\n" +
        "Path: .keys\n" +
        "Value: null\n" +
        `Validator: ${KEYS_VALIDATOR}`,
    );
  });

  test("an extra field named `constructor` (it used to be accepted)", async () => {
    expect(await subscribe({ endpoint, keys, constructor: "x" })).toBe(
      "ArgumentValidationError: Object contains extra field `constructor` that is not in the validator.\n\n" +
        `Object: {constructor: "x", endpoint: "${endpoint}", keys: {auth: "a", p256dh: "p"}}\n` +
        `Validator: ${SUBSCRIPTION_VALIDATOR}`,
    );
  });

  test("an extra field named `__proto__` (decoding would have made it the prototype, silently)", async () => {
    expect(
      await subscribe(
        `{"endpoint":"${endpoint}","keys":{"auth":"a","p256dh":"p"},"__proto__":{"x":1}}`,
      ),
    ).toBe(
      "ArgumentValidationError: Object contains extra field `__proto__` that is not in the validator.\n\n" +
        `Object: {__proto__: {x: 1.0}, endpoint: "${endpoint}", keys: {auth: "a", p256dh: "p"}}\n` +
        `Validator: ${SUBSCRIPTION_VALIDATOR}`,
    );
  });

  test("extra fields named like other properties every object inherits (`toString`, `hasOwnProperty`, `valueOf`)", async () => {
    for (const field of ["toString", "hasOwnProperty", "valueOf"]) {
      const [first, path, object] = (await subscribe({ endpoint, keys, [field]: 1 })).split("\n");
      expect(first).toBe(
        `ArgumentValidationError: Object contains extra field \`${field}\` that is not in the validator.`,
      );
      expect(path).toBe("");
      expect(object).toContain(`, ${field}: 1.0`);
    }
  });

  test("an extra field inside a nested object names its path", async () => {
    expect(await subscribe({ endpoint, keys: { ...keys, constructor: "c" } })).toBe(
      "ArgumentValidationError: Object contains extra field `constructor` that is not in the validator.\n" +
        "Path: .keys\n" +
        'Object: {auth: "a", constructor: "c", p256dh: "p"}\n' +
        `Validator: ${KEYS_VALIDATOR}`,
    );
  });

  test("a missing required field, at the top and inside a nested object", async () => {
    expect(await subscribe({ endpoint })).toBe(
      "ArgumentValidationError: Object is missing the required field `keys`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\n\n" +
        `Object: {endpoint: "${endpoint}"}\n` +
        `Validator: ${SUBSCRIPTION_VALIDATOR}`,
    );
    expect(await subscribe({ endpoint, keys: { p256dh: "p" } })).toBe(
      "ArgumentValidationError: Object is missing the required field `auth`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\n" +
        "Path: .keys\n" +
        'Object: {p256dh: "p"}\n' +
        `Validator: ${KEYS_VALIDATOR}`,
    );
  });

  test("a value of the wrong type, in a field and in an array", async () => {
    expect(await subscribe({ endpoint: 1, keys })).toBe(
      "ArgumentValidationError: Value does not match validator.\n" +
        "Path: .endpoint\n" +
        "Value: 1.0\n" +
        "Validator: v.string()",
    );
    expect(
      await callOverHttp(
        "action",
        "args:echo",
        JSON.stringify({ endpoint, keys, tags: ["a", null] }),
      ),
    ).toBe(
      "ArgumentValidationError: Value does not match validator.\n" +
        "Path: .tags[1]\n" +
        "Value: null\n" +
        "Validator: v.string()",
    );
  });

  test("arguments that match still pass", async () => {
    expect(await subscribe({ endpoint, keys })).toBe('success: "subscribed"');
    expect(await callOverHttp("action", "args:echo", JSON.stringify({ endpoint, keys }))).toBe(
      `success: "${endpoint}"`,
    );
  });

  test("the same answer over the sync protocol: a mutation, a query, an action", async () => {
    const client = new ConvexClient(backend.cloudUrl, {
      webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
      unsavedChangesWarning: false,
      logger: false,
    });
    const args = { endpoint, keys: null } as unknown as { endpoint: string; keys: typeof keys };
    const expected =
      "ArgumentValidationError: Value does not match validator.\nPath: .keys\nValue: null\n" +
      `Validator: ${KEYS_VALIDATOR}`;
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => "success",
        (error: Error) => error.message,
      );
    expect(await failure(client.mutation(api.args.subscribe, args))).toContain(expected);
    expect(await failure(client.action(api.args.echo, args))).toContain(expected);
    const queryError = await new Promise<Error>((resolve) =>
      client.onUpdate(api.args.check, args, () => {}, resolve),
    );
    expect(queryError.message).toContain(expected);
    await client.close();
  });
});

describe("the app's functions", () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await Engine.create({
      functionsDir: path.join(projectDir, "convex"),
      uploadUrl: () => "",
      fileUrl: () => "",
    });
  });
  afterAll(async () => {
    await engine?.dispose();
  });

  test("push:subscribe with `keys: null`, and with an extra `constructor`", async () => {
    expect(await engine.argumentsProblem("push:subscribe", { endpoint, keys: null })).toMatch(
      /^ArgumentValidationError: Value does not match validator\.\nPath: \.keys\nValue: null\nValidator: v\.object\(\{/,
    );
    expect(
      await engine.argumentsProblem("push:subscribe", { endpoint, keys, constructor: "x" }),
    ).toMatch(
      /^ArgumentValidationError: Object contains extra field `constructor` that is not in the validator\.\n/,
    );
  });
});
