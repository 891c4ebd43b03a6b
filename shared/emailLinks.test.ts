import { describe, expect, it } from "vitest";
import { extractUrls } from "./emailLinks";

describe("extractUrls", () => {
  it("finds links in text and HTML, once each, in order", () => {
    const text = "Sign in: http://localhost:5173/auth/callback?code=abc&redirect=%2Fevents.\nThanks";
    const html = '<a href="http://localhost:5173/auth/callback?code=abc&amp;redirect=%2Fevents">Sign in</a> <a href="https://clink.example/help">help</a>';
    expect(extractUrls(text, html)).toEqual([
      "http://localhost:5173/auth/callback?code=abc&redirect=%2Fevents",
      "https://clink.example/help",
    ]);
    expect(extractUrls(null, undefined, "")).toEqual([]);
  });
});
