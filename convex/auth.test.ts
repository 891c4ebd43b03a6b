/**
 * Magic-link sign-in through `@convex-dev/auth`'s own `auth:signIn` action,
 * as the React client calls it: request a link, read it from the outbox,
 * use it, use it again, let one expire; rate limits; e-mail delivery.
 */
import { exportPKCS8, generateKeyPair } from "jose";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import { checkMagicLinkRequest, MAGIC_LINK_RATE_LIMITS } from "./model/magicLinks";
import { newTest, stubDeploymentEnv, TEST_SITE_URL, type TestConvex } from "./test.setup";

let jwtPrivateKey = "";

beforeAll(async () => {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  jwtPrivateKey = await exportPKCS8(privateKey);
});

beforeEach(() => stubDeploymentEnv({ JWT_PRIVATE_KEY: jwtPrivateKey }));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

async function requestLink(t: TestConvex, email: string, redirectTo?: string) {
  return await t.action(api.auth.signIn, {
    provider: "email",
    params: { email, ...(redirectTo !== undefined ? { redirectTo } : {}) },
  });
}

async function latestLog(t: TestConvex, email: string) {
  return await t.run(async (ctx) => {
    const logs = await ctx.db
      .query("email_logs")
      .withIndex("by_recipient", (q) => q.eq("recipient", email))
      .order("desc")
      .take(1);
    return logs[0] ?? null;
  });
}

async function latestLink(t: TestConvex, email: string) {
  const log = await latestLog(t, email);
  const link = log?.text?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error("no link in the outbox");
  return new URL(link);
}

async function useCode(t: TestConvex, code: string) {
  return await t.action(api.auth.signIn, { params: { code } });
}

