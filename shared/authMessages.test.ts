import { describe, expect, it } from "vitest";
import {
  AUTH_MESSAGES,
  callbackErrorForLogin,
  emailError,
  googleSignInErrorMessage,
  isNewUser,
  loginErrorMessage,
  magicLinkRateLimitMessage,
  normalizeEmail,
  welcomeToastText,
} from "./authMessages";

describe("login ?error= mapping", () => {
  it("maps the known values", () => {
    expect(loginErrorMessage("Unable to exchange external code")).toBe(
      "Google sign-in failed during authentication. Please try again or use magic link.",
    );
    expect(loginErrorMessage("oauth_session_timeout")).toBe("Google sign-in timed out. Please try again.");
    expect(loginErrorMessage("magic_link_timeout")).toBe("Magic link verification timed out. Please try again.");
    expect(loginErrorMessage("magic_link_expired")).toBe(AUTH_MESSAGES.magicLinkExpired);
    expect(loginErrorMessage("magic_link_invalid")).toBe(AUTH_MESSAGES.magicLinkUsed);
  });

  it("shows other values as they are, and nothing for none", () => {
    expect(loginErrorMessage("Something odd happened")).toBe("Something odd happened");
    expect(loginErrorMessage(null)).toBeNull();
    expect(loginErrorMessage("  ")).toBeNull();
  });
});

describe("Google errors", () => {
  it("maps the failure cases", () => {
    expect(googleSignInErrorMessage("Database error saving new user")).toBe(
      "Google sign-in had a setup issue. Please try again or use magic link! 📧",
    );
    expect(googleSignInErrorMessage("server_error")).toBe("Google sign-in temporarily unavailable...");
    expect(googleSignInErrorMessage(new Error("Provider `google` is not configured, available providers are `email`."))).toBe(
      "Google sign-in not configured...",
    );
    expect(googleSignInErrorMessage("oauth_exchange_failed")).toBe("Google sign-in authentication failed...");
    expect(googleSignInErrorMessage("access_denied")).toBe("Google sign-in failed. Please try magic link instead! 📧");
    expect(googleSignInErrorMessage(undefined)).toBe("Google sign-in failed. Please try magic link instead! 📧");
  });

  it("routes callback errors to a login message", () => {
    expect(callbackErrorForLogin({ error: "server_error", provider: "google" })).toBe(
      "Google sign-in temporarily unavailable...",
    );
    // The code counts even when Google adds a description.
    expect(
      callbackErrorForLogin({ error: "server_error", errorDescription: "Backend down", provider: "google" }),
    ).toBe("Google sign-in temporarily unavailable...");
    expect(
      callbackErrorForLogin({ error: "access_denied", errorDescription: "Database error saving new user", provider: "google" }),
    ).toBe("Google sign-in had a setup issue. Please try again or use magic link! 📧");
    expect(callbackErrorForLogin({ error: "invalid_request", errorDescription: "Bad thing" })).toBe(
      "Authentication failed: Bad thing",
    );
  });
});

describe("toasts", () => {
  it("welcomes new and returning users, with 'Champion' as the fallback name", () => {
    expect(welcomeToastText({ isNewUser: true, displayName: "Sam" })).toBe("Welcome to Clink, Sam");
    expect(welcomeToastText({ isNewUser: false, displayName: "Sam" })).toBe("Welcome back, Sam");
    expect(welcomeToastText({ isNewUser: false, displayName: " " })).toBe("Welcome back, Champion");
    expect(welcomeToastText({ isNewUser: true })).toBe("Welcome to Clink, Champion");
    expect(AUTH_MESSAGES.welcomeBackDuplicate).toBe("Welcome back! 🍻");
    expect(AUTH_MESSAGES.signedOut).toBe("See you later! 👋");
  });

  it("treats a profile younger than 60 s as new", () => {
    expect(isNewUser(0, 59_999)).toBe(true);
    expect(isNewUser(0, 60_000)).toBe(false);
  });
});

describe("e-mail addresses", () => {
  it("normalises and validates", () => {
    expect(normalizeEmail("  Sam@Example.COM ")).toBe("sam@example.com");
    expect(emailError("")).toBe("Please enter your email address");
    expect(emailError("sam")).toBe("Please enter a valid email address");
    expect(emailError("sam@example.com")).toBeNull();
  });

  it("refuses controls, lone surrogates and invisible format characters anywhere in an address", () => {
    for (const address of [
      "sam\u0000@example.com",
      "sam@example.com\u0000",
      "sam\u0007@example.com",
      "sam\ud800@example.com",
      "sam@exa\udc00mple.com",
      "sam\u202e@example.com",
      "sam\u2066@example.com",
      "sam\u200b@example.com",
      "sam@example.com\ufeff",
    ]) {
      expect(emailError(address), JSON.stringify(address)).toBe("Please enter a valid email address");
    }
    // Letters beyond ASCII and emoji (a surrogate pair) are fine.
    expect(emailError("jos\u00e9@ex\u00e4mple.com")).toBeNull();
    expect(emailError("cheers\u{1f37a}@example.com")).toBeNull();
  });

  it("explains rate limits", () => {
    expect(magicLinkRateLimitMessage("email", 30 * 60_000)).toBe(
      "Too many sign-in links requested for this email. Please wait 30 minutes and try again.",
    );
    expect(magicLinkRateLimitMessage("global", 1_000)).toMatch(/try again in 1 minute/);
  });
});
