/**
 * fast-check generators of hostile input for the local backend: sync
 * protocol frames and HTTP function-API requests. Valid messages (so the
 * backend's deeper paths run too), the same with a field removed, retyped,
 * duplicated, deeply nested or oversized, truncated JSON, random JSON and
 * text, binary and invalid UTF-8 frames — in any order.
 */
import fc from "fast-check";
import { MAX_MESSAGE_BYTES } from "../inbound.ts";

/** One WebSocket frame; `data` as bytes is sent as-is (binary or not). */
export type Frame = { data: string | Uint8Array; binary: boolean; oversized: boolean };

export type HttpRequest = {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  oversized: boolean;
  /** The error the function call must fail with, when the request is built to get a known one. */
  failsWith?: RegExp;
};

type Message = Record<string, unknown>;

/** Channels the generated writes go to; a test's own channels are never among them. */
const FUZZ_CHANNELS = ["fuzz-a", "fuzz-b"];

const udfPath = fc.oneof(
  fc.constantFrom(
    "messages:list",
    "messages:page",
    "messages:whoami",
    "messages:send",
    "messages:sendViaAction",
    "messages:refuse",
    "messages:sendInternal",
    "limited:shout",
    "files:generateUploadUrl",
    "args:subscribe",
    "args:check",
    "args:echo",
    "messages.js:list",
    "messages",
    "nowhere:nothing",
  ),
  fc.string({ minLength: 1 }),
);

/** Arguments: the fixture's own shapes, Convex-encoded values (some undecodable), anything. */
const args = fc.oneof(
  fc.record({ channel: fc.constantFrom(...FUZZ_CHANNELS), body: fc.string() }),
  fc.record({
    channel: fc.constantFrom(...FUZZ_CHANNELS),
    paginationOpts: fc.record({
      numItems: fc.integer({ min: -1, max: 5 }),
      cursor: fc.constant(null),
    }),
  }),
  fc.constantFrom<Message>(
    {},
    { n: { $integer: "AQAAAAAAAAA=" } },
    { n: { $integer: "not base64" } },
    { n: { $float: 1 } },
    { b: { $bytes: 7 } },
    { $weird: 1 },
  ),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
);

/** Values a field is retyped to: wrong types, edge numbers, anything. */
const strangeValue = fc.oneof(
  fc.constantFrom(null, true, -1, 1.5, 2 ** 32, 1e308, -0, "", "x", [], {}, [null], [[]]),
  fc.jsonValue({ maxDepth: 3 }),
);

const version = fc.nat(2);
const id = fc.nat(5);
const jwtLike = fc
  .tuple(fc.base64String(), fc.base64String(), fc.base64String())
  .map((parts) => parts.join("."));

const connect = fc.record({
  type: fc.constant("Connect"),
  sessionId: fc.uuid(),
  connectionCount: fc.nat(3),
  lastCloseReason: fc.constant(null),
  clientTs: fc.nat(),
});

const query = fc.record(
  {
    type: fc.constant("Add"),
    queryId: id,
    udfPath,
    args: args.map((a) => [a]),
    journal: fc.oneof(fc.constant(null), fc.constant('{"endCursor":"x"}'), fc.string()),
  },
  { requiredKeys: ["type", "queryId", "udfPath", "args"] },
);

const message: fc.Arbitrary<Message> = fc.oneof(
  connect,
  fc.record({
    type: fc.constant("ModifyQuerySet"),
    baseVersion: version,
    newVersion: version.map((v) => v + 1),
    modifications: fc.array(
      fc.oneof(query, fc.record({ type: fc.constant("Remove"), queryId: id })),
      { maxLength: 4 },
    ),
  }),
  fc.record({
    type: fc.constant("Authenticate"),
    tokenType: fc.constant("User"),
    value: fc.oneof(fc.string(), jwtLike),
    baseVersion: version,
  }),
  fc.record({
    type: fc.constant("Authenticate"),
    tokenType: fc.constant("None"),
    baseVersion: version,
  }),
  fc.record({
    type: fc.constant("Authenticate"),
    tokenType: fc.constant("Admin"),
    value: fc.string(),
    baseVersion: version,
  }),
  ...(["Mutation", "Action"] as const).map((type) =>
    fc.record({ type: fc.constant(type), requestId: id, udfPath, args: args.map((a) => [a]) }),
  ),
  fc.record({ type: fc.constant("Event"), eventType: fc.string(), event: fc.jsonValue() }),
);

