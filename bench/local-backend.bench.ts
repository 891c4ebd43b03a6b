/**
 * `npm run bench:local-backend`: 20 connections × 5 live queries against the
 * local backend; one connection sends mutations and we time, for every other
 * connection, how long after the mutation call its subscription shows the
 * new message. Prints p50/p95 latency and mutations per second.
 *
 * Each connection watches 3 shared channels and 2 of its own, so every write
 * to the messages table re-runs 43 distinct queries (invalidation is by table).
 */
import { api } from "../local-backend/fixtures/convex/_generated/api.js";
import {
  connect,
  removeDir,
  startFixtureBackend,
  tempDataDir,
} from "../local-backend/test/harness.ts";

const CONNECTIONS = 20;
const MUTATIONS = Number(process.env.BENCH_MUTATIONS ?? 200);
const SHARED_CHANNELS = ["shared-0", "shared-1", "shared-2"];

const dataDir = tempDataDir();
const backend = await startFixtureBackend({ dataDir });
const clients = Array.from({ length: CONNECTIONS }, () => connect(backend));

// body → (connection index → ms when seen)
const sentAt = new Map<string, number>();
const latencies: number[] = [];
let expected = 0;
let observed = 0;
let allObserved: () => void = () => {};

clients.forEach((client, index) => {
  const seen = new Set<string>();
  const channels = [...SHARED_CHANNELS, `own-${index}-a`, `own-${index}-b`];
  for (const channel of channels) {
    client.onUpdate(api.messages.list, { channel }, (bodies: string[]) => {
      if (index === 0) return; // the sender's own view is not what we measure
      for (const body of bodies) {
        if (seen.has(body) || !sentAt.has(body)) continue;
        seen.add(body);
        latencies.push(performance.now() - sentAt.get(body)!);
        if (++observed === expected) allObserved();
      }
    });
  }
});
// Let every subscription deliver its first result.
await Promise.all(clients.map((client) => client.query(api.messages.list, { channel: "warm-up" })));
await new Promise((resolve) => setTimeout(resolve, 500));

const sender = clients[0];
const started = performance.now();
const done = new Promise<void>((resolve) => (allObserved = resolve));
for (let i = 0; i < MUTATIONS; i++) {
  const body = `m${i}`;
  expected += CONNECTIONS - 1;
  sentAt.set(body, performance.now());
  await sender.mutation(api.messages.send, {
    channel: SHARED_CHANNELS[i % SHARED_CHANNELS.length],
    body,
  });
}
const mutationsDone = performance.now();
await done;

latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
console.log(
  `connections: ${CONNECTIONS}, live queries per connection: 5, distinct live queries: ${backend.hub.liveQueryCount}`,
);
console.log(`mutations: ${MUTATIONS}, observations: ${latencies.length}`);
console.log(
  `latency mutation call → other connections' update: p50 ${percentile(50).toFixed(1)} ms, p95 ${percentile(95).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
);
console.log(
  `throughput: ${(MUTATIONS / ((mutationsDone - started) / 1000)).toFixed(0)} mutations/s (sequential, each awaited)`,
);

await Promise.all(clients.map((client) => client.close()));
await backend.stop();
removeDir(dataDir);
process.exit(0);
