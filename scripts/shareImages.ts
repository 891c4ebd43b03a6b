// `node --import tsx scripts/shareImages.ts`: renders each vibe's cover
// (src/features/events/components/covers/{vibe}.svg)
// into the 1200×630 JPEG that link previews use (public/covers/{vibe}.jpg; WhatsApp skips images over ~300 KB), with the system
// Chromium — Facebook, X, WhatsApp and iMessage show no SVG. Run it after changing a cover.
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "../shared/eventMeta.ts";
import { VIBES, shareImagePath } from "../shared/eventOptions.ts";
import { chromiumLaunchArgs, findChromium } from "./lib/chromium.ts";

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumLaunchArgs });
const page = await browser.newPage({
  viewport: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT },
});
for (const vibe of VIBES) {
  const svg = readFileSync(`src/features/events/components/covers/${vibe}.svg`, "utf8");
  // The covers are drawn at 1200×630 already.
  await page.setContent(`<body style="margin:0">${svg}</body>`);
  const path = `public${shareImagePath(vibe)}`;
  await page.screenshot({ path, type: "jpeg", quality: 85 });
  console.log(path);
}
await browser.close();
