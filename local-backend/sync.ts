/**
 * One client connection speaking the Convex sync protocol over WebSocket
 * (`/api/<version>/sync`): Connect, ModifyQuerySet, Authenticate, Mutation,
 * Action and Event in; Transition, MutationResponse, ActionResponse,
 * AuthError, FatalError and Ping out.
 *
 * Every frame is checked against the protocol's shapes (clientMessage.ts)
 * before use; whatever a client sends, and whatever fails while handling it,
 * ends only that client's connection.
 *
 * The client is strict about versions: every Transition starts exactly where
 * the previous one ended (query set, identity, timestamp), and a mutation's
 * promise resolves only once a Transition reaches the mutation's timestamp.
 */
import { isDeepStrictEqual } from "node:util";
import type { UserIdentity } from "convex/server";
import { convexToJson, jsonToConvex, type JSONValue } from "convex/values";
import type { WebSocket } from "ws";
import { AuthFailure, type TokenVerifier } from "./auth.ts";
import { parseClientMessage, type ClientMessage } from "./clientMessage.ts";
import type { Engine } from "./engine.ts";
import { FunctionFailure } from "./failures.ts";
import type { MutationLog, MutationOutcome } from "./mutationLog.ts";
import { canonicalUdfPath, encodeTs } from "./protocol.ts";
import type { QueryHub, QueryResult, QuerySubscriber } from "./queryHub.ts";

const PING_INTERVAL_MS = 15_000;

/** WebSocket close codes: the client broke the protocol; the server failed (the Convex client reconnects on "InternalServerError"). */
const CLOSE_PROTOCOL_ERROR = 1002;
const CLOSE_INTERNAL_ERROR = 1011;
/**
 * The backend is restarting. The reason's prefix is one the Convex client knows ("a known error,
 * e.g. during a restart"): it reconnects, re-sends its query set and every unanswered mutation.
 */
const CLOSE_SERVICE_RESTART = 1012;
const RESTART_REASON = "InternalServerError: the deployment is restarting";
/** A close frame's reason is at most 123 bytes of UTF-8. */
const MAX_CLOSE_REASON_BYTES = 123;

