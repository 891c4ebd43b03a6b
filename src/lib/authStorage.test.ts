import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  REDIRECT_AFTER_LOGIN_KEY,
  WELCOME_SHOWN_KEY,
  clearLocalAuthStorage,
  clearWelcomed,
  hasBeenWelcomed,
  hasStoredSession,
  markWelcomed,
  readRedirectAfterLogin,
  storeRedirectAfterLogin,
} from "./authStorage";

/** A Storage backed by a Map, like the browser's. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

let local: Storage;
let session: Storage;

beforeEach(() => {
  local = memoryStorage();
  session = memoryStorage();
  vi.stubGlobal("window", { localStorage: local, sessionStorage: session });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("welcomeShownIds", () => {
  it("remembers each welcomed user once, and sign-out clears the list", () => {
    expect(hasBeenWelcomed("u1")).toBe(false);
    markWelcomed("u1");
    markWelcomed("u1");
    markWelcomed("u2");
    expect(JSON.parse(local.getItem(WELCOME_SHOWN_KEY)!)).toEqual(["u1", "u2"]);
    expect(hasBeenWelcomed("u2")).toBe(true);
    clearWelcomed();
    expect(hasBeenWelcomed("u1")).toBe(false);
  });

  it("treats a damaged list as empty", () => {
    local.setItem(WELCOME_SHOWN_KEY, "{not json");
    expect(hasBeenWelcomed("u1")).toBe(false);
    markWelcomed("u1");
    expect(hasBeenWelcomed("u1")).toBe(true);
  });
});

describe("redirectAfterLogin", () => {
  it("keeps same-site paths in session storage", () => {
    storeRedirectAfterLogin("/profile/edit?tab=x#top");
    expect(session.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBe("/profile/edit?tab=x#top");
    expect(readRedirectAfterLogin()).toBe("/profile/edit?tab=x#top");
  });

  it("ignores off-site and auth-page paths", () => {
    storeRedirectAfterLogin("//evil.example");
    storeRedirectAfterLogin("https://evil.example/");
    storeRedirectAfterLogin("/login");
    expect(readRedirectAfterLogin()).toBeNull();
    session.setItem(REDIRECT_AFTER_LOGIN_KEY, "/\\evil.example");
    expect(readRedirectAfterLogin()).toBeNull();
  });
});

describe("local auth storage", () => {
  it("knows whether a session token is stored, and clearing removes every sign-in trace", () => {
    expect(hasStoredSession()).toBe(false);
    local.setItem("__convexAuthJWT_http1270013210", "jwt");
    local.setItem("__convexAuthRefreshToken_http1270013210", "refresh");
    local.setItem("profileActivityTab", "crews");
    markWelcomed("u1");
    session.setItem(REDIRECT_AFTER_LOGIN_KEY, "/events");
    expect(hasStoredSession()).toBe(true);

    clearLocalAuthStorage();
    expect(hasStoredSession()).toBe(false);
    expect(local.getItem("__convexAuthRefreshToken_http1270013210")).toBeNull();
    expect(local.getItem(WELCOME_SHOWN_KEY)).toBeNull();
    expect(session.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
    expect(local.getItem("profileActivityTab")).toBe("crews");
  });

  it("works without storage at all", () => {
    vi.stubGlobal("window", {});
    expect(hasStoredSession()).toBe(false);
    expect(() => markWelcomed("u1")).not.toThrow();
    expect(readRedirectAfterLogin()).toBeNull();
  });
});
