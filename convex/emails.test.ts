import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { createUser, newTest, stubDeploymentEnv } from "./test.setup";

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
    expect(log).toMatchObject({
      status: "sent",
      type: "test",
      recipient: "pat@example.com",
      html: message.html,
      text: message.text,
      data: { note: "hi" },
    });
  });
});

describe("debug mailbox", () => {
  test("is off unless the deployment is the local backend or CLINK_DEBUG_PAGES=true", async () => {
    const t = newTest();
    await expect(t.query(api.emails.latestForDebug, {})).rejects.toMatchObject({
      data: {
        code: "DEBUG_PAGES_DISABLED",
        message: "Debug pages are not enabled on this deployment",
      },
    });
    expect(await t.query(api.debug.status, {})).toEqual({ enabled: false });

    vi.stubEnv("CONVEX_CLOUD_URL", "https://happy-otter-123.convex.cloud");
    await expect(t.query(api.emails.latestForDebug, {})).rejects.toMatchObject({
      data: { code: "DEBUG_PAGES_DISABLED" },
    });

    vi.stubEnv("CLINK_DEBUG_PAGES", "true");
    expect(await t.query(api.emails.latestForDebug, {})).toEqual({
      scope: "signedOut",
      messages: [],
    });

    vi.stubEnv("CLINK_DEBUG_PAGES", undefined);
    // A localhost address is also where a self-hosted Convex backend runs: only our local
    // backend, which says so in CLINK_LOCAL_BACKEND, turns the pages on by itself.
    for (const local of ["http://127.0.0.1:3210", "http://localhost:3410"]) {
      vi.stubEnv("CONVEX_CLOUD_URL", local);
      expect(await t.query(api.debug.status, {})).toEqual({ enabled: false });
      vi.stubEnv("CLINK_LOCAL_BACKEND", "1");
      expect(await t.query(api.debug.status, {})).toEqual({ enabled: true });
      vi.stubEnv("CLINK_LOCAL_BACKEND", undefined);
    }
    vi.stubEnv("CLINK_LOCAL_BACKEND", "1");
    vi.stubEnv("CLINK_DEBUG_PAGES", "false");
    expect(await t.query(api.debug.status, {})).toEqual({ enabled: false });
  });

  test("lists the latest 20 messages, newest first, with their links", async () => {
    vi.stubEnv("CONVEX_CLOUD_URL", "http://127.0.0.1:3210");
    vi.stubEnv("CLINK_LOCAL_BACKEND", "1");
    const t = newTest();
    for (let i = 0; i < 22; i++)
      await t.action(internal.emails.send, { ...message, subject: `Message ${i}` });
    const { scope, messages: mailbox } = await t.query(api.emails.latestForDebug, {});
    expect(scope).toBe("everyone");
    expect(mailbox).toHaveLength(20);
    expect(mailbox[0]).toMatchObject({
      subject: "Message 21",
      recipient: "pat@example.com",
      status: "sent",
      delivery: "outbox",
      links: ["http://localhost:5173/profile/pat", "https://example.com/a?b=1&c=2"],
    });
    expect(mailbox[19]?.subject).toBe("Message 2");
    const { messages: latestTen } = await t.query(api.emails.latestForDebug, { limit: 10 });
    expect(latestTen.map((email) => email.subject)).toEqual(
      mailbox.slice(0, 10).map((email) => email.subject),
    );
    expect((await t.query(api.emails.latestForDebug, { limit: 500 })).messages).toHaveLength(20);
  });
});

describe("debug mailbox rules", () => {
  const signInLink = "http://localhost:5173/auth/callback?code=123456";
  const signInEmail = (to: string) => ({
    to,
    type: "magic_link" as const,
    subject: "Sign in to Clink",
    text: `Open ${signInLink}`,
    html: `<a href="${signInLink}">Sign in</a>`,
  });

  async function mailboxWorld() {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com" });
    await createUser(t, { email: "ria@example.com" });
    await t.action(internal.emails.send, signInEmail("sam@example.com"));
    await t.action(internal.emails.send, signInEmail("ria@example.com"));
    await t.action(internal.emails.send, { ...message, to: "ria@example.com", subject: "For Ria" });
    await t.action(internal.emails.send, { ...message, to: "sam@example.com", subject: "For Sam" });
    return { t, sam };
  }

  test("on a local backend anyone, even signed out, sees every message with its live sign-in link", async () => {
    vi.stubEnv("CONVEX_CLOUD_URL", "http://127.0.0.1:3210");
    vi.stubEnv("CLINK_LOCAL_BACKEND", "1");
    const { t, sam } = await mailboxWorld();
    for (const caller of [t, sam.asUser]) {
      const mailbox = await caller.query(api.emails.latestForDebug, {});
      expect(mailbox.scope).toBe("everyone");
      expect(mailbox.messages.map((email) => email.recipient)).toEqual([
        "sam@example.com",
        "ria@example.com",
        "ria@example.com",
        "sam@example.com",
      ]);
      expect(mailbox.messages[3]).toMatchObject({ links: [signInLink], signInLinkHidden: false });
    }
  });

  // Elsewhere: Convex cloud, and a self-hosted Convex backend at its default localhost address.
  const elsewhere = ["https://happy-otter-123.convex.cloud", "http://127.0.0.1:3210"];

  test.each(elsewhere)(
    "elsewhere (%s), even with debug pages on, a signed-out caller sees nothing",
    async (url) => {
      vi.stubEnv("CONVEX_CLOUD_URL", url);
      vi.stubEnv("CLINK_DEBUG_PAGES", "true");
      const { t } = await mailboxWorld();
      expect(await t.query(api.emails.latestForDebug, {})).toEqual({
        scope: "signedOut",
        messages: [],
      });
    },
  );

  test.each(elsewhere)(
    "elsewhere (%s) a signed-in user sees only their own messages, never a sign-in link",
    async (url) => {
      vi.stubEnv("CONVEX_CLOUD_URL", url);
      vi.stubEnv("CLINK_DEBUG_PAGES", "true");
      const { t, sam } = await mailboxWorld();
      const mailbox = await sam.asUser.query(api.emails.latestForDebug, {});
      expect(mailbox.scope).toBe("viewer");
      expect(mailbox.messages.map((email) => email.subject)).toEqual([
        "For Sam",
        "Sign in to Clink",
      ]);
      expect(mailbox.messages[0]).toMatchObject({
        links: ["http://localhost:5173/profile/pat", "https://example.com/a?b=1&c=2"],
      });
      expect(mailbox.messages[1]).toMatchObject({
        text: null,
        html: null,
        links: [],
        signInLinkHidden: true,
      });
      expect(JSON.stringify(mailbox)).not.toContain("auth/callback");
      // A user whose account has no e-mail sees nothing.
      const noEmail = await t.run(async (ctx) => await ctx.db.insert("users", {}));
      const stranger = t.withIdentity({ subject: `${noEmail}|session` });
      expect(await stranger.query(api.emails.latestForDebug, {})).toEqual({
        scope: "signedOut",
        messages: [],
      });
    },
  );

  test("with debug pages off it refuses everyone, signed in or not", async () => {
    vi.stubEnv("CONVEX_CLOUD_URL", "https://happy-otter-123.convex.cloud");
    const { t, sam } = await mailboxWorld();
    for (const caller of [t, sam.asUser]) {
      await expect(caller.query(api.emails.latestForDebug, {})).rejects.toMatchObject({
        data: { code: "DEBUG_PAGES_DISABLED" },
      });
    }
  });
});
