/**
 * One client connection speaking the Convex sync protocol over WebSocket
 * (`/api/<version>/sync`): Connect, ModifyQuerySet, Authenticate, Mutation,
 * Action and Event in; Transition, MutationResponse, ActionResponse,
 * AuthError, FatalError and Ping out.
 *
 * The client is strict about versions: every Transition starts exactly where
 * the previous one ended (query set, identity, timestamp), and a mutation's
 * promise resolves only once a Transition reaches the mutation's timestamp.
 */
import type { UserIdentity } from "convex/server";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { WebSocket } from "ws";
import { AuthFailure, type TokenVerifier } from "./auth.ts";
import { FunctionFailure, type Engine } from "./engine.ts";
import type { MutationLog, MutationOutcome } from "./mutationLog.ts";
import { canonicalUdfPath, encodeTs } from "./protocol.ts";
import type { QueryHub, QueryResult, QuerySubscriber } from "./queryHub.ts";

const PING_INTERVAL_MS = 15_000;

type StateVersion = { querySet: number; identity: number; ts: bigint };

type ClientMessage =
  | { type: "Connect"; sessionId: string; connectionCount: number }
  | {
      type: "ModifyQuerySet";
      baseVersion: number;
      newVersion: number;
      modifications: Array<
        | {
            type: "Add";
            queryId: number;
            udfPath: string;
            args: JSONValue[];
            journal?: string | null;
            componentPath?: string;
          }
        | { type: "Remove"; queryId: number }
      >;
    }
  | {
      type: "Authenticate";
      tokenType: "User" | "Admin" | "None";
      value?: string;
      baseVersion: number;
    }
  | {
      type: "Mutation";
      requestId: number;
      udfPath: string;
      args: JSONValue[];
      componentPath?: string;
    }
  | {
      type: "Action";
      requestId: number;
      udfPath: string;
      args: JSONValue[];
      componentPath?: string;
    }
  | { type: "Event" };

export type SyncContext = {
  engine: Engine;
  hub: QueryHub;
  verifier: TokenVerifier;
  mutationLog: MutationLog;
  /** Resolves once everything committed so far is on disk. */
  durable: () => Promise<void>;
  log: (line: string) => void;
};

