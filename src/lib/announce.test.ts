import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

describe("announce (the app's one polite live region)", () => {
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says each message once, however many paths report the same change", async () => {
    const { announce, announcements } = await import("./announce");
    expect(announce("New: Sam invited you to Friday drinks", 1000)).toBe(true);
    expect(announce("New: Sam invited you to Friday drinks", 1500)).toBe(false);
    expect(announce("  New: Sam   invited you to Friday drinks ", 2000)).toBe(false);
    expect(announcements().map((item) => item.text)).toEqual([
      "New: Sam invited you to Friday drinks",
    ]);
  });

  it("says the same words again once the repeat window is over (a second, real change)", async () => {
    const { announce, REPEAT_WINDOW_MS } = await import("./announce");
    expect(announce("3 attending", 0)).toBe(true);
    expect(announce("3 attending", REPEAT_WINDOW_MS - 1)).toBe(false);
    expect(announce("3 attending", REPEAT_WINDOW_MS)).toBe(true);
  });

  it("keeps two different quick messages apart, so both are read", async () => {
    const { announce, announcements } = await import("./announce");
    announce("You're in!", 0);
    announce("4 attending", 10);
    expect(announcements().map((item) => item.text)).toEqual(["You're in!", "4 attending"]);
  });

  it("says nothing for blank text", async () => {
    const { announce, announcements } = await import("./announce");
    expect(announce("   ", 0)).toBe(false);
    expect(announcements()).toEqual([]);
  });

  it("clears each message after a while and tells the listeners", async () => {
    vi.useFakeTimers();
    const { announce, announcements, subscribeToAnnouncements, ANNOUNCEMENT_MS } =
      await import("./announce");
    const listener = vi.fn();
    subscribeToAnnouncements(listener);
    announce("Saved", Date.now());
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ANNOUNCEMENT_MS);
    expect(announcements()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
