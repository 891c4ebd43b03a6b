// `npm run size`: builds the app and prints the gzip JavaScript each screen loads, against the
// budgets that scripts/bundleBudget.test.ts enforces in `npm test`.
import { rmSync } from "node:fs";
import { BUDGETS, buildForBudget, kilobytes, measureBundle } from "./lib/bundleBudget.ts";

const outDir = await buildForBudget();
try {
  const sizes = measureBundle(outDir);
  console.log(`entry (every page)          ${kilobytes(sizes.entryJs)}`);
  console.log(
    `initial JS for /            ${kilobytes(sizes.landingInitialJs)}  (budget ${kilobytes(BUDGETS.landingInitialJs)})`,
  );
  console.log(`\nall JS a lazy chunk can load (budget ${kilobytes(BUDGETS.routeTotalJs)} each):`);
  for (const route of sizes.routes)
    console.log(`  ${kilobytes(route.totalJs).padStart(9)}  ${route.module}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