type StateVersion = { querySet: number; identity: number; ts: bigint };

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
  /** Set by the Connect message, which must come first and only once. */
  private sessionId: string | null = null;
  /** The query ids in this connection's query set, as the client sees it. */
  private readonly queryIds = new Set<number>();
  /** Query-set, auth and mutation messages are handled in order. */
  private ordered: Promise<void> = Promise.resolve();
  /** Actions under way (they run side by side, not in order). */
  private readonly actions = new Set<Promise<void>>();
  private readonly pingTimer: NodeJS.Timeout;
  private closed = false;
  /** Set when the backend stops: what arrives from now on is not handled. */
  private draining = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly ctx: SyncContext,
  ) {
    // Every way into this connection is guarded: whatever it receives, a failure ends only this connection.
    socket.on("message", (data: Buffer, isBinary: boolean) =>
      this.guarded(() => this.onMessage(data, isBinary)),
    );
    socket.on("close", () => this.close());
    // The socket's own protocol checks (frame size, UTF-8, framing) end up here.
    socket.on("error", (error) => {
      if (!this.closed) this.ctx.log(`sync: connection closed: ${error.message}`);
      this.close();
    });
    this.pingTimer = setInterval(
      () => this.guarded(() => this.send({ type: "Ping" })),
      PING_INTERVAL_MS,
    );
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    if (this.closed) return; // frames that were in flight when this connection was ended
    // The backend is stopping: the client sends this again once it has reconnected to the restarted one.
    if (this.draining) return;
    if (isBinary) return this.protocolError("binary frames are not part of the protocol");
    const parsed = parseClientMessage(data.toString("utf8"));
    if (!parsed.ok) return this.protocolError(`invalid message: ${parsed.error}`);
    const message = parsed.value;
    if (this.sessionId === null && message.type !== "Connect")
      return this.protocolError(`${message.type} before Connect`);
    if (this.sessionId !== null && message.type === "Connect")
      return this.protocolError("a second Connect");
    switch (message.type) {
      case "Connect":
        this.sessionId = message.sessionId;
        return;
      case "Event":
        return;
      case "Action": {
        const action: Promise<void> = this.runAction(message)
          .catch((error: unknown) => this.internalError(error))
          .finally(() => this.actions.delete(action));
        this.actions.add(action);
        return;
      }
      case "ModifyQuerySet":
      case "Authenticate":
      case "Mutation":
        this.inOrder(() => this.handleOrdered(message));
        return;
    }
  }

  /**
   * The backend is stopping: nothing that arrives from now on is handled; what arrived before
   * is answered (a mutation once it is on disk, as always), then the connection closes so that
   * the client reconnects to the restarted backend and sends again what was not answered.
   */
  async drain(): Promise<void> {
    this.draining = true;
    await Promise.all([this.ordered, ...this.actions]);
    if (this.closed) return;
    this.socket.close(CLOSE_SERVICE_RESTART, RESTART_REASON);
    this.close();
  }

  private inOrder(task: () => Promise<void>): void {
    this.ordered = this.ordered.then(task).catch((error: unknown) => this.internalError(error));
  }

  private guarded(task: () => void): void {
    try {
      task();
    } catch (error) {
      this.internalError(error);
    }
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
    const problem = this.querySetProblem(message);
    if (problem) return this.protocolError(problem);
    const add = [];
    const remove = [];
    for (const modification of message.modifications) {
      if (modification.type === "Remove") {
        this.queryIds.delete(modification.queryId);
        remove.push(modification.queryId);
        continue;
      }
      this.queryIds.add(modification.queryId);
      add.push({
        queryId: modification.queryId,
        udfPath: canonicalUdfPath(modification.udfPath),
        args: modification.args[0],
        journal: modification.journal ?? null,
      });
    }
    // Internal functions, missing functions and undecodable arguments fail the query, like on Convex.
    const refused = new Map<number, QueryResult>();
    for (const query of [...add]) {
      const problem =
        (await this.refuseCall(query.udfPath, "query")) ??
        undecodableArgs(query.args) ??
        (await this.ctx.engine.argumentsProblem(query.udfPath, query.args));
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
        .map((m) => JSON.stringify({ type: "QueryRemoved", queryId: m.queryId })),
      ...toModifications(results),
      ...toModifications(refused),
    ];
    this.transition(
      { ...this.version, querySet: message.newVersion, ts: maxTs(this.version.ts, ts) },
      modifications,
    );
  }

  /** What makes a query set change impossible to apply, as a Convex deployment checks it, or null. */
  private querySetProblem(
    message: Extract<ClientMessage, { type: "ModifyQuerySet" }>,
  ): string | null {
    if (message.baseVersion !== this.version.querySet)
      return `base query set version ${message.baseVersion} does not match ${this.version.querySet}`;
    if (message.newVersion !== message.baseVersion + 1)
      return `new query set version ${message.newVersion} does not follow ${message.baseVersion}`;
    const queryIds = new Set(this.queryIds);
    for (const { type, queryId } of message.modifications) {
      if (type === "Add" && queryIds.has(queryId)) return `query ${queryId} is already in the set`;
      if (type === "Remove" && !queryIds.has(queryId)) return `query ${queryId} is not in the set`;
      if (type === "Add") queryIds.add(queryId);
      else queryIds.delete(queryId);
    }
    return null;
  }

  private async authenticate(
    message: Extract<ClientMessage, { type: "Authenticate" }>,
  ): Promise<void> {
    if (message.baseVersion !== this.version.identity)
      return this.protocolError(
        `base identity version ${message.baseVersion} does not match ${this.version.identity}`,
      );
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
        ({ identity, expiresAt } = await this.ctx.verifier.verify(message.value));
      } catch (error) {
        if (!(error instanceof AuthFailure)) throw error;
        this.authError(error.message, message.baseVersion);
        return;
      }
    }
    this.identityExpiresAt = expiresAt;
    // A refreshed token of the same user (the client fetches one once its first is accepted,
    // then before each expiry): no query's result can change, so none is re-run.
    if (isDeepStrictEqual(identity, this.identity)) {
      this.transition({ ...this.version, identity: message.baseVersion + 1 }, []);
      return;
    }
    this.identity = identity;
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
    // Connect came first (checked on arrival), so the session id is known.
    const outcomes = this.ctx.mutationLog.outcomes(this.sessionId!);
    let outcome = outcomes.get(message.requestId);
    if (!outcome) {
      outcome = this.executeMutation(
        canonicalUdfPath(message.udfPath),
        message.args[0],
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
    // Only what is on disk is acknowledged; and the mutation's effects on this
    // connection's queries are delivered first, so its result and its data land together.
    await this.ctx.durable();
    await this.ctx.hub.flushedThrough(result.ts, this);
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
        await this.ctx.engine.decodeArgs(udfPath, args),
        this.identity,
        { sessionId: this.sessionId!, requestId },
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
        await this.ctx.engine.decodeArgs(udfPath, message.args[0]),
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

  /** Called by the hub with changed query results (guarded: the hub goes on to the other subscribers). */
  deliver(changes: Map<number, QueryResult>, ts: bigint): void {
    this.guarded(() =>
      this.transition(
        { ...this.version, ts: maxTs(this.version.ts, ts) },
        toModifications(changes),
      ),
    );
  }

  /** `modifications`: already encoded (see encodeModification). */
  private transition(endVersion: StateVersion, modifications: string[]): void {
    const startVersion = this.version;
    this.version = endVersion;
    const versions = JSON.stringify({
      type: "Transition",
      startVersion: wireVersion(startVersion),
      endVersion: wireVersion(endVersion),
    }).slice(0, -1);
    this.sendEncoded(`${versions},"modifications":[${modifications.join(",")}]}`);
  }

  private authError(error: string, baseVersion: number, authUpdateAttempted = true): void {
    this.send({ type: "AuthError", error, baseVersion, authUpdateAttempted });
    // Like Convex, the connection ends; the client reconnects with a fresh token or none.
    this.socket.close(1000, "AuthError");
    this.close();
  }

  /**
   * The client broke the protocol: like a Convex deployment, tell it why
   * (FatalError, which the Convex client reports and stops on) and close
   * this connection only. Logged once: the connection ignores what follows.
   */
  private protocolError(reason: string): void {
    if (this.closed) return;
    this.ctx.log(`sync: protocol error, connection closed: ${reason}`);
    this.send({ type: "FatalError", error: `ProtocolError: ${reason}` });
    this.socket.close(CLOSE_PROTOCOL_ERROR, closeReason(`ProtocolError: ${reason}`));
    this.close();
  }

  /** A bug or failure on this side: logged, and only this connection ends; the client reconnects. */
  private internalError(error: unknown): void {
    if (this.closed) return;
    this.ctx.log(
      `sync: internal error, connection closed: ${(error as Error)?.stack ?? String(error)}`,
    );
    this.socket.close(CLOSE_INTERNAL_ERROR, "InternalServerError");
    this.close();
  }

  private send(message: object): void {
    this.sendEncoded(JSON.stringify(message));
  }

  private sendEncoded(message: string): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(message);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pingTimer);
    this.ctx.hub.drop(this);
  }
}