export class SyncSession implements QuerySubscriber {
  private version: StateVersion = { querySet: 0, identity: 0, ts: 0n };
  private identity: UserIdentity | null = null;
  private identityExpiresAt: number | null = null;
  private sessionId = "";
  /** Query-set, auth and mutation messages are handled in order. */
  private ordered: Promise<void> = Promise.resolve();
  private readonly pingTimer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly ctx: SyncContext,
  ) {
    socket.on("message", (data: Buffer) => this.onMessage(data.toString("utf8")));
    socket.on("close", () => this.close());
    socket.on("error", () => this.close());
    this.pingTimer = setInterval(() => this.send({ type: "Ping" }), PING_INTERVAL_MS);
  }

  private onMessage(raw: string): void {
    let message: ClientMessage;
    try {
      message = JSON.parse(raw) as ClientMessage;
    } catch {
      this.fatal("Invalid message: not JSON");
      return;
    }
    switch (message.type) {
      case "Connect":
        this.sessionId = message.sessionId;
        return;
      case "Event":
        return;
      case "Action":
        void this.runAction(message);
        return;
      case "ModifyQuerySet":
      case "Authenticate":
      case "Mutation":
        this.inOrder(() => this.handleOrdered(message));
        return;
      default:
        this.fatal(`Unknown message type ${(message as { type: string }).type}`);
    }
  }

  private inOrder(task: () => Promise<void>): void {
    this.ordered = this.ordered.then(task).catch((error: unknown) => {
      this.ctx.log(`sync: ${(error as Error).stack ?? String(error)}`);
      this.fatal(`Internal error: ${(error as Error).message}`);
    });
  }

  private async handleOrdered(message: ClientMessage): Promise<void> {
    if (this.closed) return;
    if (message.type === "ModifyQuerySet") await this.modifyQuerySet(message);
    else if (message.type === "Authenticate") await this.authenticate(message);
    else if (message.type === "Mutation") await this.runMutation(message);
  }

  private async modifyQuerySet(
    message: Extract<ClientMessage, { type: "ModifyQuerySet" }>,
  ): Promise<void> {
    if (message.baseVersion !== this.version.querySet) {
      this.fatal(
        `Base query set version ${message.baseVersion} does not match ${this.version.querySet}`,
      );
      return;
    }
    const add = [];
    const remove = [];
    for (const modification of message.modifications) {
      if (modification.type === "Remove") {
        remove.push(modification.queryId);
        continue;
      }
      add.push({
        queryId: modification.queryId,
        udfPath: canonicalUdfPath(modification.udfPath),
        args: modification.args[0] ?? {},
        journal: modification.journal ?? null,
      });
    }
    // Internal functions and missing functions fail like on Convex.
    const refused = new Map<number, QueryResult>();
    for (const query of [...add]) {
      const problem = await this.refuseCall(query.udfPath, "query");
      if (problem) {
        refused.set(query.queryId, {
          kind: "error",
          message: problem,
          errorData: undefined,
          journal: null,
        });
        add.splice(add.indexOf(query), 1);
        remove.push(query.queryId);
      }
    }
    const { results, ts } = await this.ctx.hub.modify(this, this.identity, add, remove);
    const modifications = [
      ...message.modifications
        .filter((m) => m.type === "Remove")
        .map((m) => ({ type: "QueryRemoved" as const, queryId: m.queryId })),
      ...toModifications(results),
      ...toModifications(refused),
    ];
    this.transition(
      { ...this.version, querySet: message.newVersion, ts: maxTs(this.version.ts, ts) },
      modifications,
    );
  }

  private async authenticate(
    message: Extract<ClientMessage, { type: "Authenticate" }>,
  ): Promise<void> {
    if (message.baseVersion !== this.version.identity) {
      this.fatal(
        `Base identity version ${message.baseVersion} does not match ${this.version.identity}`,
      );
      return;
    }
    if (message.tokenType === "Admin") {
      this.authError(
        "Admin keys are not accepted by the Clink local backend; sign in as a user.",
        message.baseVersion,
      );
      return;
    }
    let identity: UserIdentity | null = null;
    let expiresAt: number | null = null;
    if (message.tokenType === "User") {
      try {
        ({ identity, expiresAt } = await this.ctx.verifier.verify(message.value ?? ""));
      } catch (error) {
        if (!(error instanceof AuthFailure)) throw error;
        this.authError(error.message, message.baseVersion);
        return;
      }
    }
    this.identity = identity;
    this.identityExpiresAt = expiresAt;
    const { results, ts } = await this.ctx.hub.reidentify(this, identity);
    this.transition(
      {
        querySet: this.version.querySet,
        identity: message.baseVersion + 1,
        ts: maxTs(this.version.ts, ts),
      },
      toModifications(results),
    );
  }

  /** An expired token stops working for new requests, as on Convex. */
  private checkIdentityFresh(): boolean {
    if (this.identityExpiresAt !== null && Date.now() >= this.identityExpiresAt) {
      this.authError("Token expired", this.version.identity, false);
      return false;
    }
    return true;
  }

  private async runMutation(message: Extract<ClientMessage, { type: "Mutation" }>): Promise<void> {
    if (!this.checkIdentityFresh()) return;
    const outcomes = this.ctx.mutationLog.outcomes(this.sessionId);
    let outcome = outcomes.get(message.requestId);
    if (!outcome) {
      outcome = this.executeMutation(
        canonicalUdfPath(message.udfPath),
        message.args[0] ?? {},
        message.requestId,
      );
      outcomes.set(message.requestId, outcome);
    }
    const result = await outcome;
    if (!result.success) {
      this.send({
        type: "MutationResponse",
        requestId: message.requestId,
        success: false,
        result: result.failure.message,
        logLines: [],
        ...(result.failure.errorData !== undefined ? { errorData: result.failure.errorData } : {}),
      });
      return;
    }
    // Only what is on disk is acknowledged; and the mutation's effects are
    // delivered first, so its result and its data land together.
    await this.ctx.durable();
    await this.ctx.hub.flushedThrough(result.ts);
    this.send({
      type: "MutationResponse",
      requestId: message.requestId,
      success: true,
      result: result.value,
      ts: encodeTs(result.ts),
      logLines: [],
    });
    // The client resolves a mutation at the first Transition after its response that reaches its ts.
    this.transition({ ...this.version, ts: maxTs(this.version.ts, result.ts) }, []);
  }

  private async executeMutation(
    udfPath: string,
    args: JSONValue,
    requestId: number,
  ): Promise<MutationOutcome> {
    const refused = await this.refuseCall(udfPath, "mutation");
    if (refused) return { success: false, failure: new FunctionFailure(refused, undefined) };
    try {
      const { value, ts } = await this.ctx.engine.runMutation(
        udfPath,
        jsonToConvex(args) as Record<string, Value>,
        this.identity,
        { sessionId: this.sessionId, requestId },
      );
      return { success: true, value: convexToJson(value), ts };
    } catch (error) {
      return { success: false, failure: error as FunctionFailure };
    }
  }

  private async runAction(message: Extract<ClientMessage, { type: "Action" }>): Promise<void> {
    if (!this.checkIdentityFresh()) return;
    const udfPath = canonicalUdfPath(message.udfPath);
    const refused = await this.refuseCall(udfPath, "action");
    try {
      if (refused) throw new FunctionFailure(refused, undefined);
      const value = await this.ctx.engine.runAction(
        udfPath,
        jsonToConvex(message.args[0] ?? {}) as Record<string, Value>,
        this.identity,
      );
      await this.ctx.durable(); // what the action's mutations wrote
      this.send({
        type: "ActionResponse",
        requestId: message.requestId,
        success: true,
        result: convexToJson(value),
        logLines: [],
      });
    } catch (error) {
      const failure = error as FunctionFailure;
      this.send({
        type: "ActionResponse",
        requestId: message.requestId,
        success: false,
        result: failure.message,
        logLines: [],
        ...(failure.errorData !== undefined ? { errorData: failure.errorData } : {}),
      });
    }
  }

  /** The error message Convex gives when a client calls something it may not, or null. */
  private async refuseCall(
    udfPath: string,
    kind: "query" | "mutation" | "action",
  ): Promise<string | null> {
    const fn = await this.ctx.engine.describeFunction(udfPath);
    if (!fn || fn.visibility !== "public") {
      return `Could not find public function for '${udfPath}'. Did you forget to run \`npx convex dev\` or \`npx convex deploy\`?`;
    }
    if (fn.kind !== kind)
      return `Trying to execute ${udfPath} as ${capitalize(kind)}, but it is defined as ${capitalize(fn.kind)}.`;
    return null;
  }

  /** Called by the hub with changed query results. */
  deliver(changes: Map<number, QueryResult>, ts: bigint): void {
    this.transition({ ...this.version, ts: maxTs(this.version.ts, ts) }, toModifications(changes));
  }

  private transition(endVersion: StateVersion, modifications: unknown[]): void {
    const startVersion = this.version;
    this.version = endVersion;
    this.send({
      type: "Transition",
      startVersion: wireVersion(startVersion),
      endVersion: wireVersion(endVersion),
      modifications,
    });
  }

  private authError(error: string, baseVersion: number, authUpdateAttempted = true): void {
    this.send({ type: "AuthError", error, baseVersion, authUpdateAttempted });
    // Like Convex, the connection ends; the client reconnects with a fresh token or none.
    this.socket.close(1000, "AuthError");
    this.close();
  }

  private fatal(error: string): void {
    this.send({ type: "FatalError", error });
    this.socket.close(1011, "FatalError");
    this.close();
  }

  private send(message: object): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(JSON.stringify(message));
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pingTimer);
    this.ctx.hub.drop(this);
  }
}

function toModifications(results: Map<number, QueryResult>): unknown[] {
  return [...results].map(([queryId, result]) =>
    result.kind === "value"
      ? {
          type: "QueryUpdated",
          queryId,
          value: result.value,
          logLines: [],
          journal: result.journal,
        }
      : {
          type: "QueryFailed",
          queryId,
          errorMessage: result.message,
          logLines: [],
          journal: result.journal,
          ...(result.errorData !== undefined ? { errorData: result.errorData } : {}),
        },
  );
}

function wireVersion(version: StateVersion) {
  return { querySet: version.querySet, identity: version.identity, ts: encodeTs(version.ts) };
}

function maxTs(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function capitalize(word: string): string {
  return word[0].toUpperCase() + word.slice(1);
}
