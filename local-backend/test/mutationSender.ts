/**
 * A minimal sync-protocol client that only sends mutations, and behaves as
 * the Convex client does across a lost connection: it reconnects with the
 * same session id and re-sends every unanswered mutation with its request id.
 * It retries every 50 ms (the Convex client backs off for seconds), which
 * keeps crash tests short.
 */
import { convexToJson, type JSONValue, type Value } from "convex/values";
import WebSocket from "ws";

/** A mutation's result, and which of the sender's connections (1, 2, …) brought it. */
export type Answer = { value: JSONValue; connection: number };

type InFlight = {
  message: string;
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
};

const RECONNECT_MS = 50;

export class MutationSender {
  private socket: WebSocket | null = null;
  private nextRequestId = 0;
  private readonly inFlight = new Map<number, InFlight>();
  private readonly sessionId = crypto.randomUUID();
  /** Connections opened so far; the current one's number while it is open. */
  private connectionCount = 0;
  private closed = false;
  private onOpen: Array<() => void> = [];

  constructor(private readonly url: string) {
    this.connect();
  }

  mutation(udfPath: string, args: Record<string, Value>): Promise<Answer> {
    const requestId = this.nextRequestId++;
    const message = JSON.stringify({
      type: "Mutation",
      requestId,
      udfPath,
      args: [convexToJson(args)],
    });
    return new Promise((resolve, reject) => {
      this.inFlight.set(requestId, { message, resolve, reject });
      if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(message);
    });
  }

  /** The number of the connection open now (0 before the first opens). */
  get connection(): number {
    return this.socket?.readyState === WebSocket.OPEN ? this.connectionCount : 0;
  }

  /** Resolves once a connection is open (at once if one is). */
  connected(): Promise<void> {
    if (this.socket?.readyState === WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve) => this.onOpen.push(resolve));
  }

  private connect(): void {
    if (this.closed) return;
    const socket = new WebSocket(`${this.url.replace(/^http/, "ws")}/api/1.48.0/sync`);
    this.socket = socket;
    let connection = 0;
    socket.on("open", () => {
      socket.send(
        JSON.stringify({
          type: "Connect",
          sessionId: this.sessionId,
          connectionCount: this.connectionCount,
          lastCloseReason: null,
        }),
      );
      connection = ++this.connectionCount;
      for (const { message } of this.inFlight.values()) socket.send(message);
      for (const resolve of this.onOpen.splice(0)) resolve();
    });
    socket.on("message", (data: Buffer) => {
      const message = JSON.parse(data.toString("utf8")) as {
        type: string;
        requestId?: number;
        success?: boolean;
        result?: JSONValue;
      };
      if (message.type !== "MutationResponse") return;
      const request = this.inFlight.get(message.requestId!);
      if (!request) return;
      this.inFlight.delete(message.requestId!);
      if (message.success) request.resolve({ value: message.result!, connection });
      else request.reject(new Error(JSON.stringify(message.result)));
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      if (this.socket === socket) this.socket = null;
      setTimeout(() => this.connect(), RECONNECT_MS);
    });
  }

  /** Stops reconnecting; unanswered mutations stay unanswered. */
  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}
