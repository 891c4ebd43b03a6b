// `npm run test:e2e [-- <playwright test args>]`: Playwright against a fresh local backend.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findChromium } from "./lib/chromium.ts";
import { localBin, run } from "./lib/processes.ts";

const chromiumPath = findChromium();
const dataDir = mkdtempSync(join(tmpdir(), "clink-e2e-"));

const exitCode = await run(localBin("playwright"), ["test", ...process.argv.slice(2)], {
  env: { ...process.env, CHROMIUM_PATH: chromiumPath, CLINK_E2E_DATA_DIR: dataDir },
});
rmSync(dataDir, { recursive: true, force: true });
rmSync(`${dataDir}-dist`, { recursive: true, force: true });
process.exit(exitCode);
