/**
 * Every deployment variable the README offers is one the code reads: a name the code does not
 * know would be set and silently ignored (e-mail going to the outbox instead of Resend).
 */
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";

async function sourcesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes(".test."))
    .filter((entry) => !entry.parentPath.includes("_generated"))
    .map((entry) => join(entry.parentPath, entry.name));
}

test("each deployment variable in the README's table is read by the backend's code", async () => {
  const readme = await readFile("README.md", "utf8");
  const variables = [...readme.matchAll(/^\| ((?:`[A-Z0-9_]+`(?:, )?)+) \| deployment \|/gm)]
    .flatMap((row) => [...row[1].matchAll(/`([A-Z0-9_]+)`/g)].map((name) => name[1]));
  expect(variables).toContain("RESEND_API_KEY");
  const files = [...(await sourcesUnder("convex")), ...(await sourcesUnder("local-backend"))];
  const code = (await Promise.all(files.map((file) => readFile(file, "utf8")))).join("\n");
  const unread = variables.filter((name) => !new RegExp(`\\b${name}\\b`).test(code));
  expect(unread).toEqual([]);
});
