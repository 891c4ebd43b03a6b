import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { AVATAR_MAX_BYTES } from "../shared/profileRules";
import { createUser, FILE_HEADERS, newTest, storeFile, stubDeploymentEnv, type TestConvex, expectError } from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => vi.unstubAllEnvs());

async function fileExists(t: TestConvex, storageId: Id<"_storage">) {
  return await t.run(async (ctx) => (await ctx.db.system.get("_storage", storageId)) !== null);
}

describe("avatars", () => {
  test("the upload URL needs a signed-in user", async () => {
    const t = newTest();
    const sam = await createUser(t);
    expect(await sam.asUser.mutation(api.profiles.generateAvatarUploadUrl, {})).toMatch(/^https?:\/\//);
    await expectError(t.mutation(api.profiles.generateAvatarUploadUrl, {}), { code: "NOT_AUTHENTICATED" });
  });

  test.each(["png", "jpeg", "webp"] as const)("accepts a %s and replaces (and deletes) the previous file", async (kind) => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com", image: "https://lh3.example/google.jpg" });
    const first = await storeFile(t, { header: FILE_HEADERS[kind], size: 1024, type: `image/${kind}` });
    const { avatarUrl } = await sam.asUser.action(api.profiles.setAvatar, { storageId: first });
    expect(avatarUrl).toMatch(/^https?:\/\//);
    expect(avatarUrl).not.toBe("https://lh3.example/google.jpg");
    let me = await sam.asUser.query(api.profiles.me, {});
    expect(me?.profile).toMatchObject({ avatarUrl, hasUploadedAvatar: true });

    const second = await storeFile(t, { header: FILE_HEADERS.png, size: 2048 });
    await sam.asUser.action(api.profiles.setAvatar, { storageId: second });
    expect(await fileExists(t, first)).toBe(false);
    expect(await fileExists(t, second)).toBe(true);

    await sam.asUser.mutation(api.profiles.removeAvatar, {});
    expect(await fileExists(t, second)).toBe(false);
    me = await sam.asUser.query(api.profiles.me, {});
    expect(me?.profile).toMatchObject({ avatarUrl: null, hasUploadedAvatar: false });
  });

  test("a file of another type is refused by its bytes, whatever it claims, and deleted", async () => {
    const t = newTest();
    const sam = await createUser(t);
    for (const file of [
      { header: FILE_HEADERS.gif, type: "image/gif" },
      { text: "<svg xmlns='http://www.w3.org/2000/svg'/>", type: "image/png" },
      { text: "just text" },
    ]) {
      const storageId = await storeFile(t, file);
      await expectError(sam.asUser.action(api.profiles.setAvatar, { storageId }), {
        code: "FILE_TYPE_NOT_ALLOWED",
        message: "File type not allowed. Supported types: image/jpeg, image/png, image/webp",
        field: "avatar",
      });
      expect(await fileExists(t, storageId)).toBe(false);
    }
    expect((await sam.asUser.query(api.profiles.me, {}))?.profile?.hasUploadedAvatar).toBe(false);
  });

  test("a file over 5 MB is refused and deleted; exactly 5 MB is fine", async () => {
    const t = newTest();
    const sam = await createUser(t);
    const tooLarge = await storeFile(t, { header: FILE_HEADERS.png, size: AVATAR_MAX_BYTES + 1 });
    await expectError(sam.asUser.action(api.profiles.setAvatar, { storageId: tooLarge }), {
      code: "FILE_TOO_LARGE",
      message: "File size must be less than 5MB",
    });
    expect(await fileExists(t, tooLarge)).toBe(false);
    const justRight = await storeFile(t, { header: FILE_HEADERS.png, size: AVATAR_MAX_BYTES });
    await sam.asUser.action(api.profiles.setAvatar, { storageId: justRight });
    expect(await fileExists(t, justRight)).toBe(true);
  });

  test("someone else's avatar cannot be claimed, and stays", async () => {
    const t = newTest();
    const ana = await createUser(t);
    const ben = await createUser(t);
    const anasFile = await storeFile(t, { header: FILE_HEADERS.png, size: 100 });
    await ana.asUser.action(api.profiles.setAvatar, { storageId: anasFile });
    await expectError(ben.asUser.action(api.profiles.setAvatar, { storageId: anasFile }), { code: "FORBIDDEN" });
    expect(await fileExists(t, anasFile)).toBe(true);
    expect((await ben.asUser.query(api.profiles.me, {}))?.profile?.hasUploadedAvatar).toBe(false);
  });

  test("signed out: refused, and the file is not touched", async () => {
    const t = newTest();
    const storageId = await storeFile(t, { header: FILE_HEADERS.gif });
    await expectError(t.action(api.profiles.setAvatar, { storageId }), { code: "NOT_AUTHENTICATED" });
    expect(await fileExists(t, storageId)).toBe(true);
  });
});