/** A valid message's JSON text, damaged one way or another (a large one stays within the limit). */
function damaged(valid: Message): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant("args");
  return fc.oneof(
    { weight: 6, arbitrary: key.map((k) => JSON.stringify(without(valid, k))) },
    {
      weight: 6,
      arbitrary: fc.tuple(key, strangeValue).map(([k, v]) => JSON.stringify({ ...valid, [k]: v })),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(key, strangeValue, fc.boolean())
        .map(([k, v, first]) => withDuplicate(valid, k, v, first)),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          key,
          fc.oneof(
            { weight: 8, arbitrary: fc.integer({ min: 1, max: 80 }) },
            { weight: 1, arbitrary: fc.constantFrom(1_000, 100_000) },
          ),
          fc.boolean(),
        )
        .map(([k, depth, inArrays]) => withNesting(valid, k, depth, inArrays)),
    },
    {
      weight: 2,
      arbitrary: fc.nat().map((n) => {
        const full = JSON.stringify(valid);
        return full.slice(0, n % full.length);
      }),
    },
    // Built only when picked, like every large value here: generation must stay cheap.
    {
      weight: 1,
      arbitrary: fc
        .constant(valid)
        .map((v) => JSON.stringify({ ...v, padding: "x".repeat(2 ** 18) })),
    },
  );
}

/** A valid message padded just over the size limit: rare (a few per fuzz run), each is 16 MB. */
const oversized = (valid: Message) =>
  JSON.stringify({ ...valid, padding: "x".repeat(MAX_MESSAGE_BYTES) });

const textFrame = (text: string, oversized = false): Frame => ({
  data: text,
  binary: false,
  oversized,
});

/** A frame that breaks the protocol, or may: a damaged or out-of-place message, junk, binary, invalid UTF-8. */
const hostileFrame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 100, arbitrary: message.chain(damaged).map((text) => textFrame(text)) },
  { weight: 40, arbitrary: message.map((m) => textFrame(JSON.stringify(m))) },
  { weight: 1, arbitrary: message.map((m) => textFrame(oversized(m), true)) },
  { weight: 10, arbitrary: fc.jsonValue().map((v) => textFrame(JSON.stringify(v))) },
  {
    weight: 10,
    arbitrary: fc.oneof(
      fc.string().map((s) => textFrame(s)),
      fc
        .constantFrom("null", "[]", "{}", '"Connect"', "1e999", "", '{"type":null}')
        .map((s) => textFrame(s)),
    ),
  },
  {
    weight: 5,
    arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({
      data: bytes,
      binary: true,
      oversized: false,
    })),
  },
  {
    weight: 5,
    arbitrary: fc.constant<Frame>({
      data: Uint8Array.of(0x7b, 0xff, 0xfe, 0x7d),
      binary: false,
      oversized: false,
    }),
  },
);

/** One step of a well-behaved client; `buildSession` gives it its versions and ids. */
type Step =
  | { kind: "subscribe"; udfPath: string; args: Message; journal: string | null }
  | { kind: "unsubscribe"; which: number }
  | { kind: "call"; type: "Mutation" | "Action"; udfPath: string; args: Message }
  | { kind: "authenticate"; token: string | null }
  | { kind: "event"; eventType: string; event: unknown };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("subscribe"),
      udfPath,
      args,
      journal: fc.oneof(fc.constant(null), fc.constant('{"endCursor":"x"}')),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("unsubscribe"), which: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("call"),
      type: fc.constantFrom("Mutation", "Action"),
      udfPath,
      args,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("authenticate"),
      // A user token here is never valid: the backend answers AuthError and closes.
      token: fc.oneof(
        { weight: 4, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: jwtLike },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("event"),
      eventType: fc.string(),
      event: fc.jsonValue(),
    }),
  },
);

