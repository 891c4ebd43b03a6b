/**
 * The functions of the current code: what kind each is, who may call it, and whether a
 * caller's arguments pass its `args` validator — read from the function objects `convex/server`
 * registers (`query`, `mutation`, `action`…).
 */
import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import { argumentsProblem, type ValidatorJson } from "./argumentValidation.ts";
import type { ConvexTestRuntime } from "./convexTestInternals.ts";
import { FunctionFailure } from "./failures.ts";

export type FunctionKind = "query" | "mutation" | "action";
export type Visibility = "public" | "internal";

type RegisteredFunction = {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  isInternal?: boolean;
  /** The `args` validator as JSON text (`{"type":"any"}` when there is none). */
  exportArgs?: () => string;
};

/** Each function's `args` validator, parsed once (a reload brings new function objects). */
const argsValidators = new WeakMap<RegisteredFunction, ValidatorJson>();

export class FunctionDirectory {
  constructor(private readonly runtime: ConvexTestRuntime) {}

  /** A module of the current code, loaded through the current (hot-reloadable) namespace. */
  async loadModule(modulePath: string, mountPath = ""): Promise<Record<string, unknown> | null> {
    try {
      return await this.runtime.loadModule(mountPath, modulePath);
    } catch {
      return null;
    }
  }

  /** What kind of function `udfPath` (of the app, or of the component at `mountPath`) names and who may call it, or null if there is none. */
  async describe(
    udfPath: string,
    mountPath = "",
  ): Promise<{ kind: FunctionKind; visibility: Visibility } | null> {
    const fn = await this.registeredFunction(udfPath, mountPath);
    const kind = fn?.isQuery
      ? "query"
      : fn?.isMutation
        ? "mutation"
        : fn?.isAction
          ? "action"
          : null;
    if (!kind) return null;
    return { kind, visibility: fn!.isPublic ? "public" : "internal" };
  }

  private async registeredFunction(
    udfPath: string,
    mountPath: string,
  ): Promise<RegisteredFunction | null> {
    const [modulePath, exportName = "default"] = udfPath.split(":");
    const module = await this.loadModule(modulePath, mountPath);
    const fn = module?.[exportName] as RegisteredFunction | undefined;
    if (!fn || (typeof fn !== "object" && typeof fn !== "function")) return null;
    return fn;
  }

  /**
   * A caller's arguments (as they came over the network, Convex-encoded JSON) decoded for
   * `udfPath`, once they pass its `args` validator; a `FunctionFailure` with Convex's message
   * when they cannot be decoded or do not pass. convex-test checks arguments too, but not as
   * Convex does: it crashes on an object argument that is null and accepts extra fields named
   * like `Object.prototype`'s properties (`constructor`, `toString`…).
   */
  async decodeArgs(
    udfPath: string,
    args: JSONValue,
    mountPath = "",
  ): Promise<Record<string, Value>> {
    let decoded: Value;
    try {
      decoded = jsonToConvex(args);
    } catch (error) {
      throw new FunctionFailure((error as Error).message, undefined);
    }
    const problem = await this.argumentsProblem(udfPath, args, mountPath);
    if (problem !== null) throw new FunctionFailure(problem, undefined);
    return decoded as Record<string, Value>;
  }

  /** Convex's answer to `args` (decodable, as `decodeArgs` takes them) that do not pass `udfPath`'s validator, or null. */
  async argumentsProblem(udfPath: string, args: JSONValue, mountPath = ""): Promise<string | null> {
    const fn = await this.registeredFunction(udfPath, mountPath);
    if (typeof fn?.exportArgs !== "function") return null;
    let validator = argsValidators.get(fn);
    if (!validator)
      argsValidators.set(fn, (validator = JSON.parse(fn.exportArgs()) as ValidatorJson));
    return argumentsProblem(validator, args);
  }
}
