import { describe, expect, test } from "vitest";
import {
  CREW_MESSAGES,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  canChangeCrewRoles,
  canDeleteCrew,
  canDemoteCrewMember,
  canEditCrew,
  canInviteCrewToSession,
  canInviteToCrew,
  canLeaveCrew,
  canManageCrew,
  canPromoteCrewMember,
  canRemoveCrewMember,
  canSeeCrewInvitations,
  canViewCrew,
  canWithdrawCrewInvitation,
  crewAttendanceThreshold,
  crewDetailsSchema,
  crewNameError,
  crewRoleOf,
  eventCountsForCrew,
  generateInviteCode,
  inviteLinkLimitsProblem,
  inviteLinkProblem,
  INVITE_LINK_MAX_DAYS,
  INVITE_LINK_MESSAGES,
  isCrewMember,
  matchesUserQuery,
  normalizeInviteCode,
  normalizeSearchQuery,
  pickUsernameMatch,
  userSearchIndexQuery,
  userSearchTerms,
  type CrewStanding,
} from "./crewRules";
import type { RandomBytes } from "./random";

describe("crew details", () => {
  test("name: required, trimmed, at most 50 characters (counted as characters)", () => {
    expect(crewNameError("")).toBe("Crew name is required");
    expect(crewNameError("   ")).toBe("Crew name is required");
    expect(crewNameError("a".repeat(50))).toBeNull();
    expect(crewNameError("a".repeat(51))).toBe(CREW_MESSAGES.nameTooLong);
    expect(crewNameError(`  ${"a".repeat(50)}  `)).toBeNull();
    expect(crewNameError("🍺".repeat(50))).toBeNull();
    expect(crewNameError("🍺".repeat(51))).toBe(CREW_MESSAGES.nameTooLong);
  });

  test("the schema trims, normalises the description and checks the vibe", () => {
    const parsed = crewDetailsSchema.parse({
      name: "  Pub Crawlers ",
      description: "  ",
      vibe: "wild",
      isPublic: false,
    });
    expect(parsed).toEqual({
      name: "Pub Crawlers",
      description: null,
      vibe: "wild",
      isPublic: false,
    });
    const long = crewDetailsSchema.safeParse({
      name: "A",
      description: "d".repeat(201),
      vibe: "chill",
      isPublic: true,
    });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0].message).toBe("Description must be 200 characters or less");
    expect(
      crewDetailsSchema.safeParse({
        name: "A",
        description: "d".repeat(200),
        vibe: "chill",
        isPublic: true,
      }).success,
    ).toBe(true);
    const vibe = crewDetailsSchema.safeParse({ name: "A", vibe: "rowdy", isPublic: true });
    expect(vibe.error?.issues[0].message).toBe("Please choose a vibe");
    const blank = crewDetailsSchema.safeParse({ name: "  ", vibe: "casual", isPublic: true });
    expect(blank.error?.issues[0].message).toBe("Crew name is required");
  });
});