describe("magic link", () => {
  test("a link lands on /auth/callback, signs in once, and creates the profile", async () => {
    const t = newTest();
    expect(await requestLink(t, "newbie@example.com", "/events")).toEqual({ started: true });

    const log = await latestLog(t, "newbie@example.com");
    expect(log).toMatchObject({
      status: "sent",
      type: "magic_link",
      subject: "Your Clink sign-in link",
      delivery: "outbox",
      errorMessage: null,
    });
    expect(log?.messageId).toBe(`outbox:${log?._id}`);
    expect(log?.sentAt).toEqual(expect.any(Number));
    expect(log?.data?.expiresAt).toBeGreaterThan(Date.now() + 59 * 60_000);

    const link = await latestLink(t, "newbie@example.com");
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_SITE_URL}/auth/callback`);
    expect(link.searchParams.get("redirect")).toBe("/events");
    const code = link.searchParams.get("code")!;
    expect(code).toHaveLength(32);
    expect(log?.html).toContain(`href="${link.toString().replace(/&/g, "&amp;")}"`);

    expect(await t.query(api.authConfig.codeStatus, { code })).toEqual({ status: "valid", provider: "email" });
    // Requesting a link does not sign in or make a profile.
    expect(await t.run(async (ctx) => (await ctx.db.query("user_profiles").collect()).length)).toBe(0);

    const result = await useCode(t, code);
    expect(result.tokens?.token).toEqual(expect.any(String));
    expect(result.tokens?.refreshToken).toEqual(expect.any(String));
    const profiles = await t.run(async (ctx) => await ctx.db.query("user_profiles").collect());
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ displayName: "newbie", username: "newbie" });

    // Used: it does not work twice.
    expect(await t.query(api.authConfig.codeStatus, { code })).toEqual({ status: "invalid", provider: null });
    expect(await useCode(t, code)).toEqual({ tokens: null });
  });

  test("signIn('email', { code }) (what /auth/callback calls) signs in, and throws on reuse", async () => {
    const t = newTest();
    await requestLink(t, "callback@example.com");
    const code = (await latestLink(t, "callback@example.com")).searchParams.get("code")!;
    const { provider } = await t.query(api.authConfig.codeStatus, { code });
    const first = await t.action(api.auth.signIn, { provider: provider!, params: { code } });
    expect(first.tokens).not.toBeNull();
    await expect(t.action(api.auth.signIn, { provider: "email", params: { code } })).rejects.toThrow(/Could not verify code/);
  });

  test("an expired link is reported as expired and does not sign in", async () => {
    const t = newTest();
    await requestLink(t, "late@example.com");
    const code = (await latestLink(t, "late@example.com")).searchParams.get("code")!;
    await t.run(async (ctx) => {
      for (const row of await ctx.db.query("authVerificationCodes").collect()) {
        await ctx.db.patch("authVerificationCodes", row._id, { expirationTime: Date.now() - 1 });
      }
    });
    expect(await t.query(api.authConfig.codeStatus, { code })).toEqual({ status: "expired", provider: "email" });
    expect(await useCode(t, code)).toEqual({ tokens: null });
    expect(await t.run(async (ctx) => (await ctx.db.query("user_profiles").collect()).length)).toBe(0);
  });

  test("links expire after 1 hour", async () => {
    const t = newTest();
    const before = Date.now();
    await requestLink(t, "timer@example.com");
    const [row] = await t.run(async (ctx) => await ctx.db.query("authVerificationCodes").collect());
    expect(row?.expirationTime).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(row?.expirationTime).toBeLessThanOrEqual(before + 3600_000 + 5000);
  });

  test("a newer link replaces the older one", async () => {
    const t = newTest();
    await requestLink(t, "twice@example.com");
    const first = (await latestLink(t, "twice@example.com")).searchParams.get("code")!;
    await requestLink(t, "twice@example.com");
    const second = (await latestLink(t, "twice@example.com")).searchParams.get("code")!;
    expect(await t.query(api.authConfig.codeStatus, { code: first })).toEqual({ status: "invalid", provider: null });
    expect(await t.query(api.authConfig.codeStatus, { code: second })).toEqual({ status: "valid", provider: "email" });
  });

  test("without redirectTo, or with an off-site one, the link still lands on /auth/callback", async () => {
    const t = newTest();
    await requestLink(t, "plain@example.com");
    let link = await latestLink(t, "plain@example.com");
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_SITE_URL}/auth/callback`);
    expect(link.searchParams.has("redirect")).toBe(false);
    for (const evil of ["//evil.example", "https://evil.example/profile", "/\\evil.example"]) {
      await requestLink(t, "plain@example.com", evil);
      link = await latestLink(t, "plain@example.com");
      expect(link.origin).toBe(TEST_SITE_URL);
      expect(link.searchParams.has("redirect")).toBe(false);
    }
  });

  test("a returning user signs in to the same account and profile", async () => {
    const t = newTest();
    for (let i = 0; i < 2; i++) {
      await requestLink(t, "back@example.com");
      const code = (await latestLink(t, "back@example.com")).searchParams.get("code")!;
      expect((await useCode(t, code)).tokens).not.toBeNull();
    }
    const counts = await t.run(async (ctx) => ({
      users: (await ctx.db.query("users").collect()).length,
      profiles: (await ctx.db.query("user_profiles").collect()).length,
    }));
    expect(counts).toEqual({ users: 1, profiles: 1 });
  });

  test("the address must be present, valid and normalised", async () => {
    const t = newTest();
    await expect(t.action(api.auth.signIn, { provider: "email", params: { email: "" } })).rejects.toMatchObject({
      data: { code: "VALIDATION", message: "Please enter your email address" },
    });
    for (const email of ["not-an-address", "Upper@Example.com", " padded@example.com"]) {
      await expect(requestLink(t, email)).rejects.toMatchObject({
        data: { code: "VALIDATION", message: "Please enter a valid email address", field: "email" },
      });
    }
    expect(await t.run(async (ctx) => (await ctx.db.query("users").collect()).length)).toBe(0);
  });
});

