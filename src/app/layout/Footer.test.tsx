import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, expect, test, vi } from "vitest";
import { Footer } from "./Footer";

afterEach(() => {
  vi.useRealTimers();
});

test("the copyright line carries the current year", () => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(2031, 5, 1, 12) });
  expect(renderToStaticMarkup(<Footer />)).toContain("© 2031 Clink");
});