/** The messages of a well-behaved session: Connect, then the steps with the versions and ids they need. */
function buildSession(connectMessage: Message, steps: Step[]): Message[] {
  let querySetVersion = 0;
  let identityVersion = 0;
  let nextQueryId = 0;
  let nextRequestId = 0;
  const queryIds: number[] = [];
  const modifyQuerySet = (modification: Message) => ({
    type: "ModifyQuerySet",
    baseVersion: querySetVersion,
    newVersion: ++querySetVersion,
    modifications: [modification],
  });
  return [
    connectMessage,
    ...steps.map((s): Message => {
      switch (s.kind) {
        case "subscribe":
          queryIds.push(nextQueryId);
          return modifyQuerySet({
            type: "Add",
            queryId: nextQueryId++,
            udfPath: s.udfPath,
            args: [s.args],
            journal: s.journal,
          });
        case "unsubscribe":
          if (queryIds.length === 0) return { type: "Event", eventType: "nothing", event: null };
          return modifyQuerySet({
            type: "Remove",
            queryId: queryIds.splice(s.which % queryIds.length, 1)[0],
          });
        case "call":
          return { type: s.type, requestId: nextRequestId++, udfPath: s.udfPath, args: [s.args] };
        case "authenticate":
          return s.token === null
            ? { type: "Authenticate", tokenType: "None", baseVersion: identityVersion++ }
            : {
                type: "Authenticate",
                tokenType: "User",
                value: s.token,
                baseVersion: identityVersion,
              };
        case "event":
          return { type: "Event", eventType: s.eventType, event: s.event };
      }
    }),
  ];
}

/** What turns a session hostile: a frame put in, or its own frames dropped, repeated or swapped. */
type Edit =
  | { kind: "insert"; at: number; frame: Frame }
  | { kind: "drop" | "repeat"; at: number }
  | { kind: "swap"; at: number; with: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant("insert"), at: fc.nat(), frame: hostileFrame }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("drop", "repeat"), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("swap"), at: fc.nat(), with: fc.nat() }) },
);

function applyEdit(frames: Frame[], e: Edit): Frame[] {
  if (frames.length === 0 && e.kind !== "insert") return frames;
  const edited = [...frames];
  const at = e.at % (frames.length + (e.kind === "insert" ? 1 : 0));
  if (e.kind === "insert") edited.splice(at, 0, e.frame);
  else if (e.kind === "swap") {
    const other = e.with % frames.length;
    [edited[at], edited[other]] = [frames[other], frames[at]];
  } else if (e.kind === "drop") edited.splice(at, 1);
  else edited.splice(at, 0, frames[at]);
  return edited;
}

/**
 * What one connection sends: a well-behaved session (so the backend's deeper
 * paths run: queries, mutations, actions, auth), mostly made hostile by a few
 * edits. The first frame that breaks the protocol ends the connection.
 */
export const connectionScript: fc.Arbitrary<Frame[]> = fc
  .tuple(connect, fc.array(step, { minLength: 2, maxLength: 16 }), fc.array(edit, { maxLength: 2 }))
  .map(([first, steps, edits]) =>
    edits.reduce(
      applyEdit,
      buildSession(first, steps).map((m) => textFrame(JSON.stringify(m))),
    ),
  );

const FUNCTION_ROUTES = {
  "/api/query": "positional",
  "/api/query_at_ts": "positional",
  "/api/mutation": "positional",
  "/api/action": "positional",
  "/api/function": "named",
  "/api/run/messages/send": "run",
  "/api/run/messages/list": "run",
  "/api/run/nowhere": "run",
} as const;

