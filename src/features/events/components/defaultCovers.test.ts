import { describe, expect, it } from "vitest";
import { VIBES } from "@shared/eventOptions";
import { defaultCover } from "./defaultCovers";

describe("default covers", () => {
  it("gives every vibe its own cover, inlined, and unknown vibes the 'other' cover", () => {
    const covers = VIBES.map(defaultCover);
    for (const cover of covers) expect(cover).toMatch(/^data:image\/svg\+xml,/);
    expect(new Set(covers).size).toBe(VIBES.length);
    expect(defaultCover("rowdy")).toBe(defaultCover("other"));
    expect(defaultCover(undefined)).toBe(defaultCover("other"));
  });
});
