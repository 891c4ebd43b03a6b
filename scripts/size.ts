// `npm run size`: builds the app and prints the gzip JavaScript of the first screen, each page
// and each lazy chunk, against the budgets scripts/productionBuild.test.ts enforces in `npm test`.
import { rmSync } from "node:fs";
import {
  BUDGETS,
  buildForBudget,
  kilobytes,
  measureBundle,
  type Size,
} from "./lib/bundleBudget.ts";

function table(title: string, budget: number, sizes: Size[]): void {
  console.log(`\n${title} (budget ${kilobytes(budget)}):`);
  for (const size of sizes) console.log(`  ${kilobytes(size.totalJs).padStart(9)}  ${size.name}`);
}

const outDir = await buildForBudget();
try {
  const sizes = measureBundle(outDir);
  console.log(`entry (every page): ${kilobytes(sizes.entryJs)}`);
  console.log(
    `initial JS for / (until interactive): ${kilobytes(sizes.landingInitialJs)} (budget ${kilobytes(BUDGETS.landingInitialJs)})`,
  );
  table("pages, all they load", BUDGETS.pageTotalJs, sizes.pages);
  console.log(
    `\nfiles each page's screen fetches after the entry (budget ${BUDGETS.screenFiles}):`,
  );
  for (const { name, files } of sizes.screenFiles)
    console.log(`  ${String(files.length).padStart(9)}  ${name}`);
  table("screens, with everything loaded with them", BUDGETS.pageTotalJs, sizes.screens);
  table("dialogs and parts, with their screen", BUDGETS.lazyPartTotalJs, sizes.lazyParts);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
