import { expect, test } from "vitest";
import { CONVEX_TEST_VERSION } from "./convexTestInternals.ts";
import { installedVersion } from "./versions.ts";

test("convexTestInternals.ts is written against the installed convex-test", () => {
  expect(
    installedVersion("convex-test"),
    "convex-test changed: review convexTestInternals.ts against the new version, then update CONVEX_TEST_VERSION",
  ).toBe(CONVEX_TEST_VERSION);
});
