import { describe, expect, it } from "vitest";
import { initialsOf } from "./Avatar";

describe("initialsOf", () => {
  it("takes the first letters of the first and last word", () => {
    expect(initialsOf("Sam Lee")).toBe("SL");
    expect(initialsOf("  ada   lovelace  byron ")).toBe("AB");
    expect(initialsOf("sam")).toBe("S");
    expect(initialsOf("émile zola")).toBe("ÉZ");
  });

  it("never returns nothing", () => {
    expect(initialsOf("   ")).toBe("?");
  });
});
