import type { Page } from "@playwright/test";

/**
 * Records console errors and uncaught exceptions from the moment it is called; the returned
 * array fills as they happen, so assert on it at the end of the test.
 */
export function recordPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => {
    errors.push(`uncaught: ${error.message}`);
  });
  return errors;
}
