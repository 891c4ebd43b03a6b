/**
 * Clean-ups that must catch up with any backlog, each mutation inside
 * Convex's per-transaction limits (enforced here on every function run,
 * scheduled continuations included): expired invitation links, a deleted
 * account's e-mail log, and the e-mail log's retention.
 */
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  createUser,
  newLimitedTest,
  runDue,
  stubDeploymentEnv,
  type TestConvex,
} from "./test.setup";
import { TOKEN_CLEANUP_BATCH } from "./model/invitationTokens";
import { EMAIL_LOG_BATCH, EMAIL_LOG_RETENTION_MS } from "./model/emails";

const DAY = 24 * 3600_000;

beforeEach(() => {
  stubDeploymentEnv();
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

async function countRows(t: TestConvex, table: "invitation_tokens" | "email_logs") {
  return await t.run(async (ctx) => (await ctx.db.query(table).collect()).length);
}

// ---------------------------------------------------------------- invitation links

async function insertTokens(t: TestConvex, userId: Id<"users">, count: number, expiresAt: number) {
  for (let start = 0; start < count; start += 500) {
    await t.run(async (ctx) => {
      for (let i = start; i < Math.min(count, start + 500); i++) {
        await ctx.db.insert("invitation_tokens", {
          token: `event_accept_backlog${expiresAt}x${i}`,
          invitationType: "event",
          action: "accept",
          eventId: null,
          crewId: null,
          invitationKey: `event:backlog${i}`,
          userId,
          expiresAt,
          used: false,
          responseStatus: null,
          createdAt: expiresAt - 2 * DAY,
          updatedAt: expiresAt - 2 * DAY,
        });
      }
    });
  }
}

test("expired invitation links: a backlog larger than one run is deleted in continued batches", async () => {
  const t = newLimitedTest();
  const owner = await createUser(t);
  const backlog = TOKEN_CLEANUP_BATCH * 2 + 37;
  await insertTokens(t, owner.userId, backlog, Date.now() - 1000);
  await insertTokens(t, owner.userId, 3, Date.now() + DAY); // still valid: kept

  expect(await t.mutation(internal.invitationTokens.cleanupExpired, {})).toEqual({
    deleted: TOKEN_CLEANUP_BATCH,
  });
  await runDue(t);
  expect(await countRows(t, "invitation_tokens")).toBe(3);
});

// ---------------------------------------------------------------- e-mail log

/** `count` logged messages to `recipient`, each with an outbox body of ~`bodyBytes`. */
async function insertEmailLogs(t: TestConvex, recipient: string, count: number, bodyBytes = 2000) {
  const body = "x".repeat(bodyBytes);
  for (let start = 0; start < count; start += 200) {
    await t.run(async (ctx) => {
      for (let i = start; i < Math.min(count, start + 200); i++) {
        await ctx.db.insert("email_logs", {
          status: "sent",
          type: "event_invitation",
          subject: `Message ${i}`,
          recipient,
          messageId: null,
          sentAt: Date.now(),
          errorMessage: null,
          delivery: "outbox",
          html: body,
          text: body,
        });
      }
    });
  }
}

test("account deletion: the person's whole e-mail log goes, in batches inside the limits", async () => {
  const t = newLimitedTest();
  const leaver = await createUser(t, { email: "leaver@example.com" });
  const stayer = await createUser(t, { email: "stayer@example.com" });
  // 3,000 messages of ~40 KB each: 120 MB, far over one transaction's 16 MiB of reads.
  await insertEmailLogs(t, "leaver@example.com", 3000, 20_000);
  await insertEmailLogs(t, "stayer@example.com", 2);

  await leaver.asUser.mutation(api.account.deleteMine, { confirmation: "delete" });
  await runDue(t);

  const left = await t.run(async (ctx) => await ctx.db.query("email_logs").collect());
  expect(left.map((log) => log.recipient)).toEqual(["stayer@example.com", "stayer@example.com"]);
  expect(await t.run(async (ctx) => await ctx.db.get("users", stayer.userId))).not.toBeNull();
});

test("e-mail log retention: messages older than the retention are pruned in batches; newer ones stay", async () => {
  const t = newLimitedTest();
  const start = Date.now();
  vi.setSystemTime(start - EMAIL_LOG_RETENTION_MS - 5 * DAY);
  await insertEmailLogs(t, "old@example.com", EMAIL_LOG_BATCH * 3 + 5, 20_000);
  vi.setSystemTime(start - EMAIL_LOG_RETENTION_MS + DAY);
  await insertEmailLogs(t, "recent@example.com", 4);
  vi.setSystemTime(start);

  await t.mutation(internal.emails.pruneOldLogs, {});
  await runDue(t);

  const left = await t.run(async (ctx) => await ctx.db.query("email_logs").collect());
  expect(left.map((log) => log.recipient)).toEqual(Array(4).fill("recent@example.com"));
});
