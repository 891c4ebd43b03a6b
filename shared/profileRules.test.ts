import { describe, expect, it } from "vitest";
import {
  AVATAR_MAX_BYTES,
  avatarFileProblem,
  displayNameFromAuth,
  fallbackDisplayName,
  fileTooLargeMessage,
  fileTypeNotAllowedMessage,
  firstIssue,
  generateUsername,
  normalizeOptionalText,
  profileDisplayName,
  profileFormDefaults,
  profileFormSchema,
  profileUpdateSchema,
  sniffImageType,
  usernameError,
  usernameWithSuffix,
} from "./profileRules";

describe("generateUsername", () => {
  it("lower-cases and keeps only a-z, 0-9 and _", () => {
    expect(generateUsername("Sam O'Neil-Smith 2", "k1234567890")).toBe("samoneilsmith2");
    expect(generateUsername("party_animal", "k1234567890")).toBe("party_animal");
  });

  it("cuts to 20 characters", () => {
    expect(generateUsername("Bartholomew Maximilian Fitzgerald", "k1")).toBe("bartholomewmaximilia");
  });

  it("appends '_' and the first 8 characters of the user id when shorter than 3", () => {
    expect(generateUsername("Al", "abcdefghijkl")).toBe("al_abcdefgh");
    expect(generateUsername("🍺🍺", "abcdefghijkl")).toBe("_abcdefgh");
  });

  it("uses 'user' when there is no display name", () => {
    expect(generateUsername(null, "abcdefghijkl")).toBe("user");
    expect(generateUsername("   ", "abcdefghijkl")).toBe("user");
  });

  it("drops accents instead of whole letters", () => {
    expect(generateUsername("José Ñúñez", "k1")).toBe("josenunez");
  });
});

describe("usernameWithSuffix", () => {
  it("appends _suffix within 30 characters", () => {
    expect(usernameWithSuffix("sam", "1234")).toBe("sam_1234");
    const long = usernameWithSuffix("a".repeat(30), "123456");
    expect(long).toHaveLength(30);
    expect(long.endsWith("_123456")).toBe(true);
  });
});

describe("usernameError", () => {
  it("uses the spec's messages", () => {
    expect(usernameError("")).toBe("Username is required and must be at least 3 characters");
    expect(usernameError("ab")).toBe("Username must be at least 3 characters long");
    expect(usernameError("abc")).toBeNull();
    expect(usernameError("a".repeat(30))).toBeNull();
    expect(usernameError("a".repeat(31))).toMatch(/at most 30/);
    expect(usernameError("sam smith")).toMatch(/lowercase letters, numbers and underscores/);
  });
});

describe("normalizeOptionalText", () => {
  it("turns empty and blank strings into null and trims", () => {
    expect(normalizeOptionalText("")).toBeNull();
    expect(normalizeOptionalText("   ")).toBeNull();
    expect(normalizeOptionalText(undefined)).toBeNull();
    expect(normalizeOptionalText(" hi ")).toBe("hi");
  });
});

describe("display names", () => {
  it("prefers the auth name, then the e-mail prefix, then 'User'", () => {
    expect(displayNameFromAuth({ name: "Sam Smith", email: "x@y.z" })).toBe("Sam Smith");
    expect(displayNameFromAuth({ email: "sam.smith@example.com" })).toBe("sam.smith");
    expect(displayNameFromAuth({})).toBe("User");
    expect(displayNameFromAuth({ name: "x".repeat(80) })).toHaveLength(50);
  });

  it("falls back to 'User ' and the last 4 characters of the id", () => {
    expect(fallbackDisplayName("abcdefgh1234")).toBe("User 1234");
  });

  it("shows display name, else username, else 'User'", () => {
    expect(profileDisplayName({ displayName: "Sam", username: "sam" })).toBe("Sam");
    expect(profileDisplayName({ displayName: null, username: "sam" })).toBe("sam");
    expect(profileDisplayName(null)).toBe("User");
  });
});