function toModifications(results: Map<number, QueryResult>): string[] {
  return [...results].map(([queryId, result]) => encodeModification(queryId, result));
}

/**
 * A result goes to every subscriber of its query (fifty open discover pages get the same page):
 * it is encoded once, without its query id, and each subscriber's id is spliced in.
 */
const encodedResults = new WeakMap<QueryResult, string>();

function encodeModification(queryId: number, result: QueryResult): string {
  let body = encodedResults.get(result);
  if (body === undefined) {
    body = JSON.stringify(modificationOf(result)).slice(1); // all but the opening brace
    encodedResults.set(result, body);
  }
  return `{"queryId":${queryId},${body}`;
}

function modificationOf(result: QueryResult): object {
  return result.kind === "value"
    ? {
        type: "QueryUpdated",
        value: result.value,
        logLines: [],
        journal: result.journal,
      }
    : {
        type: "QueryFailed",
        errorMessage: result.message,
        logLines: [],
        journal: result.journal,
        ...(result.errorData !== undefined ? { errorData: result.errorData } : {}),
      };
}

function wireVersion(version: StateVersion) {
  return { querySet: version.querySet, identity: version.identity, ts: encodeTs(version.ts) };
}

function maxTs(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

/** Why arguments cannot be turned into Convex values, or null when they can. */
function undecodableArgs(args: JSONValue): string | null {
  try {
    jsonToConvex(args);
    return null;
  } catch (error) {
    return `Invalid arguments: ${(error as Error).message}`;
  }
}

/** `reason` cut to what a close frame can carry, on a character boundary. */
function closeReason(reason: string): string {
  const characters = [...reason];
  while (Buffer.byteLength(characters.join("")) > MAX_CLOSE_REASON_BYTES) characters.pop();
  return characters.join("");
}

function capitalize(word: string): string {
  return word[0].toUpperCase() + word.slice(1);
}
