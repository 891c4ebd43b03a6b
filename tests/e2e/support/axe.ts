import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const blockingImpacts = new Set(["serious", "critical"]);

/** Fails the test when axe finds serious or critical WCAG 2.2 AA violations on the page. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await settleEntranceAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(wcagTags)
    .exclude(LEAVING_TOASTS)
    .analyze();
  const blocking = results.violations
    .filter((violation) => blockingImpacts.has(violation.impact ?? ""))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  expect(blocking, "serious or critical accessibility violations").toEqual([]);
}

/**
 * Toasts on their way out (sonner marks them, then fades them before removing them): their
 * contrast mid-fade is not a state anyone reads, so axe leaves them out.
 */
export const LEAVING_TOASTS = '[data-sonner-toast][data-removed="true"]';

/**
 * Entrance animations settle first: axe measures contrast at the opacity of the moment, so a
 * dialog still fading in fails. Only running ones about to end (a transition of a few hundred
 * ms): endless or slow decorative ones (the landing page's) are left alone.
 */
export async function settleEntranceAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => {
          const timing = animation.effect?.getComputedTiming();
          const left = Number(timing?.endTime ?? Infinity) - Number(timing?.localTime ?? 0);
          return animation.playState === "running" && left < 1_000;
        })
        .map((animation) => animation.finished),
    ),
  );
}
