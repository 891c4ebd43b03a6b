/**
 * Google sign-in, with AUTH_GOOGLE_ID / AUTH_GOOGLE_SECRET set (by
 * beforeEach) before convex/auth.ts is first loaded in this file: its
 * provider list is fixed when it loads, and vitest loads it once per file.
 * The real OAuth round trip needs Google; here: configuration, the error
 * mapping of the callback route, and what a Google sign-in does to profiles.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import { afterUserCreatedOrUpdated } from "./model/signIn";
import { createUser, newTest, stubDeploymentEnv, TEST_CONVEX_SITE_URL, TEST_SITE_URL } from "./test.setup";

const google = { AUTH_GOOGLE_ID: "test-client-id.apps.googleusercontent.com", AUTH_GOOGLE_SECRET: "test-secret" };

beforeEach(() => stubDeploymentEnv(google));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Google configured", () => {
  test("providers reports Google", async () => {
    const t = newTest();
    expect(await t.query(api.authConfig.providers, {})).toEqual({ email: true, google: true });
  });

  test("signIn('google') starts the OAuth redirect through the backend", async () => {
    const t = newTest();
    const result = await t.action(api.auth.signIn, { provider: "google", params: { redirectTo: "/events" } });
    const redirect = new URL(result.redirect!);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${TEST_CONVEX_SITE_URL}/api/auth/signin/google`);
    expect(redirect.searchParams.get("redirectTo")).toBe("/events");
    expect(result.verifier).toEqual(expect.any(String));
  });

  test("an error reported by Google reaches /auth/callback with its code", async () => {
    const t = newTest();
    const response = await t.fetch("/api/auth/callback/google?error=server_error&error_description=Try+later", {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${TEST_SITE_URL}/auth/callback`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      provider: "google",
      error: "server_error",
      error_description: "Try later",
    });
  });

  test("a failed code exchange reaches /auth/callback as oauth_exchange_failed", async () => {
    // No network in tests: Google's discovery document cannot be fetched, like any failed exchange.
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("fetch failed (offline test)"))));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const t = newTest();
    const response = await t.fetch("/api/auth/callback/google?code=bogus&state=bogus", { redirect: "manual" });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    expect(location.pathname).toBe("/auth/callback");
    expect(location.searchParams.get("error")).toBe("oauth_exchange_failed");
    expect(location.searchParams.get("provider")).toBe("google");
  });
});

describe("what a Google sign-in does to the profile", () => {
  test("first sign-in: profile from the Google name and picture", async () => {
    const t = newTest();
    const user = await createUser(t, { email: "ana@gmail.example", withProfile: false });
    await t.run(async (ctx) => {
      await afterUserCreatedOrUpdated(ctx, {
        userId: user.userId,
        type: "oauth",
        profile: { name: "Ana María", email: "ana@gmail.example", image: "https://lh3.example/ana.jpg" },
      });
    });
    const me = await user.asUser.query(api.profiles.me, {});
    expect(me?.profile).toMatchObject({ displayName: "Ana María", username: "anamaria", avatarUrl: "https://lh3.example/ana.jpg" });
  });

  test("later sign-ins refresh the Google picture, but never replace an uploaded avatar", async () => {
    const t = newTest();
    const user = await createUser(t, { email: "ana@gmail.example", image: "https://lh3.example/old.jpg" });
    const signInWithPicture = (image: string) =>
      t.run(async (ctx) => {
        await afterUserCreatedOrUpdated(ctx, { userId: user.userId, type: "oauth", profile: { image } });
      });
    await signInWithPicture("https://lh3.example/new.jpg");
    expect((await user.asUser.query(api.profiles.me, {}))?.profile?.avatarUrl).toBe("https://lh3.example/new.jpg");
    const storageId = await t.run(async (ctx) => await ctx.storage.store(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])])));
    await user.asUser.action(api.profiles.setAvatar, { storageId });
    await signInWithPicture("https://lh3.example/newer.jpg");
    const profile = (await user.asUser.query(api.profiles.me, {}))?.profile;
    expect(profile?.hasUploadedAvatar).toBe(true);
    expect(profile?.avatarUrl).not.toBe("https://lh3.example/newer.jpg");
  });
});