describe("magic-link rate limits", () => {
  test("5 links per address per hour; the 6th is refused and the 5th link still works", async () => {
    const t = newTest();
    for (let i = 0; i < 5; i++) await requestLink(t, "eager@example.com");
    const fifth = (await latestLink(t, "eager@example.com")).searchParams.get("code")!;
    await expect(requestLink(t, "eager@example.com")).rejects.toMatchObject({
      data: {
        code: "RATE_LIMITED",
        message: "Too many sign-in links requested for this email. Please wait 12 minutes and try again.",
        field: "email",
      },
    });
    expect(await t.query(api.authConfig.codeStatus, { code: fifth })).toEqual({ status: "valid", provider: "email" });
    // Other addresses are not affected.
    expect(await requestLink(t, "calm@example.com")).toEqual({ started: true });
  });

  test("the per-address bucket refills over the hour", async () => {
    const t = newTest();
    const now = Date.now();
    await t.run(async (ctx) => {
      for (let i = 0; i < 5; i++) await checkMagicLinkRequest(ctx, "eager@example.com", now);
      await expect(checkMagicLinkRequest(ctx, "eager@example.com", now)).rejects.toMatchObject({
        data: { code: "RATE_LIMITED" },
      });
      await checkMagicLinkRequest(ctx, "eager@example.com", now + 12 * 60_000);
    });
  });

  test("100 links a minute overall, then everyone waits", async () => {
    const t = newTest();
    const now = Date.now();
    await t.run(async (ctx) => {
      for (let i = 0; i < 100; i++) await checkMagicLinkRequest(ctx, `person${i}@example.com`, now);
      await expect(checkMagicLinkRequest(ctx, "one-more@example.com", now)).rejects.toMatchObject({
        data: {
          code: "RATE_LIMITED",
          message: "We're sending a lot of sign-in links right now. Please try again in 1 minute.",
        },
      });
      const global = await ctx.db
        .query("rate_limits")
        .withIndex("by_name_and_key", (q) => q.eq("name", MAGIC_LINK_RATE_LIMITS.global).eq("key", "all"))
        .unique();
      expect(global?.tokens).toBeLessThan(1);
    });
  });
});

describe("e-mail delivery through Resend", () => {
  test("with RESEND_API_KEY the message goes to Resend and is logged without its body", async () => {
    vi.stubEnv("RESEND_API_KEY", "re_test_key");
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ id: "re_message_1" }), { status: 200, headers: { "Content-Type": "application/json" } })),
    );
    vi.stubGlobal("fetch", fetchMock);
    const t = newTest();
    expect(await requestLink(t, "real@example.com")).toEqual({ started: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url instanceof URL ? url.href : url).toBe("https://api.resend.com/emails");
    const body = JSON.parse(init?.body as string) as { to: string; from: string; subject: string; text: string };
    expect(body).toMatchObject({ to: "real@example.com", from: "Clink <onboarding@resend.dev>", subject: "Your Clink sign-in link" });
    expect(body.text).toContain(`${TEST_SITE_URL}/auth/callback?code=`);
    expect(await latestLog(t, "real@example.com")).toMatchObject({
      status: "sent",
      delivery: "resend",
      messageId: "re_message_1",
      html: null,
      text: null,
    });
  });

  test("a Resend failure is logged as failed and the user sees 'Failed to send magic link'", async () => {
    vi.stubEnv("RESEND_API_KEY", "re_test_key");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Promise.resolve(
          new Response(JSON.stringify({ name: "validation_error", message: "Invalid `to` field", statusCode: 422 }), {
            status: 422,
            headers: { "Content-Type": "application/json" },
          }),
        ),
      ),
    );
    const t = newTest();
    await expect(requestLink(t, "bounce@example.com")).rejects.toMatchObject({
      data: { code: "EMAIL_SEND_FAILED", message: "Failed to send magic link" },
    });
    expect(await latestLog(t, "bounce@example.com")).toMatchObject({
      status: "failed",
      delivery: "resend",
      errorMessage: "Invalid `to` field",
      sentAt: null,
    });
  });
});

describe("sign-in configuration", () => {
  test("Google is off without AUTH_GOOGLE_ID / AUTH_GOOGLE_SECRET", async () => {
    const t = newTest();
    expect(await t.query(api.authConfig.providers, {})).toEqual({ email: true, google: false });
    await expect(t.action(api.auth.signIn, { provider: "google", params: {} })).rejects.toThrow(/not configured/);
  });
});
