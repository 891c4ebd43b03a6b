/**
 * Concurrent writers for the crash and clean-stop tests. Each writer sends
 * its messages (`messages:send` on channel `writer-<n>`, bodies `<n>:<i>`)
 * one after another: on its own sync connection, which reconnects and
 * re-sends what was not answered (`MutationSender`), or over the HTTP
 * function API, sending a message again until it is answered. So what is
 * stored of a writer must be exactly its messages 0…k with no gap, none
 * twice, and every one it was acknowledged.
 *
 * An HTTP writer's retries are safe only across clean stops (a request is
 * either answered or never applied); a crash can lose the answer to one that
 * was applied, and the HTTP API has no way to ask, so crash tests use sync
 * writers only.
 */
import { expect } from "vitest";
import { httpQuery } from "./childBackend.ts";
import { MutationSender } from "./mutationSender.ts";

export type Message = { _id: string; _creationTime: number; channel: string; body: string };

/**
 * One acknowledged write: when it came (`performance.now()`), and for a sync writer on which of
 * its connections (an HTTP writer's: 0).
 */
export type Acknowledgement = { body: string; writer: number; at: number; connection: number };

export type Writers = { sync: number; http?: number };

const RETRY_MS = 50;

export const allMessages = (url: string) => httpQuery<Message[]>(url, "messages:all");

/** The messages the tests wrote (the fixture's cron adds its own every second). */
export const writtenMessages = async (url: string) =>
  (await allMessages(url)).filter((m) => m.channel !== "cron");

export class WriteLoad {
  /** Bodies of every acknowledged write so far. */
  readonly acknowledged = new Set<string>();
  readonly acknowledgements: Acknowledgement[] = [];
  /** Each writer's last acknowledged message number. */
  readonly lastAcknowledged: number[];
  private writing = true;
  private readonly writers: number;
  private readonly senders: MutationSender[];
  private readonly loops: Array<Promise<void>>;

  /** Writers 0… on sync connections, then the HTTP writers. */
  constructor(
    private readonly url: string,
    { sync, http = 0 }: Writers,
  ) {
    this.writers = sync + http;
    this.lastAcknowledged = new Array<number>(this.writers).fill(-1);
    this.senders = Array.from({ length: sync }, () => new MutationSender(url));
    const send = (writer: number) =>
      writer < sync
        ? async (args: { channel: string; body: string }) =>
            (await this.senders[writer].mutation("messages:send", args)).connection
        : async (args: { channel: string; body: string }) => {
            await this.sendOverHttp(args);
            return 0;
          };
    this.loops = Array.from({ length: this.writers }, async (_, writer) => {
      const write = send(writer);
      for (let i = 0; this.writing; i++) {
        const body = `${writer}:${i}`;
        const connection = await write({ channel: `writer-${writer}`, body });
        this.acknowledged.add(body);
        this.acknowledgements.push({ body, writer, at: performance.now(), connection });
        this.lastAcknowledged[writer] = i;
      }
    });
  }

  /** Sends one message until the backend answers it: a refusal (503) or no connection is tried again. */
  private async sendOverHttp(args: { channel: string; body: string }): Promise<void> {
    for (;;) {
      let response: Response | null = null;
      try {
        response = await fetch(`${this.url}/api/mutation`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ path: "messages:send", args: [args], format: "json" }),
        });
      } catch {
        response = null; // the backend is down or closed the connection: not applied
      }
      if (response?.status === 200) return;
      if (response && response.status !== 503)
        throw new Error(`${response.status} for ${args.body}: ${await response.text()}`);
      await response?.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  /** The connection each sync writer has open now (0: none). */
  connections(): number[] {
    return this.senders.map((sender) => sender.connection);
  }

  /** Lets each writer finish the write it is waiting for, then closes their connections. */
  async stop(): Promise<void> {
    this.writing = false;
    await Promise.all(this.loops);
    this.close();
  }

  /** Closes the connections at once (a test's cleanup). */
  close(): void {
    this.writing = false;
    for (const sender of this.senders) sender.close();
  }

  /**
   * Checks what is stored of the writers (`messages`) against `acknowledged`, the bodies
   * acknowledged before the state was read: all there, none twice, no writer with a gap.
   */
  check(messages: Message[], acknowledged: Set<string>): void {
    const bodies = messages.filter((m) => m.channel.startsWith("writer-")).map((m) => m.body);
    expect(new Set(bodies).size, "a mutation was applied twice").toBe(bodies.length);
    const stored = new Set(bodies);
    const lost = [...acknowledged].filter((body) => !stored.has(body));
    expect(lost, "acknowledged writes lost").toEqual([]);
    for (let writer = 0; writer < this.writers; writer++) {
      const kept = bodies
        .filter((body) => body.startsWith(`${writer}:`))
        .map((body) => Number(body.split(":")[1]))
        .sort((a, b) => a - b);
      expect(kept, `writer ${writer}'s messages have a gap`).toEqual(kept.map((_, i) => i));
    }
  }
}
