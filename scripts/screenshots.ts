// `node --import tsx scripts/screenshots.ts [baseUrl] path...`: full-page screenshots of each path
// at phone (390 px) and laptop (1280 px) widths into screenshots/ (git-ignored), to look at.
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumLaunchArgs, findChromium } from "./lib/chromium.ts";

const [baseUrl = "http://localhost:5173", ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumLaunchArgs });
mkdirSync("screenshots", { recursive: true });
for (const path of paths.length ? paths : ["/"]) {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
    await page.goto(new URL(path, baseUrl).href, { waitUntil: "networkidle" });
    const file = `screenshots/${path.replace(/[^a-z0-9]+/gi, "_") || "root"}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await page.close();
  }
}
await browser.close();
