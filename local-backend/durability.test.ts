/**
 * Acknowledged writes survive a crash: SIGKILL of the backend process under
 * concurrent write load, a torn last log append, and damaged files that must
 * stop the start instead of losing data.
 */
import {
  appendFileSync,
  cpSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { api } from "./fixtures/convex/_generated/api.js";
import type { LocalBackend } from "./server.ts";
import { backendProcesses, freePort, httpQuery } from "./test/childBackend.ts";
import { httpClient, removeDir, startFixtureBackend, tempDataDir } from "./test/harness.ts";
import { allMessages, WriteLoad, writtenMessages } from "./test/writeLoad.ts";
import { encodeFrame, readLog } from "./wal.ts";

/** A log record as persistence.ts writes it: each database's writes. */
type LogRecord = { dbs: Record<string, { w: Array<[string, unknown]> }> };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function dataDirForTest(): string {
  const dataDir = tempDataDir();
  cleanups.push(() => removeDir(dataDir));
  return dataDir;
}

async function startInProcess(dataDir: string): Promise<LocalBackend> {
  const backend = await startFixtureBackend({ dataDir });
  cleanups.push(() => backend.stop());
  return backend;
}

/** A copy of the data directory as it is now: what a crash (SIGKILL) at this moment would leave on disk. */
function crashImage(dataDir: string): string {
  const image = dataDirForTest();
  cpSync(dataDir, image, { recursive: true });
  return image;
}

function newestLogSegment(dataDir: string): string {
  const segments = readdirSync(dataDir)
    .filter((name) => /^wal-\d+\.log$/.test(name))
    .sort();
  return path.join(dataDir, segments[segments.length - 1]);
}

describe("crash safety", () => {
  test("SIGKILL at random moments under 20 concurrent writers: no acknowledged write lost, none applied twice, every restart the same state", async () => {
    const dataDir = dataDirForTest();
    const ROUNDS = 10;
    const port = await freePort();
    const restart = backendProcesses(dataDir, port, (kill) => cleanups.push(kill));
    let backend = await restart();
    const load = new WriteLoad(`http://127.0.0.1:${port}`, { sync: 20 });
    cleanups.push(() => load.close());

    let acknowledgedAtKills = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 350));
      const acknowledgedBefore = new Set(load.acknowledged);
      acknowledgedAtKills += acknowledgedBefore.size;
      await backend.kill();
      backend = await restart();
      load.check(await writtenMessages(backend.url), acknowledgedBefore);
    }
    await load.stop();

    // Quiet now: restarting (crash or not) must give the very same state each time.
    const settled = await writtenMessages(backend.url);
    load.check(settled, load.acknowledged);
    for (let quietRestart = 0; quietRestart < 2; quietRestart++) {
      await backend.kill();
      backend = await restart();
      expect(await writtenMessages(backend.url)).toEqual(settled);
    }
    // The load really ran across the crashes.
    expect(load.lastAcknowledged.every((i) => i >= 5)).toBe(true);
    expect(acknowledgedAtKills).toBeGreaterThan(ROUNDS * 20);
  }, 240_000); // 18–38 s on a quiet machine; a loaded 2-core one needs more

  test("a mutation re-sent after a crash is answered from the log, not applied again", async () => {
    const dataDir = dataDirForTest();
    const before = await startInProcess(dataDir);
    const sessionId = crypto.randomUUID();
    const args = { channel: "once", body: "exactly once" };
    const id = await sendMutation(before.cloudUrl, sessionId, 0, args);

    const after = await startInProcess(crashImage(dataDir));
    // Say the answer was lost in the crash: the client re-sends request 0 of its session.
    expect(await sendMutation(after.cloudUrl, sessionId, 0, args)).toEqual(id);
    const messages = await allMessages(after.cloudUrl);
    expect(messages.filter((m) => m.channel === "once")).toHaveLength(1);
  });

  test("an uploaded file and its document are on disk when the upload answers", async () => {
    const dataDir = dataDirForTest();
    const before = await startInProcess(dataDir);
    const uploadUrl = await httpClient(before).mutation(api.files.generateUploadUrl, {});
    const { storageId } = (await (
      await fetch(uploadUrl, {
        method: "POST",
        headers: { "Content-Type": "image/png" },
        body: "png bytes",
      })
    ).json()) as { storageId: string };

    const after = await startInProcess(crashImage(dataDir));
    const file = await fetch(`${after.cloudUrl}/api/storage/${storageId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(await file.text()).toBe("png bytes");
  });
});

describe("scheduled functions across a crash", () => {
  type Job = { name: string; state: string };
  const jobs = (url: string) => httpQuery<Job[]>(url, "messages:jobs");
  const bodies = async (url: string, channel: string) =>
    (await allMessages(url)).filter((m) => m.channel === channel).map((m) => m.body);
  const writesOf = (line: string) =>
    Object.values((JSON.parse(line) as LogRecord).dbs).flatMap((db) => db.w.map(([, doc]) => doc));
  const inserts = (body: string) => (line: string) =>
    writesOf(line).some((doc) => (doc as { body?: string } | null)?.body === body);
  const startsJob = (name: string) => (line: string) =>
    writesOf(line).some((doc) => {
      const job = doc as { name?: string; state?: { kind: string } } | null;
      return job?.name === name && job.state?.kind === "inProgress";
    });

  /**
   * Runs `schedule`, waits until its job is done, then returns a data directory as a crash
   * would leave it had the log ended with the first record `cutAt` finds (`keepIt`) or just
   * before it.
   */
  async function crashImageCutAt(
    schedule: (http: ReturnType<typeof httpClient>) => Promise<unknown>,
    cutAt: (line: string) => boolean,
    keepIt: boolean,
  ): Promise<string> {
    const running = await startInProcess(dataDirForTest());
    const http = httpClient(running);
    await schedule(http);
    await expect.poll(async () => (await jobs(running.cloudUrl))[0]?.state).toBe("success");
    // Acknowledged, so on disk with everything before it.
    await http.mutation(api.messages.send, { channel: "after", body: "later" });
    const dataDir = crashImage(running.dataDir);

    const segment = newestLogSegment(dataDir);
    const { records } = readLog(segment);
    const cut = records.findIndex(cutAt);
    expect(cut).toBeGreaterThan(0);
    writeFileSync(segment, encodeFrame(records.slice(0, keepIt ? cut + 1 : cut)));
    return dataDir;
  }

  const sendLater = (body: string) => (http: ReturnType<typeof httpClient>) =>
    http.mutation(api.messages.sendLater, { channel: body, body, delayMs: 0 });

  test("a mutation that committed just before the crash: its job is done, not run again nor failed", async () => {
    const dataDir = await crashImageCutAt(sendLater("committed"), inserts("committed"), true);
    const restarted = await startInProcess(dataDir);
    expect(await jobs(restarted.cloudUrl)).toEqual([
      { name: "messages:sendInternal", state: "success" },
    ]);
    expect(await bodies(restarted.cloudUrl, "committed")).toEqual(["committed"]);
  });

  test("a mutation still running at the crash (not committed): it runs again after the restart, once", async () => {
    const dataDir = await crashImageCutAt(sendLater("running"), inserts("running"), false);
    const restarted = await startInProcess(dataDir);
    await expect
      .poll(() => jobs(restarted.cloudUrl))
      .toEqual([{ name: "messages:sendInternal", state: "success" }]);
    expect(await bodies(restarted.cloudUrl, "running")).toEqual(["running"]);
  });

  test("an action still running at the crash failed (it may have had effects): not run again", async () => {
    const name = "messages:sendViaActionInternal";
    const dataDir = await crashImageCutAt(
      (http) => http.mutation(api.messages.sendViaActionLater, { channel: "act", body: "act" }),
      startsJob(name),
      true,
    );
    const restarted = await startInProcess(dataDir);
    expect(await jobs(restarted.cloudUrl)).toEqual([{ name, state: "failed" }]);
    expect(await bodies(restarted.cloudUrl, "act")).toEqual([]);
  });

  test("a snapshot taken between the mutation's commit and its job's own success commit holds the success", async () => {
    const running = await startInProcess(dataDirForTest());
    const states: string[] = [];
    running.engine.onCommit((commit) => {
      if (
        !commit.writes.some((write) => (write.after as { body?: string } | null)?.body === "snap")
      )
        return;
      for (const database of running.engine.view().databases)
        for (const doc of database.documents)
          if (doc.name === "messages:sendInternal")
            states.push((doc.state as { kind: string }).kind);
    });
    await sendLater("snap")(httpClient(running));
    await expect.poll(() => states).toEqual(["success"]);
  });
});

describe("compaction", () => {
  test("snapshots taken while writes go on lose nothing, and delete the log they cover", async () => {
    const dataDir = dataDirForTest();
    const backend = await startFixtureBackend({ dataDir, compactLogAfterBytes: 4096 });
    cleanups.push(() => backend.stop());
    const http = httpClient(backend);
    const bodies: string[] = [];
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const body = `b${batch}-${i}-${"x".repeat(100)}`;
          bodies.push(body);
          return http.mutation(api.messages.send, { channel: `compact-${batch}`, body });
        }),
      );
    }
    const stats = backend.persistence.getStats();
    expect(stats.snapshotBytes).toBeGreaterThan(0);
    // The log holds only what came after the last snapshot (plus what the running one covers).
    expect(stats.logBytes).toBeLessThan(3 * Math.max(4096, stats.snapshotBytes));
    expect(
      readdirSync(dataDir).filter((name) => name.startsWith("wal-")).length,
    ).toBeLessThanOrEqual(2);

    const after = await startInProcess(crashImage(dataDir));
    const kept = (await allMessages(after.cloudUrl)).map((m) => m.body);
    expect(kept.filter((body) => bodies.includes(body)).sort()).toEqual([...bodies].sort());
  });
});

describe("damaged data", () => {
  test("a torn last append is dropped, and the log carries on after it", async () => {
    const running = await startInProcess(dataDirForTest());
    const http = httpClient(running);
    for (let i = 0; i < 5; i++)
      await http.mutation(api.messages.send, { channel: "torn", body: `m${i}` });
    const dataDir = crashImage(running.dataDir);

    // A crash mid-append: a frame header promising 400 bytes, and 10 of them.
    const segment = newestLogSegment(dataDir);
    const intactBytes = statSync(segment).size;
    const header = Buffer.alloc(8);
    header.writeUInt32LE(400, 0);
    appendFileSync(segment, Buffer.concat([header, Buffer.from('{"ts":"123')]));

    const logged: string[] = [];
    const restarted = await startFixtureBackend({ dataDir, log: (line) => logged.push(line) });
    expect(statSync(segment).size).toBe(intactBytes);
    expect(logged.join("\n")).toMatch(/dropped the last 18 bytes, an append cut short by a crash/);
    await httpClient(restarted).mutation(api.messages.send, { channel: "torn", body: "after" });
    await restarted.stop();

    const again = await startFixtureBackend({ dataDir });
    cleanups.push(() => again.stop());
    expect(await httpClient(again).query(api.messages.list, { channel: "torn" })).toEqual([
      "m0",
      "m1",
      "m2",
      "m3",
      "m4",
      "after",
    ]);
  });

  test("damage inside the log (not at its end) stops the start, naming the file", async () => {
    const running = await startInProcess(dataDirForTest());
    const http = httpClient(running);
    for (let i = 0; i < 3; i++)
      await http.mutation(api.messages.send, { channel: "c", body: `m${i}` });
    const dataDir = crashImage(running.dataDir);

    const segment = newestLogSegment(dataDir);
    const bytes = readFileSync(segment);
    bytes[12] ^= 0xff; // inside the first of several frames
    writeFileSync(segment, bytes);
    await expect(startFixtureBackend({ dataDir })).rejects.toThrow(
      new RegExp(`cannot read ${escape(segment)}: .*intact frames follow it[^]*--fresh`),
    );
    expect(readFileSync(segment)).toEqual(bytes); // left as it was, for the user to recover
  });

  test("a damaged snapshot stops the start with a message naming the file and what to do", async () => {
    const dataDir = dataDirForTest();
    const first = await startFixtureBackend({ dataDir });
    await httpClient(first).mutation(api.messages.send, { channel: "s", body: "kept" });
    await first.stop(); // a clean stop writes a snapshot
    const snapshot = path.join(dataDir, "snapshot.jsonl");
    const original = readFileSync(snapshot);

    const flipped = Buffer.from(original);
    flipped[flipped.indexOf("kept")] = "K".charCodeAt(0);
    writeFileSync(snapshot, flipped);
    await expect(startFixtureBackend({ dataDir })).rejects.toThrow(
      new RegExp(
        `cannot read ${escape(snapshot)}: its checksum does not match[^]*restore this file from a backup[^]*npm run backend:wipe[^]*--fresh`,
      ),
    );

    writeFileSync(snapshot, original.subarray(0, original.length - 20));
    await expect(startFixtureBackend({ dataDir })).rejects.toThrow(/it has no end marker/);

    // Restored from a "backup", it starts with the data.
    writeFileSync(snapshot, original);
    const restored = await startFixtureBackend({ dataDir });
    cleanups.push(() => restored.stop());
    expect(await httpClient(restored).query(api.messages.list, { channel: "s" })).toEqual(["kept"]);
  });

  test("a data directory of the earlier whole-database format is taken over", async () => {
    const dataDir = dataDirForTest();
    const message = {
      _id: "10000messages",
      _creationTime: 1,
      channel: "old",
      body: "from db.json",
    };
    writeFileSync(
      path.join(dataDir, "db.json"),
      JSON.stringify({
        lastCommitTs: "5",
        databases: { "": { nextDocId: 10001, lastCreationTime: 1, documents: [message] } },
      }),
    );
    const backend = await startFixtureBackend({ dataDir });
    cleanups.push(() => backend.stop());
    expect(await httpClient(backend).query(api.messages.list, { channel: "old" })).toEqual([
      "from db.json",
    ]);
    expect(readdirSync(dataDir)).not.toContain("db.json");
    expect(readdirSync(dataDir)).toContain("snapshot.jsonl");
  });
});

/** One mutation over a raw sync connection, as request `requestId` of session `sessionId`. */
async function sendMutation(
  url: string,
  sessionId: string,
  requestId: number,
  args: Record<string, string>,
): Promise<unknown> {
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/1.48.0/sync`);
  try {
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    socket.send(JSON.stringify({ type: "Connect", sessionId, connectionCount: 0 }));
    socket.send(
      JSON.stringify({ type: "Mutation", requestId, udfPath: "messages:send", args: [args] }),
    );
    return await new Promise((resolve, reject) => {
      socket.on("message", (data: Buffer) => {
        const message = JSON.parse(data.toString("utf8")) as {
          type: string;
          success?: boolean;
          result?: unknown;
        };
        if (message.type !== "MutationResponse") return;
        if (message.success) resolve(message.result);
        else reject(new Error(String(message.result)));
      });
    });
  } finally {
    socket.close();
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
