import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEVICE_USER_KEY, deviceUserId, readDeviceUser, rememberDeviceUser } from "./deviceUser";
import { forgetUserOnDevice } from "./forgetUser";
import { deviceCopy } from "./store";

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

/** An unsigned token of the shape @convex-dev/auth stores (only `sub` is read). */
function token(sub: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "RS256" })}.${part({ sub, exp: 9_999_999_999 })}.signature`;
}

let local: Storage;
/** Where @convex-dev/auth keeps the token: namespaced by the deployment's URL. */
const jwtKey = `__convexAuthJWT_${(import.meta.env.VITE_CONVEX_URL ?? "http://127.0.0.1:3210").replace(/[^a-zA-Z0-9]/g, "")}`;
const signIn = (sub: string) => local.setItem(jwtKey, token(sub));
const alice = { userId: "alice-id", email: "alice@example.test", profile: { username: "alice" } };
const bob = { userId: "bob-id", email: "bob@example.test", profile: { username: "bob" } };

beforeEach(() => {
  local = memoryStorage();
  vi.stubGlobal("window", {
    localStorage: local,
    sessionStorage: memoryStorage(),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the device's user", () => {
  it("is the confirmed user, known without the network while the same session is stored", () => {
    signIn("alice-id|session-1");
    expect(readDeviceUser()).toBeNull();
    expect(rememberDeviceUser(alice)).toBeNull();
    expect(readDeviceUser()).toEqual(alice);
    expect(deviceUserId()).toBe("alice-id");
    // A refreshed token of the same session: still Alice.
    signIn("alice-id|session-1");
    expect(deviceUserId()).toBe("alice-id");
  });

  it("ends with the session: signed out, or another session stored", () => {
    signIn("alice-id|session-1");
    rememberDeviceUser(alice);
    local.removeItem(jwtKey);
    expect(readDeviceUser()).toBeNull();
    // Bob signs in on this browser: Alice's record is not his, before and after it is replaced.
    signIn("bob-id|session-2");
    expect(readDeviceUser()).toBeNull();
    expect(rememberDeviceUser(bob)).toBe("alice-id");
    expect(deviceUserId()).toBe("bob-id");
  });

  it("reads a damaged or older record as none", () => {
    signIn("alice-id|session-1");
    local.setItem(DEVICE_USER_KEY, "{not json");
    expect(readDeviceUser()).toBeNull();
    local.setItem(DEVICE_USER_KEY, JSON.stringify({ version: 0, userId: "alice-id" }));
    expect(readDeviceUser()).toBeNull();
  });

  it("sign-out forgets the user and wipes everything kept on the device", async () => {
    signIn("alice-id|session-1");
    rememberDeviceUser(alice);
    await deviceCopy.write([
      {
        userId: "alice-id",
        name: "events:get",
        args: '{"slugOrCodeOrId":"x"}',
        paged: false,
        value: { event: {}, host: {}, coHosts: [], attendees: [], viewer: {} },
        savedAt: 1,
        path: "/event/x",
      },
    ]);
    expect(await deviceCopy.contents()).toHaveLength(1);

    await forgetUserOnDevice();

    expect(local.getItem(DEVICE_USER_KEY)).toBeNull();
    expect(deviceUserId()).toBeNull();
    expect(await deviceCopy.contents()).toEqual([]);
  });
});
