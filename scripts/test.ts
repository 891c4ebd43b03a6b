// `npm test [-- --skip-e2e]`: every check CI runs, in order, stopping at the first failure.
// Typecheck and lint run side by side: each keeps one core busy.
import { basename } from "node:path";
import { localBin, run } from "./lib/processes.ts";

interface Step {
  name: string;
  command: string;
  args: string[];
}

const usage = "Usage: npm test [-- --skip-e2e]";
const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--skip-e2e");
if (unknown.length > 0) {
  console.error(`Unknown argument: ${unknown.join(" ")}\n${usage}`);
  process.exit(2);
}
const skipE2e = args.includes("--skip-e2e");

const stages: Step[][] = [
  [
    { name: "typecheck", command: localBin("tsc"), args: ["-b"] },
    { name: "lint", command: localBin("eslint"), args: [".", "--max-warnings", "0"] },
    // Comments state rules, not citations (the second half of `npm run lint`).
    {
      name: "citations",
      command: process.execPath,
      args: ["--import", "tsx", "scripts/checkCitations.ts"],
    },
    // No import circles, type-only ones included (the last part of `npm run lint`).
    { name: "import circles", command: "npm", args: ["run", "--silent", "circles"] },
    // Every dependency used and every file reachable (knip.json names the entry points).
    { name: "unused dependencies", command: localBin("knip"), args: ["--no-progress"] },
  ],
  // One vitest invocation runs the unit, convex and local-backend projects.
  [{ name: "unit, convex and local-backend tests", command: localBin("vitest"), args: ["run"] }],
];
if (!skipE2e) {
  stages.push([
    {
      name: "end-to-end tests",
      command: process.execPath,
      args: ["--import", "tsx", "scripts/e2e.ts"],
    },
  ]);
}
const steps = stages.flat();

const results: { name: string; seconds: number; exitCode: number }[] = [];
const startedAt = performance.now();
for (const stage of stages) {
  const stageResults = await Promise.all(stage.map(runStep));
  results.push(...stageResults);
  if (stageResults.some((result) => result.exitCode !== 0)) break;
}
const wallSeconds = (performance.now() - startedAt) / 1000;

printSummary();
process.exit(results.find((result) => result.exitCode !== 0)?.exitCode ?? 0);

async function runStep(step: Step): Promise<{ name: string; seconds: number; exitCode: number }> {
  console.log(`\n━━━ ${step.name}: ${[basename(step.command), ...step.args].join(" ")}`);
  const stepStartedAt = performance.now();
  const exitCode = await run(step.command, step.args);
  const seconds = (performance.now() - stepStartedAt) / 1000;
  console.log(
    `━━━ ${step.name} ${exitCode === 0 ? "passed" : `FAILED (exit code ${exitCode})`} in ${seconds.toFixed(1)}s`,
  );
  return { name: step.name, seconds, exitCode };
}

function printSummary(): void {
  console.log("\nSummary");
  for (const { name, seconds, exitCode } of results) {
    console.log(
      `  ${exitCode === 0 ? "✔" : "✘"} ${name.padEnd(40)} ${seconds.toFixed(1).padStart(6)}s`,
    );
  }
  for (const step of steps.slice(results.length))
    console.log(`  - ${step.name.padEnd(40)} not run`);
  if (skipE2e) console.log("  - end-to-end tests skipped (--skip-e2e)");
  const failed = results.find((result) => result.exitCode !== 0);
  console.log(
    failed
      ? `\n✘ npm test failed at: ${failed.name}`
      : `\n✔ all checks passed in ${wallSeconds.toFixed(1)}s`,
  );
}
