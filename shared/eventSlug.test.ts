import { describe, expect, it } from "vitest";
import {
  EVENT_CODE_ALPHABET,
  eventPath,
  generateEventCode,
  generatePrivateSlug,
  generatePublicSlug,
  legacyEventPath,
  normalizeEventCode,
  parseEventRef,
  slugifyTitle,
  type RandomBytes,
} from "./eventSlug";

/** Bytes 0, 1, 2, … so outputs are predictable. */
function countingBytes(): RandomBytes {
  let next = 0;
  return (length) => Uint8Array.from({ length }, () => next++ % 256);
}

describe("slugifyTitle", () => {
  it("lower-cases, strips accents and joins words with hyphens", () => {
    expect(slugifyTitle("Café Crawl: Round #2!")).toBe("cafe-crawl-round-2");
    expect(slugifyTitle("  Friday   Pints  ")).toBe("friday-pints");
    expect(slugifyTitle("Señor Jägermeister's Fiesta")).toBe("senor-jagermeisters-fiesta");
  });

  it("falls back to 'session' when nothing is left", () => {
    expect(slugifyTitle("🍺🍺🍺")).toBe("session");
    expect(slugifyTitle("")).toBe("session");
  });

  it("cuts to 50 characters between words", () => {
    const slug = slugifyTitle(
      "The very long and winding road to the pub at the end of the universe tonight",
    );
    expect(slug).toBe("the-very-long-and-winding-road-to-the-pub-at-the");
    expect(slug.length).toBeLessThanOrEqual(50);
    expect(slugifyTitle("x".repeat(80))).toBe("x".repeat(50));
  });
});

describe("generated addresses", () => {
  it("appends a 6-character suffix to the public slug", () => {
    expect(generatePublicSlug("Friday Pints", countingBytes())).toBe("friday-pints-abcdef");
    expect(generatePublicSlug("Friday Pints")).toMatch(/^friday-pints-[a-z2-9]{6}$/);
  });

  it("makes private slugs of 16 random characters that say nothing about the event", () => {
    expect(generatePrivateSlug(countingBytes())).toBe("abcdefghjkmnpqrs");
    expect(generatePrivateSlug()).toMatch(/^[a-z2-9]{16}$/);
    expect(generatePrivateSlug()).not.toBe(generatePrivateSlug());
  });

  it("makes 6-character codes without look-alike characters", () => {
    expect(generateEventCode(countingBytes())).toBe("ABCDEF");
    for (let i = 0; i < 200; i++) expect(generateEventCode()).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(EVENT_CODE_ALPHABET).not.toMatch(/[01ILO]/);
  });

  it("redraws bytes that would bias the alphabet", () => {
    // 31 characters: 248–255 are skipped, so 248 and 255 must not show up as characters.
    const bytes = [248, 255, 0, 30, 31, 247, 62, 100];
    let call = 0;
    const biased: RandomBytes = (length) =>
      Uint8Array.from({ length }, () => bytes[call++ % bytes.length] ?? 0);
    expect(generateEventCode(biased)).toBe(
      [0, 30, 31, 247, 62, 100].map((byte) => EVENT_CODE_ALPHABET[byte % 31]).join(""),
    );
  });
});

describe("normalizeEventCode", () => {
  it("accepts a typed code in any case", () => {
    expect(normalizeEventCode(" k3m9xq ")).toBe("K3M9XQ");
    expect(normalizeEventCode("K3M9X")).toBeNull();
    expect(normalizeEventCode("K3M9X0")).toBeNull(); // 0 is not in the alphabet
  });
});

describe("parseEventRef", () => {
  it("is null for an empty segment", () => {
    expect(parseEventRef("")).toBeNull();
    expect(parseEventRef("   ")).toBeNull();
    expect(parseEventRef(undefined)).toBeNull();
  });

  it("reads a public slug", () => {
    expect(parseEventRef("friday-pints-k3m9xq")).toEqual({
      code: null,
      slug: "friday-pints-k3m9xq",
      id: null,
    });
  });

  it("reads a code, which could also be a slug", () => {
    expect(parseEventRef("K3M9XQ")).toEqual({ code: "K3M9XQ", slug: "k3m9xq", id: null });
    expect(parseEventRef("k3m9xq")?.code).toBe("K3M9XQ");
  });

  it("reads a Convex id", () => {
    const id = "jd7f2k9qz8m3n4p5r6s7t8v9w0x1y2za";
    expect(parseEventRef(id)).toEqual({ code: null, slug: id, id });
  });

  it("decodes percent-encoding and finds nothing in nonsense", () => {
    expect(parseEventRef("friday%2Dpints%2Dk3m9xq")?.slug).toBe("friday-pints-k3m9xq");
    expect(parseEventRef("<script>")).toEqual({ code: null, slug: null, id: null });
    expect(parseEventRef("%E0%A4%A")).toEqual({ code: null, slug: null, id: null });
  });
});

describe("paths", () => {
  const event = { publicSlug: "friday-pints-k3m9xq", privateSlug: "abcdefghjkmnpqrs" };

  it("uses the public slug for public events and the private slug for private ones", () => {
    expect(eventPath({ ...event, isPublic: true })).toBe("/event/friday-pints-k3m9xq");
    expect(eventPath({ ...event, isPublic: false })).toBe("/private-event/abcdefghjkmnpqrs");
    expect(eventPath({ ...event, isPublic: true }, { edit: true })).toBe(
      "/event/friday-pints-k3m9xq?edit=true",
    );
    expect(legacyEventPath("abc123")).toBe("/events/abc123");
  });
});
