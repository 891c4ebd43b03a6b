import { describe, expect, test } from "vitest";
import { isSearchablePlaceQuery, placeLocationText } from "./places";

describe("place search rules", () => {
  test("a query needs at least 3 non-blank characters", () => {
    expect(isSearchablePlaceQuery("ab")).toBe(false);
    expect(isSearchablePlaceQuery("  ab  ")).toBe(false);
    expect(isSearchablePlaceQuery("pub")).toBe(true);
  });
});

test("a picked place is written as its name and address, once", () => {
  expect(
    placeLocationText({ placeName: "The Crown & Anchor", address: "22 Neal Street, London" }),
  ).toBe("The Crown & Anchor, 22 Neal Street, London");
  expect(placeLocationText({ placeName: "Nightjar", address: "Nightjar, 129 City Road" })).toBe(
    "Nightjar, 129 City Road",
  );
  expect(placeLocationText({ placeName: "Nightjar", address: null })).toBe("Nightjar");
});