describe("profileUpdateSchema", () => {
  it("normalises empty strings to null and the username to lower case", () => {
    const result = profileUpdateSchema.parse({
      username: "  Sam_2 ",
      displayName: "",
      nickname: "  ",
      bio: " Likes stouts ",
      tagline: "",
      favoriteDrink: "none",
    });
    expect(result).toEqual({
      username: "sam_2",
      displayName: null,
      nickname: null,
      bio: "Likes stouts",
      tagline: null,
      favoriteDrink: null,
    });
  });

  it("drops an empty username", () => {
    expect(profileUpdateSchema.parse({ username: "  " })).toEqual({ username: undefined });
  });

  it("enforces the limits with a message per field", () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ username: "ab" }, "username", /^Username must be at least 3 characters long$/],
      [{ displayName: "x".repeat(51) }, "displayName", /50/],
      [{ nickname: "x".repeat(31) }, "nickname", /30/],
      [{ bio: "x".repeat(201) }, "bio", /200/],
      [{ tagline: "x".repeat(101) }, "tagline", /100/],
      [{ favoriteDrink: "absinthe" }, "favoriteDrink", /choose a drink/],
      [{ profileVisibility: "friends" }, "profileVisibility", /who can see/],
    ];
    for (const [input, field, message] of cases) {
      const result = profileUpdateSchema.safeParse(input);
      expect(result.success).toBe(false);
      if (!result.success) {
        expect(firstIssue(result.error).field).toBe(field);
        expect(firstIssue(result.error).message).toMatch(message);
      }
    }
  });

  it("accepts the limits exactly and counts emoji once", () => {
    expect(profileUpdateSchema.safeParse({ displayName: "x".repeat(50), nickname: "🍺".repeat(30) }).success).toBe(true);
  });
});

describe("profileFormSchema", () => {
  it("requires a username", () => {
    const result = profileFormSchema.safeParse({
      ...profileFormDefaults({
        username: "sam",
        displayName: null,
        nickname: null,
        bio: null,
        tagline: null,
        favoriteDrink: null,
        profileVisibility: "public",
        showCrewsPublicly: true,
      }),
      username: "",
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(firstIssue(result.error)).toEqual({
        field: "username",
        message: "Username is required and must be at least 3 characters",
      });
    }
  });

  it("round-trips a stored profile", () => {
    const stored = {
      username: "sam",
      displayName: "Sam",
      nickname: null,
      bio: "hi",
      tagline: null,
      favoriteDrink: "gin" as const,
      profileVisibility: "crew_only" as const,
      showCrewsPublicly: false,
    };
    expect(profileFormSchema.parse(profileFormDefaults(stored))).toEqual(stored);
  });
});

describe("avatar files", () => {
  it("allows JPG, PNG and WebP up to 5 MB", () => {
    expect(avatarFileProblem({ type: "image/png", size: AVATAR_MAX_BYTES })).toBeNull();
    expect(avatarFileProblem({ type: "image/jpg", size: 10 })).toBeNull();
    expect(avatarFileProblem({ type: "image/webp", size: 10 })).toBeNull();
  });

  it("uses the spec's messages", () => {
    expect(fileTooLargeMessage()).toBe("File size must be less than 5MB");
    expect(fileTypeNotAllowedMessage()).toBe("File type not allowed. Supported types: image/jpeg, image/png, image/webp");
    expect(avatarFileProblem({ type: "image/png", size: AVATAR_MAX_BYTES + 1 })).toEqual({
      code: "FILE_TOO_LARGE",
      message: "File size must be less than 5MB",
    });
    expect(avatarFileProblem({ type: "image/gif", size: 10 })?.code).toBe("FILE_TYPE_NOT_ALLOWED");
    expect(avatarFileProblem({ type: undefined, size: 10 })?.code).toBe("FILE_TYPE_NOT_ALLOWED");
  });

  it("recognises images by their first bytes", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("GIF89a"))).toBe("image/gif");
    expect(sniffImageType(new TextEncoder().encode("<svg></svg>"))).toBeNull();
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });
});
