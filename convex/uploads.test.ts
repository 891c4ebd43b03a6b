import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createEvent, createUser, FILE_HEADERS, HOUR, newTest, storeFile, stubDeploymentEnv, type TestConvex } from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("upload URLs", () => {
  test("at most 60 an hour per user, covers, photos and avatars together; others unaffected", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2027, 2, 3, 10) });
    const t = newTest();
    const greedy = await createUser(t);
    const other = await createUser(t);
    const mints = [api.events.generateCoverUploadUrl, api.photos.generateUploadUrl, api.profiles.generateAvatarUploadUrl];
    for (let i = 0; i < 60; i++) expect(typeof (await greedy.asUser.mutation(mints[i % 3], {}))).toBe("string");
    await expect(greedy.asUser.mutation(api.photos.generateUploadUrl, {})).rejects.toMatchObject({
      data: { code: "RATE_LIMITED", message: "Too many uploads. Please try again in 1 minute", retryAfterMs: 60_000 },
    });
    expect(typeof (await other.asUser.mutation(api.events.generateCoverUploadUrl, {}))).toBe("string");
    vi.setSystemTime(Date.UTC(2027, 2, 3, 10, 1));
    expect(typeof (await greedy.asUser.mutation(api.photos.generateUploadUrl, {}))).toBe("string");
  });
});

describe("the stored-file sweep", () => {
  async function fileExists(t: TestConvex, storageId: Id<"_storage">) {
    return await t.run(async (ctx) => (await ctx.db.system.get("_storage", storageId)) !== null);
  }

  test("deletes day-old files nothing refers to; claimed and recent ones stay", async () => {
    const start = Date.UTC(2027, 2, 3, 10);
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const t = newTest();
    const host = await createUser(t);
    const e = await createEvent(t, host);
    const abandoned = await storeFile(t, { header: FILE_HEADERS.png, size: 100 });
    const cover = await storeFile(t, { header: FILE_HEADERS.png, size: 100 });
    const avatar = await storeFile(t, { header: FILE_HEADERS.jpeg, size: 100 });
    await host.asUser.action(api.events.setCover, { eventId: e.eventId, storageId: cover });
    await host.asUser.action(api.profiles.setAvatar, { storageId: avatar });

    vi.setSystemTime(start + 23 * HOUR);
    const fresh = await storeFile(t, { header: FILE_HEADERS.png, size: 100 });
    expect(await t.mutation(internal.uploads.sweepUnreferenced, {})).toMatchObject({ checked: 0, deleted: 0 });
    expect(await fileExists(t, abandoned)).toBe(true);

    vi.setSystemTime(start + 25 * HOUR);
    expect(await t.mutation(internal.uploads.sweepUnreferenced, {})).toMatchObject({ checked: 3, deleted: 1 });
    expect(await fileExists(t, abandoned)).toBe(false);
    expect(await fileExists(t, cover)).toBe(true);
    expect(await fileExists(t, avatar)).toBe(true);
    expect(await fileExists(t, fresh)).toBe(true);

    // The next run starts where this one stopped: only the newer file is looked at, once it is a day old.
    vi.setSystemTime(start + 48 * HOUR);
    expect(await t.mutation(internal.uploads.sweepUnreferenced, {})).toMatchObject({ checked: 1, deleted: 1 });
    expect(await fileExists(t, fresh)).toBe(false);
  });
});
