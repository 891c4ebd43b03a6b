import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { api } from "./fixtures/convex/_generated/api.js";
import type { LocalBackend } from "./server.ts";
import {
  connect,
  fixtureDir,
  httpClient,
  nextValue,
  projectDir,
  removeDir,
  startFixtureBackend,
  tempDataDir,
} from "./test/harness.ts";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function track(backend: LocalBackend): LocalBackend {
  cleanups.push(() => backend.stop());
  return backend;
}

describe("persistence", () => {
  test("documents, component data, files and pending scheduled functions survive a restart", async () => {
    const dataDir = tempDataDir();
    cleanups.push(() => removeDir(dataDir));
    const first = await startFixtureBackend({ dataDir });
    const http = httpClient(first);
    await http.mutation(api.messages.send, { channel: "kept", body: "before restart" });
    const uploadUrl = await http.mutation(api.files.generateUploadUrl, {});
    const { storageId } = (await (
      await fetch(uploadUrl, {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: "file body",
      })
    ).json()) as { storageId: string };
    await http.mutation(api.files.save, { storageId: storageId as never });
    await http.mutation(api.messages.sendLater, {
      channel: "kept",
      body: "scheduled",
      delayMs: 1500,
    });
    await http.mutation(api.limited.shout, { key: "kept" });
    await http.mutation(api.limited.shout, { key: "kept" });
    await first.stop();

    const second = track(await startFixtureBackend({ dataDir }));
    const client = connect(second);
    expect(await client.query(api.messages.list, { channel: "kept" })).toEqual(["before restart"]);
    const latest = await client.query(api.files.latest, {});
    expect(await (await fetch(latest!.url!)).text()).toBe("file body");
    // A component's data is kept too: the rate limit still counts the two shouts.
    expect(await client.query(api.limited.remaining, { key: "kept" })).toBe(false);
    const afterSchedule = await nextValue<string[]>(
      (cb, err) => client.onUpdate(api.messages.list, { channel: "kept" }, cb, err),
      (v) => v.includes("scheduled"),
    );
    expect(afterSchedule).toEqual(["before restart", "scheduled"]);
    await client.close();
  });

  test("--fresh starts from an empty store", async () => {
    const dataDir = tempDataDir();
    cleanups.push(() => removeDir(dataDir));
    const first = await startFixtureBackend({ dataDir });
    await httpClient(first).mutation(api.messages.send, { channel: "wiped", body: "gone" });
    await first.stop();
    const second = track(await startFixtureBackend({ dataDir, fresh: true }));
    expect(await httpClient(second).query(api.messages.list, { channel: "wiped" })).toEqual([]);
  });

  test("a clean stop leaves one snapshot and an empty log, so the next start reads no log", async () => {
    const dataDir = tempDataDir();
    cleanups.push(() => removeDir(dataDir));
    const backend = await startFixtureBackend({ dataDir });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        httpClient(backend).mutation(api.messages.send, { channel: "many", body: `m${i}` }),
      ),
    );
    await backend.stop();
    const files = readdirSync(dataDir).filter((name) => name !== "storage");
    const logs = files.filter((name) => name.startsWith("wal-"));
    expect(files).toContain("snapshot.jsonl");
    expect(logs).toHaveLength(1);
    expect(statSync(path.join(dataDir, logs[0])).size).toBe(0);
    const snapshot = readFileSync(path.join(dataDir, "snapshot.jsonl"), "utf8");
    expect(snapshot.match(/"channel":"many"/g)).toHaveLength(20);
  });
});

describe("hot reload", () => {
  test("editing a function reloads it without losing data, and live queries re-run", async () => {
    // A copy of the fixture inside the (git-ignored) project data folder, so its imports resolve from node_modules.
    const functionsDir = path.join(projectDir, ".local-backend", `hot-reload-test-${process.pid}`);
    mkdirSync(path.dirname(functionsDir), { recursive: true });
    cpSync(fixtureDir, functionsDir, { recursive: true });
    cleanups.push(() => removeDir(functionsDir));
    const backend = track(await startFixtureBackend({ functionsDir, watch: true }));
    const client = connect(backend);
    cleanups.push(() => client.close());
    await client.mutation(api.messages.send, { channel: "hot", body: "kept" });
    await nextValue<string[]>(
      (cb, err) => client.onUpdate(api.messages.list, { channel: "hot" }, cb, err),
      (v) => v.length === 1,
    );

    const source = path.join(functionsDir, "messages.ts");
    writeFileSync(
      source,
      readFileSync(source, "utf8").replace(
        ".map((m) => m.body)",
        '.map((m) => m.body.toUpperCase() + "!")',
      ),
    );

    const reloaded = await nextValue<string[]>(
      (cb, err) => client.onUpdate(api.messages.list, { channel: "hot" }, cb, err),
      (v) => v[0] === "KEPT!",
    );
    expect(reloaded).toEqual(["KEPT!"]);

    // Whether there are HTTP actions is looked up once per code version, so it follows a reload.
    expect((await fetch(`${backend.siteUrl}/hello`)).status).toBe(200);
    rmSync(path.join(functionsDir, "http.ts"));
    await expect.poll(async () => (await fetch(`${backend.siteUrl}/hello`)).status).toBe(404);
  });
});