/** A valid body for a function route, as ConvexHttpClient shapes it. */
function validBody(shape: "positional" | "named" | "run"): fc.Arbitrary<Message> {
  const format = fc.constantFrom("json", "convex_encoded_json");
  if (shape === "run") return fc.record({ args, format }, { requiredKeys: [] });
  return fc.record(
    { path: udfPath, args: shape === "positional" ? args.map((a) => [a]) : args, format },
    { requiredKeys: ["path", "args"] },
  );
}

const functionRequest = fc
  .constantFrom(...(Object.keys(FUNCTION_ROUTES) as Array<keyof typeof FUNCTION_ROUTES>))
  .chain((path) =>
    fc.tuple(
      fc.constant(path),
      validBody(FUNCTION_ROUTES[path]).chain((valid) =>
        fc.oneof(
          { weight: 80, arbitrary: fc.constant({ text: JSON.stringify(valid), oversized: false }) },
          { weight: 320, arbitrary: damaged(valid).map((text) => ({ text, oversized: false })) },
          {
            weight: 1,
            arbitrary: fc.constant(valid).map((v) => ({ text: oversized(v), oversized: true })),
          },
          {
            weight: 80,
            arbitrary: fc
              .oneof(
                fc.string(),
                fc.jsonValue().map((v) => JSON.stringify(v)),
              )
              .map((text) => ({ text, oversized: false })),
          },
        ),
      ),
    ),
  );

const otherPath = fc.constantFrom(
  "/api/query_ts",
  "/api/storage/upload",
  "/api/storage/%E0%A4%A",
  "/api/storage/nothing",
  "/version",
  "/nowhere",
  "/api/run/",
);

/** Printable ASCII only: fetch refuses other header bytes before sending. */
const headerText = fc.string({ unit: "grapheme-ascii", maxLength: 40 });

const headers = fc.oneof(
  fc.constant({}),
  headerText.map((t) => ({ authorization: `Bearer ${t}` })),
  jwtLike.map((t) => ({ authorization: `Bearer ${t}` })),
  headerText.map((t) => ({ authorization: `Convex ${t}` })),
  fc.constant({ "content-type": "text/plain" }),
);

/**
 * Calls of fixture functions whose arguments hold objects (and arrays), with valid arguments
 * and where each object or array argument is: the function's validator is what checks them.
 */
const FUNCTIONS_WITH_OBJECT_ARGUMENTS = [
  {
    udfPath: "args:subscribe",
    kind: "mutation",
    args: { endpoint: "https://push.example/1", keys: { auth: "a", p256dh: "p" } },
  },
  {
    udfPath: "args:check",
    kind: "query",
    args: { endpoint: "https://push.example/1", keys: { auth: "a", p256dh: "p" } },
  },
  {
    udfPath: "args:echo",
    kind: "action",
    args: { endpoint: "https://push.example/1", keys: { auth: "a", p256dh: "p" }, tags: ["t"] },
  },
  {
    udfPath: "messages:page",
    kind: "query",
    args: { channel: "fuzz-a", paginationOpts: { numItems: 2, cursor: null } },
  },
] as const;

/** Names every object has through its prototype: fields of these names are extra fields like any other. */
const INHERITED_NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];

/** The dotted paths of the objects and arrays inside `value` (not `value` itself). */
function containerPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, field]) =>
    typeof field === "object" && field !== null
      ? [`${prefix}.${key}`, ...containerPaths(field, `${prefix}.${key}`)]
      : [],
  );
}

/** `args` as JSON text with the value at `path` replaced by `replacement` (JSON text). */
function replacedAt(args: object, path: string, replacement: string): string {
  const marker = `"replace-${crypto.randomUUID()}"`;
  const copy = structuredClone(args) as Record<string, unknown>;
  const keys = path.split(".").slice(1);
  let parent = copy;
  for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  parent[keys[keys.length - 1]] = JSON.parse(marker);
  return JSON.stringify(copy).replace(marker, replacement);
}

