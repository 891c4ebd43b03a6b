import { describe, expect, it } from "vitest";
import {
  authCallbackPath,
  authCallbackUrl,
  loginPathReturningTo,
  safeRedirectPath,
  sanitizeRedirectPath,
} from "./redirects";

describe("safeRedirectPath", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirectPath("/events")).toBe("/events");
    expect(safeRedirectPath("/profile/sam?tab=crews#top")).toBe("/profile/sam?tab=crews#top");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it.each([
    "//evil.example",
    "//evil.example/path",
    "https://evil.example",
    "http://evil.example/profile",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    " /events",
    "javascript:alert(1)",
    "events",
    "",
    "/login",
    "/auth/callback?code=1",
  ])("rejects %j", (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it("rejects non-strings", () => {
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath(42)).toBeNull();
  });

  it("falls back to /profile", () => {
    expect(sanitizeRedirectPath("//evil.example")).toBe("/profile");
    expect(sanitizeRedirectPath("/discover")).toBe("/discover");
    expect(sanitizeRedirectPath(null, "/")).toBe("/");
  });
});

describe("auth callback addresses", () => {
  it("carries a non-default post-login path", () => {
    expect(authCallbackPath("/events")).toBe("/auth/callback?redirect=%2Fevents");
    expect(authCallbackPath("/profile")).toBe("/auth/callback");
    expect(authCallbackPath(null)).toBe("/auth/callback");
    expect(authCallbackPath("https://evil.example")).toBe("/auth/callback");
  });

  it("turns any redirectTo into the site's callback URL", () => {
    const site = "http://localhost:5173";
    expect(authCallbackUrl(site, undefined)).toBe("http://localhost:5173/auth/callback");
    expect(authCallbackUrl(`${site}/`, "/events")).toBe("http://localhost:5173/auth/callback?redirect=%2Fevents");
    expect(authCallbackUrl(site, "/auth/callback?redirect=%2Fdiscover")).toBe(
      "http://localhost:5173/auth/callback?redirect=%2Fdiscover",
    );
    expect(authCallbackUrl(site, "/auth/callback?redirect=//evil.example")).toBe("http://localhost:5173/auth/callback");
    expect(authCallbackUrl(site, `${site}/crew/1`)).toBe("http://localhost:5173/auth/callback?redirect=%2Fcrew%2F1");
    expect(authCallbackUrl(site, "https://evil.example/auth/callback")).toBe("http://localhost:5173/auth/callback");
    expect(authCallbackUrl(site, "//evil.example")).toBe("http://localhost:5173/auth/callback");
    expect(authCallbackUrl(site, "/\\evil.example")).toBe("http://localhost:5173/auth/callback");
  });
});

describe("loginPathReturningTo (sign in from comments and reactions)", () => {
  it("carries the page to come back to, as /login reads it", () => {
    expect(loginPathReturningTo("/event/pints-ab12cd")).toBe("/login?redirect=%2Fevent%2Fpints-ab12cd");
  });

  it("drops anything that is no same-site path", () => {
    expect(loginPathReturningTo("//evil.example")).toBe("/login");
  });
});
