import { describe, expect, it } from "vitest";
import { APP_SHELL_FILE, LANDING_FILE, pageFileFor } from "./appShell";

describe("pageFileFor", () => {
  it("serves the landing page for / only", () => {
    expect(pageFileFor("/")).toBe(LANDING_FILE);
  });

  it("serves the app shell for every other page address", () => {
    for (const path of ["/discover", "/event/friday-stouts", "/profile/sam_1", "/auth/callback"])
      expect(pageFileFor(path)).toBe(APP_SHELL_FILE);
  });

  it("leaves files alone", () => {
    for (const path of ["/sw.js", "/manifest.webmanifest", "/covers/chill.jpg", "/robots.txt"])
      expect(pageFileFor(path)).toBeNull();
  });
});
