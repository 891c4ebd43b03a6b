/**
 * A function's arguments checked against its `args` validator as a Convex
 * deployment checks them, answering with Convex's messages
 * (`ArgumentValidationError: Object contains extra field …`).
 *
 * The check runs on the arguments as they came over the network, in the
 * Convex JSON encoding, before they are decoded: that is the form Convex
 * checks too, and the only one in which every field is an own property
 * (decoding turns a field named `__proto__` into the object's prototype).
 * Fields are looked up as own properties only, so a field named
 * `constructor` or `toString` is a field like any other, not something the
 * validator object inherits. The caller has decoded the arguments once
 * (`jsonToConvex`), so every `$`-encoded value here is well formed.
 *
 * The order of the checks and the wording follow the Convex backend's
 * validator: the validator's fields in sorted order (a field's own value is
 * checked before the next field), then the extra fields; values and
 * validators are printed as it prints them.
 */
import { jsonToConvex, type JSONValue } from "convex/values";

/** A validator as a registered function's `exportArgs()` describes it. */
export type ValidatorJson =
  | { type: "null" | "number" | "bigint" | "boolean" | "string" | "bytes" | "any" | "commitTs" }
  | { type: "literal"; value: JSONValue }
  | { type: "id"; tableName: string }
  | { type: "array"; value: ValidatorJson }
  | { type: "record"; keys: ValidatorJson; values: FieldJson }
  | { type: "object"; value: Record<string, FieldJson> }
  | { type: "union"; value: ValidatorJson[] };

type FieldJson = { fieldType: ValidatorJson; optional: boolean };
type ObjectValidatorJson = Extract<ValidatorJson, { type: "object" }>;
type JSONObject = { [key: string]: JSONValue };

type Kind =
  "null" | "float64" | "int64" | "boolean" | "string" | "bytes" | "array" | "object" | "commitTs";

/**
 * What a Convex deployment answers when `args` do not match `validator`
 * (the function's `exportArgs()`), or null when they do.
 */
export function argumentsProblem(validator: ValidatorJson, args: JSONValue): string | null {
  if (validator.type === "any") return null;
  if (kindOf(args) !== "object")
    return `ArgumentValidationError: Expected to receive an object as the function's argument. Instead received: ${showValue(args)}`;
  const problem = check(validator, args, null);
  return problem === null ? null : `ArgumentValidationError: ${problem}`;
}

/** Why `value` does not match `validator` at `path` (null: the top level), or null. */
function check(validator: ValidatorJson, value: JSONValue, path: string | null): string | null {
  const kind = kindOf(value);
  switch (validator.type) {
    case "any":
      return null;
    case "null":
      return kind === "null" ? null : noMatch(value, validator, path);
    case "number":
      return kind === "float64" ? null : noMatch(value, validator, path);
    case "bigint":
      return kind === "int64" ? null : noMatch(value, validator, path);
    case "commitTs":
      return kind === "int64" || kind === "commitTs" ? null : noMatch(value, validator, path);
    case "boolean":
      return kind === "boolean" ? null : noMatch(value, validator, path);
    case "string":
      return kind === "string" ? null : noMatch(value, validator, path);
    case "bytes":
      return kind === "bytes" ? null : noMatch(value, validator, path);
    case "literal":
      return sameValue(value, validator.value)
        ? null
        : `\`${showValue(value)}\` does not match literal validator \`v.literal(${showLiteral(validator.value)})\`.${showPath(path)}`;
    case "id":
      return checkId(validator.tableName, value, path);
    case "array": {
      if (kind !== "array") return noMatch(value, validator, path);
      for (const [i, element] of (value as JSONValue[]).entries()) {
        const problem = check(validator.value, element, `${path ?? ""}[${i}]`);
        if (problem !== null) return problem;
      }
      return null;
    }
    case "record": {
      if (kind !== "object") return noMatch(value, validator, path);
      for (const [key, element] of sortedEntries(value as JSONObject)) {
        const problem =
          check(validator.keys, key, `${path ?? ""}.keys()`) ??
          check(validator.values.fieldType, element, `${path ?? ""}.values()`);
        if (problem !== null) return problem;
      }
      return null;
    }
    case "object":
      return kind === "object"
        ? checkObject(validator, value as JSONObject, path)
        : noMatch(value, validator, path);
    case "union": {
      if (validator.value.length === 1) return check(validator.value[0], value, path);
      return validator.value.some((member) => check(member, value, path) === null)
        ? null
        : noMatch(value, validator, path);
    }
  }
}

function checkObject(
  validator: ObjectValidatorJson,
  object: JSONObject,
  path: string | null,
): string | null {
  for (const [field, { fieldType, optional }] of sortedEntries(validator.value)) {
    if (Object.hasOwn(object, field)) {
      const problem = check(fieldType, object[field], `${path ?? ""}.${field}`);
      if (problem !== null) return problem;
    } else if (!optional) {
      return (
        `Object is missing the required field \`${field}\`. Consider wrapping the field validator in \`v.optional(...)\` if this is expected.\n` +
        `${showPath(path)}\nObject: ${showValue(object)}\nValidator: ${showValidator(validator)}`
      );
    }
  }
  for (const field of Object.keys(object).sort()) {
    if (!Object.hasOwn(validator.value, field))
      return (
        `Object contains extra field \`${field}\` that is not in the validator.\n` +
        `${showPath(path)}\nObject: ${showValue(object)}\nValidator: ${showValidator(validator)}`
      );
  }
  return null;
}

/** The local backend's document ids are `<number><table name>`. */
const LOCAL_ID = /^[0-9]+([A-Za-z_][A-Za-z0-9_]*)$/;

