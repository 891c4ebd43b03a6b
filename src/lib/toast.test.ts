import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const calls: unknown[][] = [];
vi.mock("sonner", () => ({
  toast: Object.assign((...args: unknown[]) => calls.push(["message", ...args]), {
    success: (...args: unknown[]) => calls.push(["success", ...args]),
    error: (...args: unknown[]) => calls.push(["error", ...args]),
    warning: (...args: unknown[]) => calls.push(["warning", ...args]),
    custom: (...args: unknown[]) => calls.push(["custom", ...args]),
    dismiss: (...args: unknown[]) => calls.push(["dismiss", ...args]),
  }),
}));

describe("toast (sonner loaded with the first toast)", () => {
  beforeEach(() => {
    vi.resetModules();
    calls.length = 0;
    // A phone, nothing focused: toasts go along the bottom.
    vi.stubGlobal("document", { activeElement: null, body: {}, addEventListener: () => undefined });
    vi.stubGlobal("window", {
      innerWidth: 390,
      innerHeight: 844,
      matchMedia: () => ({ matches: false }),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("wants no toaster until something is toasted, then tells the app once", async () => {
    const { toast, toasterNeeded, subscribeToToasterNeeded } = await import("./toast");
    const listener = vi.fn();
    subscribeToToasterNeeded(listener);
    expect(toasterNeeded()).toBe(false);

    toast.success("Saved");
    toast.error("Oops");
    expect(toasterNeeded()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });

  it("hands every call to sonner, in the order it was made", async () => {
    const { toast } = await import("./toast");
    const render = () => createElement("span");
    toast("Hello", { id: "hi" });
    toast.success("Saved");
    toast.warning("Careful");
    toast.custom(render, { duration: 10 });
    toast.dismiss("hi");
    toast.error("Oops");

    await vi.waitFor(() => expect(calls).toHaveLength(6));
    const below = { position: "bottom-center" };
    expect(calls).toEqual([
      ["message", "Hello", { ...below, id: "hi" }],
      ["success", "Saved", below],
      ["warning", "Careful", below],
      ["custom", render, { ...below, duration: 10 }],
      ["dismiss", "hi"],
      ["error", "Oops", below],
    ]);
  });
});

describe("toastPosition (toasts never cover the control just used)", () => {
  const phone = { width: 390, height: 844, wide: false };
  const wide = { width: 1280, height: 800, wide: true };
  const box = (left: number, top: number) => ({ left, top, right: left + 100, bottom: top + 44 });

  it("puts a phone's toasts along the bottom, or the top when the control is low on the screen", async () => {
    const { toastPosition } = await import("./toastPlacement");
    expect(toastPosition(null, phone)).toBe("bottom-center");
    expect(toastPosition(box(20, 200), phone)).toBe("bottom-center");
    expect(toastPosition(box(20, 600), phone)).toBe("top-center");
  });

  it("puts a wide screen's toasts at the bottom, across from the control", async () => {
    const { toastPosition } = await import("./toastPlacement");
    expect(toastPosition(box(1000, 200), wide)).toBe("bottom-left");
    expect(toastPosition(box(100, 700), wide)).toBe("bottom-right");
    expect(toastPosition(null, wide)).toBe("bottom-left");
  });
});
