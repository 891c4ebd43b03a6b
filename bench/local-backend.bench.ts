/**
 * `npm run bench:local-backend`: the local backend on the fixture app, every
 * mutation durable (fsynced before it is acknowledged).
 *
 * 1. Live updates: 20 connections × 5 live queries (3 shared channels, 2 of
 *    their own); one connection sends mutations and we time, for every other
 *    connection, how long after the mutation call its subscription shows the
 *    new message; and how many query runs each write caused.
 * 2. Durable mutations per second: one client in sequence, and 20 clients at
 *    once (group commit: many mutations share an fsync).
 * 3. At 1,000 / 10,000 / 100,000 documents: bytes written per mutation, and
 *    start-up time and memory.
 *
 * `BENCH_MUTATIONS` (default 200) sets the number of writes in part 1;
 * `BENCH_SIZES` (e.g. "1000,10000") the sizes in part 3.
 */
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import type { ConvexClient } from "convex/browser";
import { api } from "../local-backend/fixtures/convex/_generated/api.js";
import type { LocalBackend } from "../local-backend/server.ts";
import {
  connect,
  removeDir,
  startFixtureBackend,
  tempDataDir,
} from "../local-backend/test/harness.ts";

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const MUTATIONS = Number(process.env.BENCH_MUTATIONS ?? 200);
const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function closeAll(clients: ConvexClient[]): Promise<void> {
  await Promise.all(clients.map((client) => client.close()));
}

async function liveUpdates(): Promise<void> {
  const CONNECTIONS = 20;
  const SHARED_CHANNELS = ["shared-0", "shared-1", "shared-2"];
  const dataDir = tempDataDir();
  const backend = await startFixtureBackend({ dataDir });
  const clients = Array.from({ length: CONNECTIONS }, () => connect(backend));
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
  await Promise.all(
    clients.map((client) => client.query(api.messages.list, { channel: "warm-up" })),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));

  const sender = clients[0];
  const runsBefore = backend.hub.stats.queryRuns;
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
  const runs = backend.hub.stats.queryRuns - runsBefore;

  latencies.sort((a, b) => a - b);
  console.log("\n## Live updates (20 connections × 5 live queries)");
  console.log(
    `distinct live queries: ${backend.hub.liveQueryCount}; query runs per write: ${(runs / MUTATIONS).toFixed(1)} (a write touches one shared channel, watched by every connection)`,
  );
  console.log(`mutations: ${MUTATIONS}, observations: ${latencies.length}`);
  console.log(
    `mutation call → other connections' update: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(latencies.at(-1)!)}`,
  );
  console.log(
    `sequential mutations while 19 connections watch: ${(MUTATIONS / ((mutationsDone - started) / 1000)).toFixed(0)}/s`,
  );
  await closeAll(clients);
  await backend.stop();
  removeDir(dataDir);
}

/** `clients` each send `perClient` mutations one after another; returns mutations per second. */
async function durableThroughput(
  backend: LocalBackend,
  clients: ConvexClient[],
  perClient: number,
): Promise<{ perSecond: number; perFsync: number }> {
  const fsyncsBefore = backend.persistence.getStats().fsyncs;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = 0; i < perClient; i++)
        await client.mutation(api.messages.send, { channel: `load-${c}`, body: `m${i}` });
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const total = clients.length * perClient;
  const fsyncs = backend.persistence.getStats().fsyncs - fsyncsBefore;
  return { perSecond: total / seconds, perFsync: total / fsyncs };
}

async function throughput(): Promise<void> {
  const dataDir = tempDataDir();
  const backend = await startFixtureBackend({ dataDir });
  const clients = Array.from({ length: 20 }, () => connect(backend));
  await Promise.all(clients.map((client) => client.query(api.messages.list, { channel: "x" })));
  console.log("\n## Durable mutations per second (fsync before each acknowledgement)");
  const one = await durableThroughput(backend, clients.slice(0, 1), 300);
  console.log(`1 client, sequential: ${one.perSecond.toFixed(0)}/s`);
  const twenty = await durableThroughput(backend, clients, 60);
  console.log(
    `20 clients at once: ${twenty.perSecond.toFixed(0)}/s (${twenty.perFsync.toFixed(1)} mutations per fsync)`,
  );
  await closeAll(clients);
  await backend.stop();
  removeDir(dataDir);
}

/** Inserts `count` messages of about 150 bytes in batches. */
async function seed(backend: LocalBackend, count: number): Promise<void> {
  const BATCH = 5_000;
  for (let start = 0; start < count; start += BATCH) {
    await backend.engine.runInTransaction(async (ctx) => {
      for (let i = start; i < Math.min(count, start + BATCH); i++)
        await ctx.db.insert("messages", {
          channel: `seed-${i % 100}`,
          body: `seeded message ${i} `.padEnd(100, "."),
        });
    });
  }
  await backend.persistence.durable();
}

async function atSize(documents: number): Promise<string> {
  const dataDir = tempDataDir();
  const seeding = await startFixtureBackend({ dataDir });
  await seed(seeding, documents);
  await seeding.stop(); // writes the snapshot
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const backend = await startFixtureBackend({ dataDir });
  const startup = performance.now() - started;
  gc();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const snapshotMb = backend.persistence.getStats().snapshotBytes / 1024 / 1024;

  const clients = Array.from({ length: 20 }, () => connect(backend));
  const writtenBefore = backend.persistence.getStats().bytesWritten;
  const { perSecond } = await durableThroughput(backend, clients, 10);
  const perMutation = (backend.persistence.getStats().bytesWritten - writtenBefore) / 200;
  await closeAll(clients);
  await backend.stop();
  removeDir(dataDir);
  return `| ${documents.toLocaleString("en")} | ${perMutation.toFixed(0)} | ${perSecond.toFixed(0)} | ${startup.toFixed(0)} ms | ${snapshotMb.toFixed(1)} MB | ${heapMb.toFixed(0)} MB |`;
}

await liveUpdates();
await throughput();
console.log("\n## Cost per write and start-up by database size (documents of ~150 bytes)");
console.log(
  "| documents | bytes written per mutation | mutations/s (20 clients) | start-up | snapshot | heap after start |",
);
console.log("| ---: | ---: | ---: | ---: | ---: | ---: |");
for (const size of SIZES) console.log(await atSize(size));
console.log(
  "Bytes per mutation are the log's; a snapshot is written once the log outgrows the last one, which at most doubles the amortised bytes per write, whatever the size.",
);
process.exit(0);
