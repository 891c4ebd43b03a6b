import { describe, expect, it } from "vitest";
import { activeFilterCount, filtersFromParams, paramsFor } from "./discoverParams";

describe("discover's address parameters", () => {
  it("reads known values and falls back to the defaults", () => {
    expect(filtersFromParams(new URLSearchParams("sort=popular&time=weekend&drink=more"))).toEqual({
      sort: "popular",
      time: "weekend",
      drink: "more",
    });
    expect(filtersFromParams(new URLSearchParams("sort=loudest&drink=milk"))).toEqual({
      sort: "date",
      time: "all",
      drink: "all",
    });
  });

  it("writes only what differs from the defaults", () => {
    expect(paramsFor({ sort: "date", time: "tonight", drink: "all" }, " ipa ").toString()).toBe(
      "q=+ipa+&time=tonight",
    );
    expect(paramsFor({ sort: "date", time: "all", drink: "all" }, "").toString()).toBe("");
    expect(activeFilterCount({ sort: "newest", time: "all", drink: "wine" })).toBe(2);
  });
});
