import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { newTest, stubDeploymentEnv } from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => vi.unstubAllEnvs());

const message = {
  to: "pat@example.com",
  type: "test" as const,
  subject: "Hello",
  text: "Open http://localhost:5173/profile/pat now.",
  html: '<a href="http://localhost:5173/profile/pat">profile</a> <a href="https://example.com/a?b=1&amp;c=2">x</a>',
  data: { note: "hi" },
};

describe("the e-mail path", () => {
  test("without RESEND_API_KEY a message goes to the local outbox and is logged as sent", async () => {
    const t = newTest();
    const result = await t.action(internal.emails.send, message);
    expect(result).toMatchObject({ status: "sent", delivery: "outbox", errorMessage: null });
    const log = await t.run(async (ctx) => await ctx.db.get("email_logs", result.logId));
    expect(log).toMatchObject({ status: "sent", type: "test", recipient: "pat@example.com", html: message.html, text: message.text, data: { note: "hi" } });
  });
});

describe("debug mailbox", () => {
  test("is off unless the deployment is local or CLINK_DEBUG_PAGES=true", async () => {
    const t = newTest();
    await expect(t.query(api.emails.latestForDebug, {})).rejects.toMatchObject({
      data: { code: "DEBUG_PAGES_DISABLED", message: "Debug pages are not enabled on this deployment" },
    });
    expect(await t.query(api.debug.status, {})).toEqual({ enabled: false });

    vi.stubEnv("CONVEX_CLOUD_URL", "https://happy-otter-123.convex.cloud");
    await expect(t.query(api.emails.latestForDebug, {})).rejects.toMatchObject({ data: { code: "DEBUG_PAGES_DISABLED" } });

    vi.stubEnv("CLINK_DEBUG_PAGES", "true");
    expect(await t.query(api.emails.latestForDebug, {})).toEqual([]);

    vi.stubEnv("CLINK_DEBUG_PAGES", undefined);
    for (const local of ["http://127.0.0.1:3210", "http://localhost:3410"]) {
      vi.stubEnv("CONVEX_CLOUD_URL", local);
      expect(await t.query(api.debug.status, {})).toEqual({ enabled: true });
    }
    vi.stubEnv("CLINK_DEBUG_PAGES", "false");
    expect(await t.query(api.debug.status, {})).toEqual({ enabled: false });
  });

  test("lists the latest 20 messages, newest first, with their links", async () => {
    vi.stubEnv("CONVEX_CLOUD_URL", "http://127.0.0.1:3210");
    const t = newTest();
    for (let i = 0; i < 22; i++) await t.action(internal.emails.send, { ...message, subject: `Message ${i}` });
    const mailbox = await t.query(api.emails.latestForDebug, {});
    expect(mailbox).toHaveLength(20);
    expect(mailbox[0]).toMatchObject({
      subject: "Message 21",
      recipient: "pat@example.com",
      status: "sent",
      delivery: "outbox",
      links: ["http://localhost:5173/profile/pat", "https://example.com/a?b=1&c=2"],
    });
    expect(mailbox[19]?.subject).toBe("Message 2");
  });
});
