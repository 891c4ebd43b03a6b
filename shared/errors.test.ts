import { describe, expect, it } from "vitest";
import { appErrorData, errorMessage, isAppErrorData } from "./errors";

describe("error payloads", () => {
  it("recognises our { code, message } payloads", () => {
    expect(isAppErrorData({ code: "NOT_AUTHENTICATED", message: "Not authenticated" })).toBe(true);
    expect(isAppErrorData({ code: "SOMETHING_ELSE", message: "x" })).toBe(false);
    expect(isAppErrorData("Not authenticated")).toBe(false);
  });

  it("reads the message of a thrown ConvexError-like error, else the fallback", () => {
    const convexError = Object.assign(new Error("Uncaught ConvexError"), {
      data: { code: "USERNAME_TAKEN", message: "Username is already taken", field: "username" },
    });
    expect(errorMessage(convexError, "Failed to update profile")).toBe("Username is already taken");
    expect(appErrorData(convexError)?.field).toBe("username");
    expect(errorMessage(new Error("Server Error"), "Failed to update profile")).toBe("Failed to update profile");
    expect(errorMessage(null, "fallback")).toBe("fallback");
  });
});
