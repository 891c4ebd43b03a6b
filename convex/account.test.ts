import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { ACCOUNT_CLEANUPS, deleteAccount } from "./model/accountDeletion";
import type { AccountCleanup } from "./model/batchedCleanup";
import { insertOutboxEmail } from "./model/emails";
import { checkMagicLinkRequest } from "./model/magicLinks";
import { createUser, FILE_HEADERS, newTest, storeFile, stubDeploymentEnv, type TestConvex } from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => vi.unstubAllEnvs());

const AUTH_TABLES = ["users", "authAccounts", "authSessions", "authRefreshTokens", "authVerificationCodes", "authRateLimits"] as const;

async function rowCounts(t: TestConvex) {
  return await t.run(async (ctx) => {
    const counts: Record<string, number> = {};
    for (const table of [...AUTH_TABLES, "user_profiles", "email_logs", "rate_limits"] as const) {
      counts[table] = (await ctx.db.query(table).collect()).length;
    }
    counts._storage = (await ctx.db.system.query("_storage").collect()).length;
    return counts;
  });
}

/** A user with a bit of everything: avatar file, e-mails, send limits, a pending code, a failed-attempt limit. */
async function richUser(t: TestConvex, email: string) {
  const user = await createUser(t, { email });
  const avatar = await storeFile(t, { header: FILE_HEADERS.png, size: 100 });
  await user.asUser.action(api.profiles.setAvatar, { storageId: avatar });
  await t.run(async (ctx) => {
    await insertOutboxEmail(ctx, { to: email, type: "magic_link", subject: "Sign in", html: "<p>hi</p>", text: "hi" });
    await checkMagicLinkRequest(ctx, email);
    const account = await ctx.db
      .query("authAccounts")
      .withIndex("providerAndAccountId", (q) => q.eq("provider", "email").eq("providerAccountId", email))
      .unique();
    await ctx.db.insert("authVerificationCodes", {
      accountId: account!._id,
      provider: "email",
      code: "hashed",
      expirationTime: Date.now() + 3600_000,
      emailVerified: email,
    });
    await ctx.db.insert("authRateLimits", { identifier: email, attemptsLeft: 3, lastAttemptTime: Date.now() });
  });
  return { ...user, avatar };
}

describe("account.deleteMine", () => {
  test("removes everything the user has, and nothing of anyone else", async () => {
    const t = newTest();
    const keep = await richUser(t, "keep@example.com");
    const before = await rowCounts(t);
    const gone = await richUser(t, "gone@example.com");

    expect(await gone.asUser.mutation(api.account.deleteMine, { confirmation: "DELETE" })).toEqual({ deleted: true });

    const after = await rowCounts(t);
    // Only the global send bucket is shared between users; it stays.
    expect(after).toEqual(before);
    expect(await t.run(async (ctx) => await ctx.db.system.get("_storage", gone.avatar))).toBeNull();
    expect(await t.run(async (ctx) => await ctx.db.system.get("_storage", keep.avatar))).not.toBeNull();
    expect(await t.query(api.profiles.byUsername, { username: "keep" })).not.toBeNull();
    expect(await t.query(api.profiles.byUsername, { username: "gone" })).toBeNull();
  });

  test("afterwards the old token counts as signed out", async () => {
    const t = newTest();
    const gone = await createUser(t, { email: "gone@example.com" });
    await gone.asUser.mutation(api.account.deleteMine, { confirmation: "delete" });
    expect(await gone.asUser.query(api.profiles.me, {})).toBeNull();
    await expect(gone.asUser.mutation(api.profiles.update, { bio: "x" })).rejects.toMatchObject({
      data: { code: "NOT_AUTHENTICATED", message: "Not authenticated" },
    });
  });

  test.each(["", "delet", "remove", "DELETE ME"])("refuses confirmation %j and deletes nothing", async (confirmation) => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com" });
    const before = await rowCounts(t);
    await expect(sam.asUser.mutation(api.account.deleteMine, { confirmation })).rejects.toMatchObject({
      data: { code: "CONFIRMATION_MISMATCH", message: "Please type DELETE to confirm" },
    });
    expect(await rowCounts(t)).toEqual(before);
  });

  test("accepts 'delete' in any case", async () => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com" });
    await sam.asUser.mutation(api.account.deleteMine, { confirmation: " DeLeTe " });
    expect((await rowCounts(t)).users).toBe(0);
  });

  test("signed out: refused", async () => {
    const t = newTest();
    await expect(t.mutation(api.account.deleteMine, { confirmation: "delete" })).rejects.toMatchObject({
      data: { code: "NOT_AUTHENTICATED" },
    });
  });
});

describe("the clean-up registry", () => {
  test("every registered clean-up runs with the user's id, before the profile is gone", async () => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com" });
    const seen: Array<{ userId: Id<"users">; hadProfile: boolean }> = [];
    const probe: AccountCleanup = async (ctx, userId) => {
      const profile = await ctx.db
        .query("user_profiles")
        .withIndex("by_user", (q) => q.eq("userId", userId))
        .unique();
      seen.push({ userId, hadProfile: profile !== null });
    };
    await t.run(async (ctx) => {
      await deleteAccount(ctx, sam.userId, [...ACCOUNT_CLEANUPS, { area: "probe", cleanup: probe }]);
    });
    expect(seen).toEqual([{ userId: sam.userId, hadProfile: true }]);
    expect(ACCOUNT_CLEANUPS.map((entry) => entry.area)).toContain("emails");
  });
});
