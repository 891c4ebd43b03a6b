import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttlCache";

describe("TtlCache", () => {
  it("returns values until they expire, then forgets them", () => {
    let now = 1_000;
    const cache = new TtlCache<string>(5_000, () => now);
    cache.set("crown", "The Crown & Anchor");
    now += 4_999;
    expect(cache.get("crown")).toBe("The Crown & Anchor");
    now += 1;
    expect(cache.get("crown")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("prunes only expired entries", () => {
    let now = 0;
    const cache = new TtlCache<number>(100, () => now);
    cache.set("old", 1);
    now = 60;
    cache.set("new", 2);
    now = 100;
    expect(cache.prune()).toBe(1);
    expect(cache.has("new")).toBe(true);
    expect(cache.has("old")).toBe(false);
  });
});