describe("roles", () => {
  const creatorNoRow: CrewStanding = { isCreator: true, member: null };
  const coHost: CrewStanding = {
    isCreator: false,
    member: { role: "co_host", status: "accepted" },
  };
  const member: CrewStanding = { isCreator: false, member: { role: "member", status: "accepted" } };
  const invitee: CrewStanding = { isCreator: false, member: { role: "member", status: "pending" } };
  const declined: CrewStanding = {
    isCreator: false,
    member: { role: "member", status: "declined" },
  };
  const pendingCoHost: CrewStanding = {
    isCreator: false,
    member: { role: "co_host", status: "pending" },
  };
  const stranger: CrewStanding = { isCreator: false, member: null };

  test("the creator is host even without a member row; only accepted rows give a role", () => {
    expect(crewRoleOf(creatorNoRow)).toBe("host");
    expect(crewRoleOf(coHost)).toBe("co_host");
    expect(crewRoleOf(member)).toBe("member");
    expect(crewRoleOf(invitee)).toBeNull();
    expect(crewRoleOf(declined)).toBeNull();
    expect(crewRoleOf(stranger)).toBeNull();
    expect([creatorNoRow, coHost, member, invitee, stranger].map(isCrewMember)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  test("canManage: creator and accepted co-hosts only", () => {
    expect(
      [creatorNoRow, coHost, member, invitee, pendingCoHost, declined, stranger].map(canManageCrew),
    ).toEqual([true, true, false, false, false, false, false]);
  });

  const everyone = [creatorNoRow, coHost, member, invitee, pendingCoHost, declined, stranger, null];

  test("crew-wide permissions, by standing (creator, co-host, member, invitees, declined, stranger, signed out)", () => {
    const table = Object.fromEntries(
      Object.entries({
        canEditCrew,
        canInviteToCrew,
        canDeleteCrew,
        canLeaveCrew,
        canInviteCrewToSession,
        canSeeCrewInvitations,
        canWithdrawCrewInvitation,
        canChangeCrewRoles,
      }).map(([name, rule]) => [name, everyone.map(rule)]),
    );
    const managers = [true, true, false, false, false, false, false, false];
    const creatorOnly = [true, false, false, false, false, false, false, false];
    expect(table).toEqual({
      canEditCrew: managers,
      canInviteToCrew: managers,
      canDeleteCrew: creatorOnly,
      canLeaveCrew: [false, true, true, false, false, false, false, false],
      canInviteCrewToSession: [true, true, true, false, false, false, false, false],
      canSeeCrewInvitations: [true, true, true, false, false, false, false, false],
      canWithdrawCrewInvitation: creatorOnly,
      canChangeCrewRoles: creatorOnly,
    });
  });

  test("permissions over one member: the host is untouchable; only the creator handles co-hosts", () => {
    const roles = ["host", "co_host", "member"] as const;
    const over = (rule: (s: CrewStanding | null, role: (typeof roles)[number]) => boolean) =>
      [creatorNoRow, coHost, member, invitee, null].map((viewer) =>
        roles.filter((role) => rule(viewer, role)),
      );
    expect(over(canRemoveCrewMember)).toEqual([["co_host", "member"], ["member"], [], [], []]);
    expect(over(canPromoteCrewMember)).toEqual([["member"], [], [], [], []]);
    expect(over(canDemoteCrewMember)).toEqual([["co_host"], [], [], [], []]);
  });

  test("canViewCrew: a public crew to anyone; a private one to members and invitees", () => {
    const pub = { isPublic: true };
    const priv = { isPublic: false };
    expect(canViewCrew(pub, null)).toBe(true);
    expect(canViewCrew(pub, stranger)).toBe(true);
    expect(canViewCrew(priv, null)).toBe(false);
    expect(canViewCrew(priv, stranger)).toBe(false);
    expect(canViewCrew(priv, declined)).toBe(false);
    expect(canViewCrew(priv, invitee)).toBe(true);
    expect(canViewCrew(priv, member)).toBe(true);
    expect(canViewCrew(priv, coHost)).toBe(true);
    expect(canViewCrew(priv, creatorNoRow)).toBe(true);
  });
});

describe("invite codes", () => {
  /** Replays `bytes` in order (repeating the last block), recording how many were asked for. */
  function bytesFrom(values: number[]): RandomBytes & { asked: number } {
    let at = 0;
    const source = ((length: number) => {
      source.asked += length;
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i++) out[i] = values[at++ % values.length];
      return out;
    }) as RandomBytes & { asked: number };
    source.asked = 0;
    return source;
  }

  test("8 characters of A–Z and 0–9 from the real source", () => {
    expect(INVITE_CODE_ALPHABET).toBe("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
    for (let i = 0; i < 200; i++) {
      const code = generateInviteCode();
      expect(code).toHaveLength(INVITE_CODE_LENGTH);
      expect(code).toMatch(/^[A-Z0-9]{8}$/);
    }
  });

  test("maps bytes onto the alphabet without modulo bias: bytes from 252 up are redrawn", () => {
    // 256 % 36 = 4: bytes 252..255 would favour A–D, so they are skipped.
    expect(generateInviteCode(bytesFrom([0, 1, 25, 26, 35, 36, 71, 251]))).toBe("ABZ09A99");
    expect(generateInviteCode(bytesFrom([252, 253, 254, 255, 0]))).toBe("AAAAAAAA");
    const skipping = bytesFrom([
      255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 7,
    ]);
    expect(generateInviteCode(skipping)).toBe("HHHHHHHH");
    expect(skipping.asked).toBeGreaterThan(16); // a second draw was needed
  });

  test("every byte below 252 lands on each character exactly 7 times", () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 252; byte++) {
      const char = generateInviteCode(bytesFrom([byte]))[0];
      counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(36);
    expect(new Set(counts.values())).toEqual(new Set([7]));
  });

  test("normalizeInviteCode: trimmed, upper case, exactly 8 of A–Z0–9", () => {
    expect(normalizeInviteCode(" ab12cd34 ")).toBe("AB12CD34");
    expect(normalizeInviteCode("AB12CD3")).toBeNull();
    expect(normalizeInviteCode("AB12CD345")).toBeNull();
    expect(normalizeInviteCode("AB12-D34")).toBeNull();
  });

  test("inviteLinkProblem at the expiry boundary and at max uses", () => {
    const expiresAt = 1_000_000;
    const link = { expiresAt, maxUses: null, currentUses: 40 };
    expect(inviteLinkProblem(link, expiresAt - 1)).toBeNull();
    expect(inviteLinkProblem(link, expiresAt)).toBe("expired");
    expect(inviteLinkProblem(link, expiresAt + 1)).toBe("expired");
    const limited = { expiresAt, maxUses: 3, currentUses: 2 };
    expect(inviteLinkProblem(limited, 0)).toBeNull();
    expect(inviteLinkProblem({ ...limited, currentUses: 3 }, 0)).toBe("max_uses");
    expect(inviteLinkProblem({ ...limited, currentUses: 4 }, 0)).toBe("max_uses");
    // Expired wins over used up.
    expect(inviteLinkProblem({ ...limited, currentUses: 3 }, expiresAt)).toBe("expired");
    // Revoked wins over everything, even before its expiry.
    expect(inviteLinkProblem({ ...limited, revokedAt: 5 }, 0)).toBe("revoked");
  });

  test("inviteLinkLimitsProblem: whole days 1–30, a whole number of uses from 1, or none", () => {
    expect(inviteLinkLimitsProblem({})).toBeNull();
    expect(inviteLinkLimitsProblem({ days: 1, maxUses: 1 })).toBeNull();
    expect(inviteLinkLimitsProblem({ days: INVITE_LINK_MAX_DAYS, maxUses: null })).toBeNull();
    for (const days of [0, -1, 1.5, INVITE_LINK_MAX_DAYS + 1, Number.NaN, Infinity]) {
      expect(inviteLinkLimitsProblem({ days })).toEqual({
        field: "days",
        message: INVITE_LINK_MESSAGES.daysInvalid,
      });
    }
    for (const maxUses of [0, -2, 0.5, Number.NaN, Infinity, 2 ** 60]) {
      expect(inviteLinkLimitsProblem({ maxUses })).toEqual({
        field: "maxUses",
        message: INVITE_LINK_MESSAGES.maxUsesInvalid,
      });
    }
    expect(INVITE_LINK_MESSAGES.daysInvalid).toBe(
      "An invite link lasts a whole number of days, from 1 to 30",
    );
  });
});

describe("the crew counting rule", () => {
  test("a crew of 2 needs 2, of 5 needs 3, of 10 needs 5", () => {
    expect(crewAttendanceThreshold(2)).toBe(2);
    expect(crewAttendanceThreshold(5)).toBe(3);
    expect(crewAttendanceThreshold(10)).toBe(5);
    expect(crewAttendanceThreshold(1)).toBe(2); // a crew of one never has a session of its own
    expect(eventCountsForCrew(1, 2)).toBe(false);
    expect(eventCountsForCrew(2, 2)).toBe(true);
    expect(eventCountsForCrew(2, 5)).toBe(false);
    expect(eventCountsForCrew(3, 5)).toBe(true);
    expect(eventCountsForCrew(4, 10)).toBe(false);
    expect(eventCountsForCrew(5, 10)).toBe(true);
    expect(eventCountsForCrew(1, 1)).toBe(false);
  });
});

describe("user search", () => {
  const mike = { username: "mike_j", displayName: "Mike Jones", nickname: "Big M" };

  test("userSearchTerms: every word and its suffixes of 2+ characters, lower case", () => {
    const terms = userSearchTerms(mike).split(" ");
    for (const term of [
      "mike",
      "ike",
      "ke",
      "jones",
      "ones",
      "es",
      "big",
      "ig",
      "m",
      "mike_j",
      "_j",
    ]) {
      expect(terms).toContain(term);
    }
    expect(terms).not.toContain("e"); // one-letter suffixes are not indexed
    expect(terms).not.toContain("Mike");
    expect(userSearchTerms({ username: "bo", displayName: null, nickname: null })).toBe("bo");
    expect(
      userSearchTerms({ username: "zoë", displayName: "Zoë", nickname: null }).split(" "),
    ).toEqual(["zoë", "oë"]);
  });

  test("userSearchIndexQuery: the longest word, lower case", () => {
    expect(userSearchIndexQuery("Mi Jones")).toBe("jones");
    expect(userSearchIndexQuery("  ")).toBe("");
    expect(normalizeSearchQuery("  x  ")).toBe("x");
    expect(normalizeSearchQuery("y".repeat(150))).toHaveLength(100);
  });

  test("matchesUserQuery: partial and case-insensitive on display name, nickname or username", () => {
    expect(matchesUserQuery(mike, "IKE")).toBe(true);
    expect(matchesUserQuery(mike, "big m")).toBe(true);
    expect(matchesUserQuery(mike, "_j")).toBe(true);
    expect(matchesUserQuery(mike, "smith")).toBe(false);
    expect(matchesUserQuery({ username: "x", displayName: null, nickname: null }, "y")).toBe(false);
  });

  test("pickUsernameMatch: an exact username first (case and @ ignored), else the first result", () => {
    const results = [{ username: "mikey" }, { username: "mike" }, { username: "mike2" }];
    expect(pickUsernameMatch(results, "Mike")).toEqual({ username: "mike" });
    expect(pickUsernameMatch(results, "@mike ")).toEqual({ username: "mike" });
    expect(pickUsernameMatch(results, "mik")).toEqual({ username: "mikey" });
    expect(pickUsernameMatch([], "mike")).toBeNull();
  });
});
