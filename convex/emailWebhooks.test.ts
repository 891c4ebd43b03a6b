import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { RESEND_WEBHOOK_PATH, svixSignature } from "./model/emailWebhooks";
import { newTest, stubDeploymentEnv, type TestConvex } from "./test.setup";

const SECRET = `whsec_${btoa("a-32-byte-secret-for-the-tests!!")}`;

beforeEach(() =>
  stubDeploymentEnv({ RESEND_API_KEY: "re_test_key", RESEND_WEBHOOK_SECRET: SECRET }),
);
afterEach(() => vi.unstubAllEnvs());

async function sentMessage(t: TestConvex, messageId: string) {
  return await t.run(
    async (ctx) =>
      await ctx.db.insert("email_logs", {
        status: "sent",
        type: "crew_invitation",
        subject: "Hana invited you",
        recipient: "bo@example.com",
        messageId,
        sentAt: Date.now(),
        errorMessage: null,
        delivery: "resend",
        html: null,
        text: null,
      }),
  );
}

async function post(
  t: TestConvex,
  event: unknown,
  options: { secret?: string; ageMs?: number } = {},
) {
  const body = JSON.stringify(event);
  const id = "msg_2abc";
  const timestamp = String(Math.floor((Date.now() - (options.ageMs ?? 0)) / 1000));
  const signature = await svixSignature(options.secret ?? SECRET, id, timestamp, body);
  return await t.fetch(RESEND_WEBHOOK_PATH, {
    method: "POST",
    headers: {
      "svix-id": id,
      "svix-timestamp": timestamp,
      "svix-signature": `v1,bogus ${signature}`,
    },
    body,
  });
}

const bounced = (emailId: string) => ({
  type: "email.bounced",
  created_at: new Date().toISOString(),
  data: { email_id: emailId, bounce: { message: "Mailbox does not exist", type: "Permanent" } },
});

describe("Resend's delivery webhook", () => {
  test("a signed bounce marks the message 'bounced' with the reason", async () => {
    const t = newTest();
    const logId = await sentMessage(t, "re_1");
    const response = await post(t, bounced("re_1"));
    expect(response.status).toBe(204);
    expect(await t.run(async (ctx) => await ctx.db.get("email_logs", logId))).toMatchObject({
      status: "bounced",
      errorMessage: "Mailbox does not exist",
    });
  });

  test("a spam complaint counts as bounced; delivered and unknown messages change nothing", async () => {
    const t = newTest();
    const complained = await sentMessage(t, "re_2");
    const delivered = await sentMessage(t, "re_3");
    expect((await post(t, { type: "email.complained", data: { email_id: "re_2" } })).status).toBe(
      204,
    );
    expect((await post(t, { type: "email.delivered", data: { email_id: "re_3" } })).status).toBe(
      204,
    );
    expect((await post(t, bounced("re_unknown"))).status).toBe(204);
    const rows = await t.run(async (ctx) => [
      await ctx.db.get("email_logs", complained),
      await ctx.db.get("email_logs", delivered),
    ]);
    expect(rows).toMatchObject([
      { status: "bounced", errorMessage: "Marked as spam by the recipient" },
      { status: "sent", errorMessage: null },
    ]);
  });

  test("a wrong or stale signature gets 401 and writes nothing; without the secret the route is off", async () => {
    const t = newTest();
    const logId = await sentMessage(t, "re_4");
    expect(
      (
        await post(t, bounced("re_4"), {
          secret: `whsec_${btoa("someone else's secret, 32 bytes")}`,
        })
      ).status,
    ).toBe(401);
    expect((await post(t, bounced("re_4"), { ageMs: 10 * 60_000 })).status).toBe(401);
    expect(
      (
        await t.fetch(RESEND_WEBHOOK_PATH, {
          method: "POST",
          body: JSON.stringify(bounced("re_4")),
        })
      ).status,
    ).toBe(401);
    vi.stubEnv("RESEND_WEBHOOK_SECRET", undefined);
    expect((await post(t, bounced("re_4"))).status).toBe(404);
    expect(await t.run(async (ctx) => await ctx.db.get("email_logs", logId))).toMatchObject({
      status: "sent",
    });
  });
});
