import { describe, expect, test } from "vitest";
import { isSearchablePlaceQuery } from "./places";

describe("place search rules", () => {
  test("a query needs at least 3 non-blank characters", () => {
    expect(isSearchablePlaceQuery("ab")).toBe(false);
    expect(isSearchablePlaceQuery("  ab  ")).toBe(false);
    expect(isSearchablePlaceQuery("pub")).toBe(true);
  });
});
