// `node --import tsx scripts/icons.ts`: renders public/favicon.svg into the PNG icons the web app
// manifest and iOS use (public/icons/), with the system Chromium. Run it after changing the logo.
import { mkdirSync, readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumLaunchArgs, findChromium } from "./lib/chromium.ts";

const NIGHT_900 = "#120c09";
const logo = readFileSync("public/favicon.svg", "utf8");

/** size: pixels; logoShare: the logo's part of the width (maskable icons keep a safe margin). */
const icons = [
  { file: "icon-192.png", size: 192, logoShare: 1, background: "transparent" },
  { file: "icon-512.png", size: 512, logoShare: 1, background: "transparent" },
  { file: "icon-maskable-512.png", size: 512, logoShare: 0.7, background: NIGHT_900 },
  { file: "apple-touch-icon.png", size: 180, logoShare: 0.86, background: NIGHT_900 },
];

mkdirSync("public/icons", { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumLaunchArgs });
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  const logoSize = Math.round(icon.size * icon.logoShare);
  await page.setContent(
    `<body style="margin:0;display:grid;place-items:center;height:100vh;background:${icon.background}">` +
      `<div style="width:${logoSize}px;height:${logoSize}px">${logo.replace("<svg ", '<svg width="100%" height="100%" ')}</div></body>`,
  );
  await page.screenshot({
    path: `public/icons/${icon.file}`,
    omitBackground: icon.background === "transparent",
  });
  console.log(`public/icons/${icon.file}`);
  await page.close();
}
await browser.close();
