import { createElement } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

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
    expect(calls).toEqual([
      ["message", "Hello", { id: "hi" }],
      ["success", "Saved"],
      ["warning", "Careful"],
      ["custom", render, { duration: 10 }],
      ["dismiss", "hi"],
      ["error", "Oops"],
    ]);
  });
});
