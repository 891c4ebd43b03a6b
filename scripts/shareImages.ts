// `node --import tsx scripts/shareImages.ts`: renders each vibe's cover
// (src/features/events/components/covers/{vibe}.svg), and every crew's share image
// (scripts/assets/og-default-crew.svg), into the 1200×630 JPEGs that link previews use
// (public/covers/{vibe}.jpg, public/og-default-crew.jpg; WhatsApp skips images over ~300 KB),
// with the system Chromium — Facebook, X, WhatsApp and iMessage show no SVG. Run it after
// changing one of them.
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CREW_SHARE_IMAGE_PATH } from "../shared/crewMeta.ts";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "../shared/eventMeta.ts";
import { VIBES, shareImagePath } from "../shared/eventOptions.ts";
import { chromiumLaunchArgs, findChromium } from "./lib/chromium.ts";

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumLaunchArgs });
const page = await browser.newPage({
  viewport: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT },
});
const images = [
  ...VIBES.map((vibe) => ({
    svg: `src/features/events/components/covers/${vibe}.svg`,
    jpeg: `public${shareImagePath(vibe)}`,
  })),
  { svg: "scripts/assets/og-default-crew.svg", jpeg: `public${CREW_SHARE_IMAGE_PATH}` },
];
for (const { svg, jpeg } of images) {
  // The pictures are drawn at 1200×630 already.
  await page.setContent(`<body style="margin:0">${readFileSync(svg, "utf8")}</body>`);
  await page.screenshot({ path: jpeg, type: "jpeg", quality: 85 });
  console.log(jpeg);
}
await browser.close();
