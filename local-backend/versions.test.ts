import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { projectDir, removeDir } from "./test/harness.ts";
import { checkPinnedVersions } from "./versions.ts";

function projectWithDependencies(dependencies: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "clink-versions-"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ dependencies }));
  return dir;
}

describe("pinned versions", () => {
  test("the project's own pins match what is installed", () => {
    expect(() => checkPinnedVersions(projectDir)).not.toThrow();
  });

  test("a different pinned version refuses to start with a clear message", () => {
    const pins = (
      JSON.parse(readFileSync(path.join(projectDir, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      }
    ).dependencies;
    const dir = projectWithDependencies({ ...pins, "convex-test": "0.0.1" });
    try {
      expect(() => checkPinnedVersions(dir)).toThrow(
        /convex-test .* is installed but package\.json pins 0\.0\.1/,
      );
    } finally {
      removeDir(dir);
    }
  });

  test("a range instead of an exact version is refused", () => {
    const dir = projectWithDependencies({ convex: "^1.0.0", "convex-test": "^0.0.1" });
    try {
      expect(() => checkPinnedVersions(dir)).toThrow(/must be pinned to an exact version/);
    } finally {
      removeDir(dir);
    }
  });
});
