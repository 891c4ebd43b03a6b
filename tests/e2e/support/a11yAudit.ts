import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { LEAVING_TOASTS, settleEntranceAnimations, wcagTags } from "./axe.ts";

/**
 * While a menu is open (Headless UI's menus are modal: the page behind is inert, the menu sits
 * in a portal at the end of body), axe sees only the menu, as it does under a modal dialog; it
 * excuses a dialog from these rules but not a menu. Every other rule still checks the menu,
 * and the page itself is audited with the menu closed. docs/decisions.md lists this exception.
 */
const rulesOffWhileMenuOpen = ["region", "page-has-heading-one", "landmark-one-main"];

/** The narrowest width content must fit without scrolling sideways: 1280 px at 400 % zoom. */
const REFLOW_WIDTH = 320;
/** The smallest target a pointer must hit (WCAG 2.2 target size, minimum). */
const MIN_TARGET_PX = 24;

/**
 * Checks each screen it is shown with soft assertions, so one run lists every problem of every
 * screen instead of stopping at the first: axe violations at every impact (WCAG 2.2 AA and best
 * practice), targets smaller than 24 × 24 px, and, for whole pages, sideways scrolling at 320 px.
 */
export class A11yAudit {
  private readonly shotsDir = process.env.CLINK_A11Y_SHOTS;

  constructor(
    private readonly page: Page,
    private readonly who: string,
  ) {}

  /** One state of a screen (a dialog, menu or step open): axe and target sizes. */
  async state(label: string, options: { menuOpen?: boolean } = {}): Promise<void> {
    const name = `${this.who} · ${label}`;
    const problems: string[] = [];
    await settleEntranceAnimations(this.page);
    const axe = new AxeBuilder({ page: this.page })
      .withTags([...wcagTags, "best-practice"])
      .exclude(LEAVING_TOASTS);
    if (options.menuOpen) axe.disableRules(rulesOffWhileMenuOpen);
    const results = await axe.analyze();
    for (const violation of results.violations) {
      for (const node of violation.nodes) {
        problems.push(
          `${name}: axe ${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${node.failureSummary?.split("\n")[1]?.trim() ?? violation.help}`,
        );
      }
    }
    for (const target of await smallTargets(this.page)) {
      problems.push(`${name}: target smaller than ${MIN_TARGET_PX}px: ${target}`);
    }
    expect.soft(problems, name).toEqual([]);
    if (this.shotsDir) {
      const width = this.page.viewportSize()?.width ?? 0;
      const file = `${name}-${width}`.replace(/[^a-z0-9-]+/gi, "_");
      await this.page.screenshot({ path: `${this.shotsDir}/${file}.png`, fullPage: true });
    }
  }

  /** A whole page: its state, then no sideways scrolling at 320 px wide. */
  async route(label: string): Promise<void> {
    await this.state(label);
    const size = this.page.viewportSize() ?? { width: 1280, height: 800 };
    await this.page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
    const overflow = await this.page.evaluate(() => {
      const root = document.documentElement;
      if (root.scrollWidth <= root.clientWidth) return null;
      // Name the widest culprits: elements reaching past the viewport's right edge.
      const wide = Array.from(document.body.querySelectorAll<HTMLElement>("*"))
        .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
        .filter(
          (el) =>
            !el.parentElement ||
            el.parentElement.getBoundingClientRect().right <= root.clientWidth + 1,
        )
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
      return `${root.scrollWidth} > ${root.clientWidth}: ${wide.join(" | ")}`;
    });
    expect
      .soft(overflow, `${this.who} · ${label}: sideways scrolling at ${REFLOW_WIDTH}px`)
      .toBeNull();
    if (this.shotsDir) {
      const file = `${this.who}-${label}-${REFLOW_WIDTH}`.replace(/[^a-z0-9-]+/gi, "_");
      await this.page.screenshot({ path: `${this.shotsDir}/${file}.png`, fullPage: true });
    }
    await this.page.setViewportSize(size);
  }
}

/**
 * Visible interactive elements smaller than 24 × 24 px. An input passes when its label is big
 * enough (the label works it too); links inside a sentence are exempt, as the rule allows.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return await page.evaluate((min) => {
    const selector = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      "summary",
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(",");
    const describe = (el: Element, rect: DOMRect) => {
      const name =
        el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().slice(0, 40) ?? "";
      const type = el instanceof HTMLInputElement ? ` type=${el.type}` : "";
      return `<${el.tagName.toLowerCase()}${type}> "${name}" ${Math.round(rect.width)}×${Math.round(rect.height)}`;
    };
    const inSentence = (el: Element) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      const parent = el.parentElement;
      if (!parent) return false;
      const ownText = Array.from(parent.childNodes)
        .filter((node) => node !== el && node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .join("")
        .trim();
      return ownText.length > 0;
    };
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      // Only what people can see and reach: inert (behind a modal) and hidden parts do not count.
      if (el.closest("[inert], [aria-hidden=true]")) continue;
      if (!(el as HTMLElement).checkVisibility?.({ visibilityProperty: true })) continue;
      // A control's label is a target too (a tap on it works the control): one big enough will do.
      const labels = el instanceof HTMLInputElement ? Array.from(el.labels ?? []) : [];
      const rect = el.getBoundingClientRect();
      const bigEnough = (box: DOMRect) => box.width >= min - 0.5 && box.height >= min - 0.5;
      if (labels.some((label) => bigEnough(label.getBoundingClientRect()))) continue;
      // Visually hidden until focused (the skip link) and unlabelled: nothing to hit yet.
      const style = getComputedStyle(el);
      const clipped = style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)";
      if (clipped && labels.length === 0) continue;
      if (rect.width === 0 && rect.height === 0) continue;
      if (bigEnough(rect)) continue;
      if (inSentence(el)) continue;
      found.push(describe(el, rect));
    }
    return found;
  }, MIN_TARGET_PX);
}
