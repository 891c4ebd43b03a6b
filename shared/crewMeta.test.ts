import { describe, expect, it } from "vitest";
import { crewMetaDescription, crewPageMeta, type MetaCrew } from "./crewMeta";
import type { MetaTag } from "./pageMeta";

const SITE = "https://clink.example";

const crew: MetaCrew = {
  name: "Thirsty Thursdays",
  description: "Every Thursday, the usual spot.",
  vibe: "party",
  memberCount: 4,
  isPublic: true,
  url: `${SITE}/crew/abc123`,
};

function tag(tags: MetaTag[], key: string): string | undefined {
  return tags.find((t) => ("property" in t ? t.property : t.name) === key)?.content;
}

describe("crewPageMeta", () => {
  it("a public crew: '{name} | Clink', its description, the default crew image at 1200×630", () => {
    const meta = crewPageMeta(crew, { siteUrl: SITE });
    expect(meta.title).toBe("Thirsty Thursdays | Clink");
    expect(meta.description).toBe("Every Thursday, the usual spot.");
    expect(meta.imageUrl).toBe(`${SITE}/og-default-crew.jpg`);
    expect(meta.jsonLd).toBeNull();
    expect(tag(meta.tags, "og:title")).toBe("Thirsty Thursdays");
    expect(tag(meta.tags, "og:description")).toBe("Every Thursday, the usual spot.");
    expect(tag(meta.tags, "og:image")).toBe(`${SITE}/og-default-crew.jpg`);
    expect(tag(meta.tags, "og:image:width")).toBe("1200");
    expect(tag(meta.tags, "og:image:height")).toBe("630");
    expect(tag(meta.tags, "og:url")).toBe(crew.url);
    expect(tag(meta.tags, "twitter:card")).toBe("summary_large_image");
    expect(tag(meta.tags, "twitter:title")).toBe("Thirsty Thursdays");
  });

  it("a private crew: generic title and text, nothing of its name or description", () => {
    const meta = crewPageMeta({ ...crew, isPublic: false }, { siteUrl: SITE });
    expect(meta.title).toBe("Private Crew | Clink");
    expect(tag(meta.tags, "og:title")).toBe("Private Crew | Clink");
    expect(tag(meta.tags, "og:image")).toBe(`${SITE}/og-default-crew.jpg`);
    const text = JSON.stringify(meta);
    expect(text).not.toContain("Thirsty");
    expect(text).not.toContain("usual spot");
  });
});

describe("crewMetaDescription", () => {
  it("the description cut to 160 characters", () => {
    const long = `${"Round ".repeat(40)}end`;
    const description = crewMetaDescription({ ...crew, description: long });
    expect([...description].length).toBeLessThanOrEqual(160);
    expect(description.endsWith("...")).toBe(true);
  });

  it("without one: the vibe and the size", () => {
    expect(crewMetaDescription({ description: "  ", vibe: "chill", memberCount: 1 })).toBe(
      "A chill crew of 1 member on Clink. Plan the next round together.",
    );
    expect(crewMetaDescription({ description: null, vibe: "party", memberCount: 12 })).toBe(
      "A party crew of 12 members on Clink. Plan the next round together.",
    );
  });
});