function checkId(tableName: string, value: JSONValue, path: string | null): string | null {
  const table = typeof value === "string" ? LOCAL_ID.exec(value)?.[1] : undefined;
  if (table === undefined) return noMatch(value, { type: "id", tableName }, path);
  if (table === tableName) return null;
  const validator = `\`v.id("${tableName}")\``;
  if (table.startsWith("_"))
    return `Found ID "${value as string}" from a system table, which does not match the table name in validator ${validator}.${showPath(path)}`;
  return `Found ID "${value as string}" from table \`${table}\`, which does not match the table name in validator ${validator}.${showPath(path)}`;
}

function noMatch(value: JSONValue, validator: ValidatorJson, path: string | null): string {
  return `Value does not match validator.\n${showPath(path)}\nValue: ${showValue(value)}\nValidator: ${showValidator(validator)}`;
}

function showPath(path: string | null): string {
  return path === null ? "" : `Path: ${path}`;
}

/** The Convex type of a value in the JSON encoding. */
function kindOf(value: JSONValue): Kind {
  if (value === null) return "null";
  if (typeof value === "number") return "float64";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "string") return "string";
  if (Array.isArray(value)) return "array";
  const keys = Object.keys(value);
  if (keys.length === 1) {
    if (keys[0] === "$integer") return "int64";
    if (keys[0] === "$float") return "float64";
    if (keys[0] === "$bytes") return "bytes";
    if (keys[0] === "$commitTs") return "commitTs";
  }
  return "object";
}

/** Equality of two encoded values as Convex values (a float's -0 is not its 0). */
function sameValue(a: JSONValue, b: JSONValue): boolean {
  const kind = kindOf(a);
  if (kind !== kindOf(b)) return false;
  if (kind === "float64" || kind === "int64") return Object.is(jsonToConvex(a), jsonToConvex(b));
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A value as Convex prints it in its messages: objects with sorted fields, floats always with a point. */
function showValue(value: JSONValue): string {
  switch (kindOf(value)) {
    case "null":
      return "null";
    case "float64":
      return showFloat(jsonToConvex(value) as number);
    case "int64":
      return (jsonToConvex(value) as bigint).toString();
    case "commitTs":
      return "<commitTs>";
    case "boolean":
      return value ? "true" : "false";
    case "string":
      return debugString(value as string);
    case "bytes":
      return `b"${Buffer.from(jsonToConvex(value) as ArrayBuffer).toString("base64")}"`;
    case "array":
      return `[${(value as JSONValue[]).map(showValue).join(", ")}]`;
    case "object":
      return `{${sortedEntries(value as JSONObject)
        .map(([key, field]) => `${key}: ${showValue(field)}`)
        .join(", ")}}`;
  }
}

/** A validator as Convex prints it: `v.object({auth: v.string(), p256dh: v.string()})`. */
function showValidator(validator: ValidatorJson): string {
  switch (validator.type) {
    case "number":
      return "v.float64()";
    case "bigint":
      return "v.int64()";
    case "null":
    case "boolean":
    case "string":
    case "bytes":
    case "any":
    case "commitTs":
      return `v.${validator.type}()`;
    case "literal":
      return `v.literal(${showLiteral(validator.value)})`;
    case "id":
      return `v.id("${validator.tableName}")`;
    case "array":
      return `v.array(${showValidator(validator.value)})`;
    case "record":
      return `v.record(${showValidator(validator.keys)}, ${showValidator(validator.values.fieldType)})`;
    case "object":
      return `v.object({${sortedEntries(validator.value)
        .map(
          ([field, { fieldType, optional }]) =>
            `${field}: ${optional ? `v.optional(${showValidator(fieldType)})` : showValidator(fieldType)}`,
        )
        .join(", ")}})`;
    case "union":
      return `v.union(${validator.value.map(showValidator).join(", ")})`;
  }
}

/** A literal as JSON; a bigint or a float JSON cannot write is shown as its type. */
function showLiteral(value: JSONValue): string {
  const kind = kindOf(value);
  if (kind === "int64") return "<bigint>";
  if (kind === "float64") {
    const number = jsonToConvex(value) as number;
    return Number.isFinite(number) ? showFloat(number) : "<number>";
  }
  return JSON.stringify(value);
}

/** A float as Convex prints it: `1.0`, `0.5`, `1e16`, `1.5e-7`, `-0.0`, `NaN`, `inf`. */
function showFloat(number: number): string {
  if (Number.isNaN(number)) return "NaN";
  if (!Number.isFinite(number)) return number > 0 ? "inf" : "-inf";
  if (number === 0) return Object.is(number, -0) ? "-0.0" : "0.0";
  const magnitude = Math.abs(number);
  if (magnitude >= 1e16 || magnitude < 1e-4) {
    const [mantissa, exponent] = number.toExponential().split("e");
    return `${mantissa}e${Number(exponent)}`;
  }
  const decimal = String(number);
  return Number.isInteger(number) ? `${decimal}.0` : decimal;
}

/** A string quoted and escaped as Convex prints one (Rust's `Debug`). */
function debugString(text: string): string {
  let quoted = '"';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (character === '"') quoted += '\\"';
    else if (character === "\\") quoted += "\\\\";
    else if (character === "\n") quoted += "\\n";
    else if (character === "\r") quoted += "\\r";
    else if (character === "\t") quoted += "\\t";
    else if (code === 0) quoted += "\\0";
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) quoted += `\\u{${code.toString(16)}}`;
    else quoted += character;
  }
  return `${quoted}"`;
}

/** An object's own fields in the order Convex keeps them (sorted by name). */
function sortedEntries<T>(object: Record<string, T>): Array<[string, T]> {
  return Object.keys(object)
    .sort()
    .map((key) => [key, object[key]]);
}
