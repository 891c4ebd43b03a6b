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

/**
 * The recorded errors minus the ones a test caused on purpose: the Convex client logs every
 * refused call (`[CONVEX M(profiles:update)] Uncaught ConvexError: {"code":"USERNAME_TAKEN"…`)
 * even when the app handles it. Pass the expected error codes.
 */
export function unexpectedErrors(errors: string[], ...expectedCodes: string[]): string[] {
  return errors.filter(
    (error) =>
      !expectedCodes.some(
        (code) => error.includes("Uncaught ConvexError") && error.includes(`"code":"${code}"`),
      ),
  );
}
