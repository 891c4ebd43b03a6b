import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { createUser, newTest, stubDeploymentEnv, type TestConvex, expectError } from "./test.setup";
import { vi } from "vitest";

beforeEach(() => stubDeploymentEnv());
afterEach(() => vi.unstubAllEnvs());

async function profileCount(t: TestConvex) {
  return await t.run(async (ctx) => (await ctx.db.query("user_profiles").collect()).length);
}

describe("profile creation", () => {
  test("ensureMine creates the profile once, from the e-mail prefix", async () => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam.smith@example.com", withProfile: false });
    const first = await sam.asUser.mutation(api.profiles.ensureMine, {});
    expect(first.created).toBe(true);
    expect(first.isNewUser).toBe(true);
    expect(first.profile).toMatchObject({
      displayName: "sam.smith",
      username: "samsmith",
      email: "sam.smith@example.com",
      profileVisibility: "public",
      showCrewsPublicly: true,
      favoriteDrink: null,
      nickname: null,
    });
    const second = await sam.asUser.mutation(api.profiles.ensureMine, {});
    expect(second.created).toBe(false);
    expect(second.profile.username).toBe("samsmith");
    expect(await profileCount(t)).toBe(1);
  });

  test("two tabs signing in at once make one profile", async () => {
    const t = newTest();
    const sam = await createUser(t, { withProfile: false });
    const results = await Promise.all([
      sam.asUser.mutation(api.profiles.ensureMine, {}),
      sam.asUser.mutation(api.profiles.ensureMine, {}),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results[0].profile.username).toBe(results[1].profile.username);
    expect(await profileCount(t)).toBe(1);
  });

  test("uses the auth name and picture, and 'User' when there is nothing", async () => {
    const t = newTest();
    const google = await createUser(t, { name: "Ana Lopez", image: "https://lh3.example/pic.jpg", withProfile: false });
    const { profile } = await google.asUser.mutation(api.profiles.ensureMine, {});
    expect(profile).toMatchObject({ displayName: "Ana Lopez", username: "analopez", avatarUrl: "https://lh3.example/pic.jpg" });
  });

  test("a taken generated username gets a unique suffix", async () => {
    const t = newTest();
    const first = await createUser(t, { email: "sam@one.example" });
    const second = await createUser(t, { email: "sam@two.example" });
    expect(first.profile?.username).toBe("sam");
    expect(second.profile?.username).toMatch(/^sam_\d{4}$/);
  });

  test("signed out: ensureMine says 'Not authenticated', me is null", async () => {
    const t = newTest();
    await expectError(t.mutation(api.profiles.ensureMine, {}), { code: "NOT_AUTHENTICATED", message: "Not authenticated" });
    expect(await t.query(api.profiles.me, {})).toBeNull();
  });

  test("me: own profile with e-mail; null profile before creation", async () => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com", withProfile: false });
    expect(await sam.asUser.query(api.profiles.me, {})).toEqual({ userId: sam.userId, email: "sam@example.com", profile: null });
    await sam.asUser.mutation(api.profiles.ensureMine, {});
    const me = await sam.asUser.query(api.profiles.me, {});
    expect(me?.profile).toMatchObject({ username: "sam", email: "sam@example.com", hasUploadedAvatar: false });
  });
});

describe("visibility matrix", () => {
  async function setup(visibility: "public" | "crew_only" | "private") {
    const t = newTest();
    const owner = await createUser(t, {
      email: "owner@example.com",
      profile: { profileVisibility: visibility, bio: "Secret bio", username: "owner", displayName: "Olive Owner" },
    });
    const stranger = await createUser(t, { email: "stranger@example.com" });
    return { t, owner, stranger };
  }

  test.each(["public", "crew_only", "private"] as const)("%s: the owner sees everything", async (visibility) => {
    const { owner } = await setup(visibility);
    const view = await owner.asUser.query(api.profiles.byUsername, { username: "owner" });
    expect(view).toMatchObject({ visibility: "full", isOwner: true, profile: { bio: "Secret bio" } });
    expect(await owner.asUser.query(api.profiles.stats, { username: "owner" })).toEqual({
      sessions: 0,
      rsvps: 0,
      crews: 0,
      favoriteDrink: null,
    });
  });

  test("public: strangers and anonymous visitors see everything", async () => {
    const { t, stranger } = await setup("public");
    for (const viewer of [stranger.asUser, t]) {
      const view = await viewer.query(api.profiles.byUsername, { username: "OWNER" });
      expect(view).toMatchObject({ visibility: "full", isOwner: false, profile: { bio: "Secret bio" } });
      expect(await viewer.query(api.profiles.stats, { username: "owner" })).not.toBeNull();
    }
  });

  test("crew_only: strangers and anonymous visitors see only the name", async () => {
    const { t, stranger } = await setup("crew_only");
    for (const viewer of [stranger.asUser, t]) {
      const view = await viewer.query(api.profiles.byUsername, { username: "owner" });
      expect(view).toEqual({
        visibility: "name_only",
        isOwner: false,
        profile: { userId: expect.any(String) as unknown, username: "owner", displayName: "Olive Owner", profileVisibility: "crew_only" },
      });
      expect(await viewer.query(api.profiles.stats, { username: "owner" })).toBeNull();
    }
  });

  test("private: a signed-in stranger sees only the name, an anonymous visitor nothing", async () => {
    const { t, stranger } = await setup("private");
    const view = await stranger.asUser.query(api.profiles.byUsername, { username: "owner" });
    expect(view?.visibility).toBe("name_only");
    expect(view?.profile).not.toHaveProperty("bio");
    expect(await t.query(api.profiles.byUsername, { username: "owner" })).toBeNull();
    expect(await stranger.asUser.query(api.profiles.stats, { username: "owner" })).toBeNull();
  });

  test("an unknown username is null", async () => {
    const { t } = await setup("public");
    expect(await t.query(api.profiles.byUsername, { username: "nobody" })).toBeNull();
  });

  test("the e-mail is never in another viewer's view", async () => {
    const { t, stranger } = await setup("public");
    for (const viewer of [stranger.asUser, t]) {
      const view = await viewer.query(api.profiles.byUsername, { username: "owner" });
      expect(JSON.stringify(view)).not.toContain("owner@example.com");
    }
  });
});

