/**
 * The sync WebSocket of the cloud origin (`/api/<version>/sync`): each connection gets its own
 * `SyncSession` (sync.ts). While the backend stops, new connections are turned away and open
 * ones drain.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { parseRequestUrl, refuseUpgradeRestarting } from "./httpMessages.ts";
import { MAX_MESSAGE_BYTES } from "./inbound.ts";
import type { StopGate } from "./stopGate.ts";
import { SyncSession, type SyncContext } from "./sync.ts";

export class SyncSockets {
  // A larger frame closes its connection (1009) before it is read.
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly sessions = new Set<SyncSession>();

  constructor(
    private readonly cloudUrl: string,
    private readonly gate: StopGate,
    private readonly context: SyncContext,
  ) {}

  /** A WebSocket upgrade request on the cloud origin. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const pathname = parseRequestUrl(req, this.cloudUrl)?.pathname ?? "";
    if (!/^\/api\/[^/]+\/sync$/.test(pathname)) return void socket.destroy();
    if (this.gate.stopping) return refuseUpgradeRestarting(socket);
    this.sockets.handleUpgrade(req, socket, head, (ws) => {
      const session = new SyncSession(ws, this.context);
      this.sessions.add(session);
      ws.once("close", () => this.sessions.delete(session));
    });
  }

  /** Every open connection answers what it has under way, reading no more messages. */
  drain(): Array<Promise<void>> {
    return [...this.sessions].map((session) => session.drain());
  }

  /** Ends every connection. */
  close(): void {
    for (const client of this.sockets.clients) client.terminate();
    this.sockets.close();
  }
}
