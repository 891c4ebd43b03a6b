import { describe, expect, test } from "vitest";
import { DEBUG_PAGES } from "@shared/debugPages";
import { DEBUG_PAGE_PATHS } from "./debug/DebugPageSwitch";
import { DEBUG_ROUTE_PATHS } from "./debugRoutes";

describe("debug routes", () => {
  const expected = ["/debug", ...DEBUG_PAGES.map((page) => page.path)].sort();

  test("the router knows every page /debug lists, and /debug itself", () => {
    expect(DEBUG_ROUTE_PATHS.map((path) => `/${path}`).sort()).toEqual(expected);
  });

  test("the lazy switch has a page for every route", () => {
    expect([...DEBUG_PAGE_PATHS].sort()).toEqual(expected);
  });
});