describe("editing", () => {
  test("updates every field, saving empty strings as null", async () => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com" });
    const updated = await sam.asUser.mutation(api.profiles.update, {
      username: "Sam_The_Man",
      displayName: "Sam S",
      nickname: "",
      bio: "  Loves a good stout  ",
      tagline: "   ",
      favoriteDrink: "whiskey",
      profileVisibility: "crew_only",
      showCrewsPublicly: false,
    });
    expect(updated).toMatchObject({
      username: "sam_the_man",
      displayName: "Sam S",
      nickname: null,
      bio: "Loves a good stout",
      tagline: null,
      favoriteDrink: "whiskey",
      profileVisibility: "crew_only",
      showCrewsPublicly: false,
    });
    const cleared = await sam.asUser.mutation(api.profiles.update, { favoriteDrink: "none", username: "" });
    expect(cleared.favoriteDrink).toBeNull();
    expect(cleared.username).toBe("sam_the_man");
  });

  test.each([
    [{ username: "ab" }, "username", "Username must be at least 3 characters long"],
    [{ username: "no spaces" }, "username", "Username can only contain lowercase letters, numbers and underscores"],
    [{ displayName: "x".repeat(51) }, "displayName", "Display name must be 50 characters or less"],
    [{ nickname: "x".repeat(31) }, "nickname", "Nickname must be 30 characters or less"],
    [{ bio: "x".repeat(201) }, "bio", "Bio must be 200 characters or less"],
    [{ tagline: "x".repeat(101) }, "tagline", "Tagline must be 100 characters or less"],
    [{ favoriteDrink: "absinthe" }, "favoriteDrink", "Please choose a drink from the list"],
  ])("refuses %j with the field's message and writes nothing", async (input, field, message) => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com", profile: { bio: "before" } });
    await expectError(sam.asUser.mutation(api.profiles.update, { bio: "after", ...input }), {
      code: "VALIDATION",
      field,
      message,
    });
    const me = await sam.asUser.query(api.profiles.me, {});
    expect(me?.profile).toMatchObject({ username: "sam", bio: "before" });
  });

  test("a username someone else has is refused with 'Username is already taken'", async () => {
    const t = newTest();
    await createUser(t, { email: "taken@example.com" });
    const sam = await createUser(t, { email: "sam@example.com" });
    await expectError(sam.asUser.mutation(api.profiles.update, { username: "Taken", bio: "x" }), {
      code: "USERNAME_TAKEN",
      message: "Username is already taken",
      field: "username",
    });
    await expectError(sam.asUser.mutation(api.profiles.update, { username: "edit" }), { code: "USERNAME_TAKEN" });
    expect((await sam.asUser.query(api.profiles.me, {}))?.profile).toMatchObject({ username: "sam", bio: null });
    // Keeping one's own username is fine.
    await sam.asUser.mutation(api.profiles.update, { username: "sam", bio: "ok" });
  });

  test("a user's update changes only their own profile", async () => {
    const t = newTest();
    const ana = await createUser(t, { email: "ana@example.com" });
    const ben = await createUser(t, { email: "ben@example.com" });
    // There is no user id argument: whatever Ben sends acts on Ben.
    await ben.asUser.mutation(api.profiles.update, { bio: "Ben's bio", displayName: "Ben" });
    const anaView = await t.query(api.profiles.byUsername, { username: "ana" });
    const benView = await t.query(api.profiles.byUsername, { username: "ben" });
    expect(anaView?.profile).toMatchObject({ userId: ana.userId, displayName: "ana" });
    expect(anaView?.visibility === "full" && anaView.profile.bio).toBeNull();
    expect(benView?.profile).toMatchObject({ userId: ben.userId, displayName: "Ben" });
    await expect(
      // An extra argument is refused by the validator rather than obeyed.
      ben.asUser.mutation(api.profiles.update, { bio: "x", userId: ana.userId } as never),
    ).rejects.toThrow();
  });

  test("signed out: update is refused", async () => {
    const t = newTest();
    await expectError(t.mutation(api.profiles.update, { bio: "x" }), { code: "NOT_AUTHENTICATED" });
    expect(await profileCount(t)).toBe(0);
  });

  test("update creates a missing profile first (spec: on update, profile is created)", async () => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com", withProfile: false });
    const updated = await sam.asUser.mutation(api.profiles.update, { bio: "hello" });
    expect(updated).toMatchObject({ username: "sam", bio: "hello" });
  });
});

describe("stats", () => {
  test("returns the maintained counters", async () => {
    const t = newTest();
    await createUser(t, { email: "sam@example.com", profile: { stats: { sessions: 3, rsvps: 7, crews: 2 }, favoriteDrink: "gin" } });
    expect(await t.query(api.profiles.stats, { username: "sam" })).toEqual({
      sessions: 3,
      rsvps: 7,
      crews: 2,
      favoriteDrink: "gin",
    });
    expect(await t.query(api.profiles.stats, { username: "nobody" })).toBeNull();
  });
});