/** The route and body of a call of `udfPath` with `argsJson`, in one of the shapes the HTTP API takes. */
const callOf = (udfPath: string, kind: string, argsJson: string) =>
  fc.constantFrom(
    { path: `/api/${kind}`, body: `{"path":"${udfPath}","args":[${argsJson}],"format":"json"}` },
    { path: "/api/function", body: `{"path":"${udfPath}","args":${argsJson},"format":"json"}` },
    { path: `/api/run/${udfPath.replace(":", "/")}`, body: `{"args":${argsJson},"format":"json"}` },
  );

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A call whose arguments set an object (or array) argument to null, or add a field named like an inherited property. */
const malformedObjectArguments: fc.Arbitrary<HttpRequest> = fc
  .constantFrom(...FUNCTIONS_WITH_OBJECT_ARGUMENTS)
  .chain(({ udfPath, kind, args }) =>
    fc.oneof(
      fc.constantFrom(...containerPaths(args)).chain((path) =>
        callOf(udfPath, kind, replacedAt(args, path, "null")).map((call) => ({
          ...call,
          failsWith: new RegExp(
            `^ArgumentValidationError: Value does not match validator\\.\nPath: ${escapeRegExp(path)}\nValue: null\n`,
          ),
        })),
      ),
      fc
        .tuple(fc.constantFrom("", ...containerPaths(args)), fc.constantFrom(...INHERITED_NAMES))
        .filter(([path]) => !Array.isArray(path && pathValue(args, path)))
        .chain(([path, name]) => {
          const inner = path ? (pathValue(args, path) as object) : args;
          const withField = `{${JSON.stringify(name)}:1,${JSON.stringify(inner).slice(1)}`;
          const argsJson = path ? replacedAt(args, path, withField) : withField;
          return callOf(udfPath, kind, argsJson).map((call) => ({
            ...call,
            failsWith: new RegExp(
              `^ArgumentValidationError: Object contains extra field \`${name}\` that is not in the validator\\.\n${path ? `Path: ${escapeRegExp(path)}` : ""}\n`,
            ),
          }));
        }),
    ),
  )
  .map(({ path, body, failsWith }) => ({
    path,
    method: "POST",
    headers: {},
    body,
    oversized: false,
    failsWith,
  }));

function pathValue(value: object, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split(".").slice(1)) current = (current as Record<string, unknown>)[key];
  return current;
}

/** Any request to the cloud origin, mostly near-valid calls of the function API. */
export const httpRequest: fc.Arbitrary<HttpRequest> = fc.oneof(
  { weight: 2, arbitrary: malformedObjectArguments },
  {
    weight: 8,
    arbitrary: fc.tuple(functionRequest, headers).map(([[path, { text, oversized }], h]) => ({
      path,
      method: "POST",
      headers: h,
      body: text,
      oversized,
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(otherPath, fc.constantFrom("GET", "POST", "PUT", "OPTIONS", "DELETE"), fc.string())
      .map(([path, method, text]) => ({
        path,
        method,
        headers: {},
        body: method === "GET" ? undefined : text,
        oversized: false,
      })),
  },
);

function without(message: Message, key: string): Message {
  const copy = { ...message };
  delete copy[key];
  return copy;
}

/** The message's JSON with `key` a second time (JSON.parse keeps the last one). */
function withDuplicate(message: Message, key: string, value: unknown, first: boolean): string {
  const extra = `${JSON.stringify(key)}:${JSON.stringify(value)}`;
  const body = JSON.stringify(message).slice(1, -1);
  return first ? `{${extra},${body}}` : `{${body},${extra}}`;
}

/** The message's JSON with `key`'s value wrapped `depth` levels deep, written as text (deeper than any stack). */
function withNesting(message: Message, key: string, depth: number, inArrays: boolean): string {
  const placeholder = "\u0000nest\u0000";
  const [open, close] = inArrays ? ["[", "]"] : ['{"a":', "}"];
  return JSON.stringify({ ...message, [key]: placeholder }).replace(
    JSON.stringify(placeholder),
    `${open.repeat(depth)}${JSON.stringify(message[key])}${close.repeat(depth)}`,
  );
}
