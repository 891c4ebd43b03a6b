/**
 * Finding people to invite matches only the names the searcher may see: the
 * display name and username always, the nickname only where the profile
 * shows it to them (a public profile, a crew_only one to its crew mates, and
 * never a private one's to anyone else). Both searches share the rule:
 * `crews.searchUsersToInvite` and `invitations.searchUsersForEvent`.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import { addCrewMembers, createCrew, createUser, newTest, stubDeploymentEnv } from "./test.setup";
import type { TestConvex, TestUser } from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => vi.unstubAllEnvs());

/** Three people with a nickname, one per visibility; a crew mate of each; a stranger to all. */
async function cast(t: TestConvex) {
  const open = await createUser(t, {
    name: "Olly Open",
    profile: { nickname: "Quasarbeer", profileVisibility: "public" },
  });
  const crewOnly = await createUser(t, {
    name: "Cora Crew",
    profile: { nickname: "Zephyrtap", profileVisibility: "crew_only" },
  });
  const hidden = await createUser(t, {
    name: "Pia Private",
    profile: { nickname: "Vortexale", profileVisibility: "private" },
  });
  const mate = await createUser(t, { name: "Max Mate" });
  const stranger = await createUser(t, { name: "Stan Stranger" });
  const crewId = await createCrew(mate, { name: "Mates", isPublic: false });
  await addCrewMembers(mate, crewId, open, crewOnly, hidden);
  return { open, crewOnly, hidden, mate, stranger };
}

type Search = (
  as: TestUser,
  query: string,
) => Promise<{ userId: string; nickname: string | null }[]>;

const SEARCHES: Record<string, Search> = {
  "crews.searchUsersToInvite": (as, query) =>
    as.asUser.query(api.crews.searchUsersToInvite, { query }),
  "invitations.searchUsersForEvent": (as, query) =>
    as.asUser.query(api.invitations.searchUsersForEvent, { query }),
};

for (const [name, search] of Object.entries(SEARCHES)) {
  describe(name, () => {
    test("a hidden nickname is not matched; a visible one is, with the nickname shown", async () => {
      const t = newTest();
      const { open, crewOnly, hidden, mate, stranger } = await cast(t);
      const ids = async (as: TestUser, query: string) =>
        (await search(as, query)).map((u) => u.userId);

      // Public: anyone finds them by nickname.
      expect(await ids(stranger, "quasar")).toEqual([open.userId]);
      // crew_only: the crew mate by nickname, the stranger not at all (not even a substring).
      expect(await ids(mate, "zephyr")).toEqual([crewOnly.userId]);
      for (const query of ["zephyrtap", "zephyr", "phyrt", "Zephyrtap"]) {
        expect(await ids(stranger, query)).toEqual([]);
      }
      // private: nobody else finds them by nickname, crew mate or not.
      for (const as of [stranger, mate]) {
        for (const query of ["vortexale", "vortex", "texal"]) {
          expect(await ids(as, query)).toEqual([]);
        }
      }
      // By the names everyone sees, everyone finds them; the nickname only where it shows.
      const byName = await search(stranger, "cora");
      expect(byName).toEqual([
        expect.objectContaining({ userId: crewOnly.userId, nickname: null }),
      ]);
      expect(await search(mate, "cora")).toEqual([
        expect.objectContaining({ userId: crewOnly.userId, nickname: "Zephyrtap" }),
      ]);
      expect(await search(stranger, "pia")).toEqual([
        expect.objectContaining({ userId: hidden.userId, nickname: null }),
      ]);
    });
  });
}

test("signed out, both searches: 'Not authenticated'", async () => {
  const t = newTest();
  await cast(t);
  await expect(t.query(api.crews.searchUsersToInvite, { query: "zephyr" })).rejects.toMatchObject({
    data: { message: "Not authenticated" },
  });
  await expect(
    t.query(api.invitations.searchUsersForEvent, { query: "zephyr" }),
  ).rejects.toMatchObject({ data: { message: "Not authenticated" } });
});

test("inviting by username does not pick a person by their hidden nickname", async () => {
  const t = newTest();
  const { crewOnly, stranger } = await cast(t);
  const crewId = await createCrew(stranger, { name: "Strangers" });
  const result = await stranger.asUser.mutation(api.crews.inviteByUsername, {
    crewId,
    username: "zephyr",
  });
  expect(result).toMatchObject({ success: false, message: "User not found" });
  void crewOnly;
});
