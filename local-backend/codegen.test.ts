import path from "node:path";
import { describe, expect, test } from "vitest";
import { staleGeneratedFiles } from "./codegen.ts";
import { fixtureDir, projectDir } from "./test/harness.ts";

describe("offline codegen", () => {
  test("the committed convex/_generated matches the code (run `npm run codegen` if this fails)", async () => {
    expect(await staleGeneratedFiles(path.join(projectDir, "convex"))).toEqual([]);
  });

  test("the fixture app's generated files are current", async () => {
    expect(await staleGeneratedFiles(fixtureDir)).toEqual([]);
  });
});
