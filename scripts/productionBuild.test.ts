import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Manifest } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  BUDGETS,
  buildForBudget,
  kilobytes,
  measureBundle,
  PAGES,
  type BundleSizes,
  type Size,
} from "./lib/bundleBudget.ts";

const overBudget = (sizes: Size[], budget: number) =>
  sizes
    .filter((size) => size.totalJs > budget)
    .map((size) => `${size.name}: ${kilobytes(size.totalJs)}`);

// The size budgets, on one production build (a few seconds) into a temporary directory: the first
// screen is prerendered and stays light, and no page grows past its budget. Sizes are gzip
// bytes of the built files; `npm run size` prints them all.
let outDir: string;
let sizes: BundleSizes;
beforeAll(async () => {
  outDir = await buildForBudget();
  sizes = measureBundle(outDir);
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("prerendered HTML", () => {
  const builtPage = (file: string) => readFileSync(join(outDir, file), "utf8");

  test("index.html holds the landing page, to hydrate, with its scripts started after the first paint", () => {
    const html = builtPage("index.html");
    expect(html).toContain('<div id="root" data-prerendered="landing">');
    expect(html).toMatch(/<h1 id="hero-heading"[^>]*>Plan the night in/);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toMatch(/<script|modulepreload/);
    const loader = html.slice(html.lastIndexOf("<script>"), html.lastIndexOf("</body>"));
    expect(loader).toContain("first-contentful-paint");
    expect(loader).toMatch(/"\/assets\/LandingPage-[\w-]+\.js"/);
    expect(loader).toMatch(/script\.src="\/assets\/index-[\w-]+\.js"/);
  });

  test("app-shell.html holds the nav bar, a page skeleton and the footer, no landing page", () => {
    const html = builtPage("app-shell.html");
    expect(html).toContain('<div id="root" data-prerendered="shell">');
    expect(html).toContain('<nav aria-label="Main"');
    expect(html).toContain('role="status"');
    expect(html).toContain("<footer");
    expect(html).not.toContain("hero-heading");
  });

  test("both pages carry the favicon inline, so it takes none of the connections the scripts need", () => {
    for (const file of ["index.html", "app-shell.html"])
      expect(builtPage(file)).toMatch(
        /<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,%3Csvg/,
      );
  });
});

describe("bundle budget", () => {
  test(`/ runs at most ${kilobytes(BUDGETS.landingInitialJs)} of JavaScript before it is interactive`, () => {
    expect(sizes.landingInitialJs).toBeLessThanOrEqual(BUDGETS.landingInitialJs);
  });

  test("screens and dialogs are split out of the entry", () => {
    const screens = sizes.screens.map((screen) => screen.name);
    expect(screens).toEqual(
      expect.arrayContaining([
        "src/features/landing/LandingPage.tsx",
        "src/features/events/discover/DiscoverPage.tsx",
        "src/features/events/page/EventPage.tsx",
      ]),
    );
    expect(sizes.lazyParts.map((part) => part.name)).toEqual(
      expect.arrayContaining([
        "src/features/events/create/CreateEventWizard.tsx",
        "src/features/events/edit/EditEventDialog.tsx",
        "src/features/events/share/ShareEventDialog.tsx",
        "src/features/recap/PhotoViewer.tsx",
      ]),
    );
  });

  test(`no page or screen loads more than ${kilobytes(BUDGETS.pageTotalJs)}`, () => {
    expect(overBudget([...sizes.pages, ...sizes.screens], BUDGETS.pageTotalJs)).toEqual([]);
  });

  test(`each benchmarked page fetches its screen in at most ${BUDGETS.screenFiles} files after the entry`, () => {
    const overCount = sizes.screenFiles
      .filter(({ files }) => files.length > BUDGETS.screenFiles)
      .map(({ name, files }) => `${name}: ${files.join(", ")}`);
    expect(overCount).toEqual([]);
  });

  test("screens that only show things load no zod (the forms and the server do)", () => {
    const screens = [
      ...Object.values(PAGES).map(([screen]) => screen),
      "src/app/pages/ProfileScreen.tsx",
    ];
    // zod's built code names its classes ("$ZodType"); minifying keeps the strings.
    const withZod = screens.filter((screen) =>
      sizes
        .filesOfScreen(screen)
        .some((file) => readFileSync(join(outDir, file), "utf8").includes("$ZodType")),
    );
    expect(withZod).toEqual([]);
    // The check can see zod where it is: the create wizard's form.
    expect(
      sizes
        .filesOfScreen("src/features/events/create/CreateEventWizard.tsx")
        .some((file) => readFileSync(join(outDir, file), "utf8").includes("$ZodType")),
    ).toBe(true);
  });

  test(`no dialog or part, with its screen, loads more than ${kilobytes(BUDGETS.lazyPartTotalJs)}`, () => {
    expect(overBudget(sizes.lazyParts, BUDGETS.lazyPartTotalJs)).toEqual([]);
  });
});

describe("service worker", () => {
  /** The precache list Workbox wrote into the built sw.js (a JSON array of { url, revision }). */
  const precached = () => {
    const worker = readFileSync(join(outDir, "sw.js"), "utf8");
    const list = /\[\{"revision":.*?\}\]/s.exec(worker);
    if (!list) throw new Error("sw.js holds no precache list");
    return JSON.parse(list[0]) as { url: string; revision: string | null }[];
  };

  test("precaches both pages as prerendered, and every chunk and style of every screen and dialog", () => {
    const entries = precached();
    const urls = new Set(entries.map((entry) => entry.url));
    // Revisions of the final files: the list was made after prerendering rewrote them.
    const md5 = (file: string) =>
      createHash("md5")
        .update(readFileSync(join(outDir, file)))
        .digest("hex");
    for (const page of ["index.html", "app-shell.html"])
      expect(entries.find((entry) => entry.url === page)?.revision).toBe(md5(page));

    const manifest = JSON.parse(
      readFileSync(join(outDir, ".vite/manifest.json"), "utf8"),
    ) as Manifest;
    const built = Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
    const lazy = [...sizes.screens, ...sizes.lazyParts].map((part) => part.name);
    expect(lazy.length).toBeGreaterThan(40);
    const missing = [
      ...built.filter((file) => /\.(js|css)$/.test(file)),
      ...lazy.flatMap((key) => sizes.filesOfScreen(key)),
    ].filter((file) => !urls.has(file));
    expect(missing).toEqual([]);
  });

  test("precaches only files the build has, and not the install icons", () => {
    const urls = precached().map((entry) => entry.url);
    expect(urls.filter((url) => !existsSync(join(outDir, url)))).toEqual([]);
    expect(urls).toContain("manifest.webmanifest");
    expect(urls.filter((url) => url.startsWith("icons/"))).toEqual([]);
  });
});
