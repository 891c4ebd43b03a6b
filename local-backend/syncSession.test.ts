/**
 * A failure inside one connection's handlers ends that connection (1011
 * "InternalServerError", logged once) and nothing else: no exception or
 * rejection escapes to the process (vitest fails a run on an unhandled one).
 * A fake socket and a failing engine stand in for the real ones, since no
 * frame reaches these failures once the frames are checked.
 */
import { EventEmitter } from "node:events";
import { expect, test } from "vitest";
import type WebSocket from "ws";
import { SyncSession, type SyncContext } from "./sync.ts";

function fakeConnection(engine: Partial<SyncContext["engine"]>) {
  const closes: Array<[number, string]> = [];
  const logs: string[] = [];
  let sendFails = false;
  const socket = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    send: () => {
      if (sendFails) throw new Error("send failed");
    },
    close: (code: number, reason: string) => closes.push([code, reason]),
  });
  const context = {
    engine,
    hub: { drop: () => {} },
    mutationLog: { outcomes: () => new Map() },
    log: (line: string) => logs.push(line),
  } as unknown as SyncContext;
  const session = new SyncSession(socket as unknown as WebSocket, context);
  const receive = (message: object) =>
    socket.emit("message", Buffer.from(JSON.stringify(message)), false);
  receive({ type: "Connect", sessionId: crypto.randomUUID(), connectionCount: 0 });
  return { session, receive, closes, logs, failSends: () => (sendFails = true) };
}

const call = (type: "Mutation" | "Action") => ({
  type,
  requestId: 0,
  udfPath: "messages:send",
  args: [{}],
});

const failingEngine = {
  describeFunction: () => Promise.reject(new Error("engine failed")),
};

test.each(["Mutation", "Action"] as const)(
  "an engine failure during a %s closes its connection with InternalServerError, logged once",
  async (type) => {
    const connection = fakeConnection(failingEngine);
    connection.receive(call(type));
    connection.receive(call(type));
    await expect.poll(() => connection.closes).toEqual([[1011, "InternalServerError"]]);
    expect(connection.logs).toHaveLength(1);
    expect(connection.logs[0]).toMatch(
      /^sync: internal error, connection closed: Error: engine failed/,
    );
  },
);

test("a connection that fails while the query hub delivers to it closes alone", () => {
  const connection = fakeConnection({});
  connection.failSends();
  // The hub delivers to every subscriber in one loop: this one must not throw into it.
  expect(() => connection.session.deliver(new Map(), 1n)).not.toThrow();
  expect(connection.closes).toEqual([[1011, "InternalServerError"]]);
});
