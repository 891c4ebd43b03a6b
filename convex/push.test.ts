/**
 * Web push. A local HTTP server stands in for the push
 * service: the test decrypts what it receives (RFC 8291, aes128gcm) with the
 * subscriber's private key, checks the VAPID signature (RFC 8292), and answers
 * 201, 410 or 500 as a real push service would.
 */
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { importJWK, jwtVerify } from "jose";
import webpush from "web-push";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createNotification } from "./model/notifications";
import {
  createCrew,
  createUser,
  inviteToCrew,
  newTest,
  stubDeploymentEnv,
  type TestConvex,
  type TestUser,
} from "./test.setup";

// ---------------------------------------------------------------- the stand-in push service

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

let server: Server;
let serviceUrl: string;
let received: Received[] = [];
/** What the service answers, per path; 201 otherwise. */
const STATUS: Record<string, number> = { "/gone": 410, "/unknown": 404, "/broken": 500 };
const statusFor = (path: string) => STATUS[path] ?? 201;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(statusFor(request.url ?? "")).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// ---------------------------------------------------------------- a subscribed browser

/** What a browser keeps for one push subscription: its P-256 key pair and auth secret. */
function newBrowserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  };
}
type BrowserKeys = ReturnType<typeof newBrowserKeys>;

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync("sha256", ikm, salt, info, length));

/** RFC 8291 section 3.4 and RFC 8188: one aes128gcm record, decrypted with the browser's keys. */
function decryptPush(body: Buffer, browser: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const sharedSecret = browser.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    browser.ecdh.getPublicKey(),
    serverPublicKey,
  ]);
  const ikm = hkdf(browser.auth, sharedSecret, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  expect(padded.subarray(end + 1).every((byte) => byte === 0)).toBe(true);
  return padded.subarray(0, end).toString("utf8");
}

/** RFC 8292: 'vapid t=<JWT signed with the VAPID private key>, k=<public key>'. */
async function verifyVapid(authorization: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? "");
  expect(match?.[2]).toBe(publicKey);
  const point = Buffer.from(publicKey, "base64url");
  const key = await importJWK(
    {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    "ES256",
  );
  const { payload } = await jwtVerify(match?.[1] ?? "", key, { audience: serviceUrl });
  return payload;
}

/** A device stored as the subscribe mutation would (the service is plain http, so directly). */
async function addDevice(t: TestConvex, user: TestUser, path: string, browser: BrowserKeys) {
  return await t.run(async (ctx) =>
    ctx.db.insert("push_subscriptions", {
      userId: user.userId,
      endpoint: `${serviceUrl}${path}`,
      ...browser.keys,
      createdAt: Date.now(),
    }),
  );
}

const devicesOf = (t: TestConvex, userId: Id<"users">) =>
  t.run(async (ctx) =>
    ctx.db
      .query("push_subscriptions")
      .withIndex("by_user", (q) => q.eq("userId", userId))
      .collect(),
  );

const vapid = webpush.generateVAPIDKeys();
const configured = () =>
  stubDeploymentEnv({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:push-test@example.com",
  });

beforeEach(() => {
  received = [];
  stubDeploymentEnv();
});
afterEach(() => vi.unstubAllEnvs());

// ---------------------------------------------------------------- delivery

describe("delivery", () => {
  test("a crew invitation reaches the invitee's device, encrypted (aes128gcm) and signed (VAPID)", async () => {
    configured();
    const t = newTest();
    const host = await createUser(t, { name: "Hana" });
    const guest = await createUser(t);
    const browser = newBrowserKeys();
    await addDevice(t, guest, "/device-1", browser);
    const crewId = await createCrew(host, { name: "Stout Squad" });

    await inviteToCrew(host, crewId, guest);
    await t.finishAllScheduledFunctions(() => {});

    expect(received).toHaveLength(1);
    const [push] = received;
    expect(push.path).toBe("/device-1");
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers.ttl).toBe("86400");
    const claims = await verifyVapid(push.headers.authorization, vapid.publicKey);
    expect(claims.sub).toBe("mailto:push-test@example.com");
    expect(JSON.parse(decryptPush(push.body, browser))).toEqual({
      title: "Crew invitation",
      body: expect.stringContaining("Stout Squad") as unknown,
      url: `/crew/${crewId}`,
      tag: `crew_invitation:/crew/${crewId}`,
    });
  });

  test("every device gets it; 410 and 404 devices are removed, a failing one kept", async () => {
    configured();
    const t = newTest();
    const user = await createUser(t);
    const phone = newBrowserKeys();
    const laptop = newBrowserKeys();
    await addDevice(t, user, "/phone", phone);
    await addDevice(t, user, "/broken", laptop);
    await addDevice(t, user, "/gone", newBrowserKeys());
    await addDevice(t, user, "/unknown", newBrowserKeys());

    const outcome = await t.action(internal.pushDelivery.sendToUser, {
      userId: user.userId,
      payload: { title: "🏅 Badge earned", body: "First Pour", url: "/profile", tag: "badge" },
    });

    expect(outcome).toEqual({ sent: 1, expired: 2, failed: 1 });
    expect(received.map((push) => push.path).sort()).toEqual([
      "/broken",
      "/gone",
      "/phone",
      "/unknown",
    ]);
    const phonePush = received.find((push) => push.path === "/phone");
    expect(JSON.parse(decryptPush(phonePush!.body, phone))).toMatchObject({ body: "First Pour" });
    expect((await devicesOf(t, user.userId)).map((device) => device.endpoint).sort()).toEqual([
      `${serviceUrl}/broken`,
      `${serviceUrl}/phone`,
    ]);
  });

  test("badge awards and reminders are pushed; other notifications are not", async () => {
    configured();
    const t = newTest();
    const user = await createUser(t);
    const browser = newBrowserKeys();
    await addDevice(t, user, "/device", browser);
    await t.run(async (ctx) => {
      for (const type of [
        "badge_achievement",
        "event_reminder",
        "event_rsvp",
        "event_update",
      ] as const) {
        // No payload, so no link: a badge opens the profile, anything else the home page.
        await createNotification(ctx, {
          userId: user.userId,
          type,
          title: type,
          message: "…",
          data: null,
        });
      }
    });
    await t.finishAllScheduledFunctions(() => {});

    const payloads = received.map((push) => JSON.parse(decryptPush(push.body, browser)) as object);
    expect(payloads).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: "badge_achievement", url: "/profile" }),
        expect.objectContaining({ title: "event_reminder", url: "/" }),
      ]),
    );
    expect(payloads).toHaveLength(2);
  });

  test("without VAPID keys nothing is scheduled or sent", async () => {
    const t = newTest();
    const user = await createUser(t);
    await addDevice(t, user, "/device", newBrowserKeys());
    await t.run(async (ctx) => {
      await createNotification(ctx, {
        userId: user.userId,
        type: "badge_achievement",
        title: "Badge",
        message: "…",
        data: null,
      });
      expect(await ctx.db.system.query("_scheduled_functions").collect()).toEqual([]);
    });
    expect(
      await t.action(internal.pushDelivery.sendToUser, {
        userId: user.userId,
        payload: { title: "t", body: "b", url: "/", tag: "t" },
      }),
    ).toEqual({ sent: 0, expired: 0, failed: 0 });
    expect(received).toEqual([]);
  });

  test("a user without devices gets no scheduled push", async () => {
    configured();
    const t = newTest();
    const user = await createUser(t);
    await t.run(async (ctx) => {
      await createNotification(ctx, {
        userId: user.userId,
        type: "event_invitation",
        title: "Invite",
        message: "…",
        data: null,
      });
      expect(await ctx.db.system.query("_scheduled_functions").collect()).toEqual([]);
    });
  });
});

// ---------------------------------------------------------------- public functions

const subscription = (endpoint: string, browser = newBrowserKeys()) => ({
  endpoint,
  keys: browser.keys,
});
const PHONE = "https://push.example.com/send/phone";

describe("config", () => {
  test("null without VAPID keys; the public key (never the private one) with them", async () => {
    const t = newTest();
    expect(await t.query(api.push.config, {})).toEqual({ publicKey: null });
    configured();
    expect(await t.query(api.push.config, {})).toEqual({ publicKey: vapid.publicKey });
  });
});

describe("subscribe", () => {
  test("signed out: 'Not authenticated', nothing stored", async () => {
    const t = newTest();
    await expect(t.mutation(api.push.subscribe, subscription(PHONE))).rejects.toThrow(
      /Not authenticated/,
    );
    expect(await t.run(async (ctx) => ctx.db.query("push_subscriptions").collect())).toEqual([]);
  });

  test("stores the caller's device once per endpoint; re-subscribing updates its keys", async () => {
    const t = newTest();
    const user = await createUser(t);
    await user.asUser.mutation(api.push.subscribe, subscription(PHONE));
    const renewed = newBrowserKeys();
    await user.asUser.mutation(api.push.subscribe, subscription(PHONE, renewed));
    const devices = await devicesOf(t, user.userId);
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ endpoint: PHONE, ...renewed.keys });
    expect(await user.asUser.query(api.push.isSubscribed, { endpoint: PHONE })).toBe(true);
  });

  test("a browser someone else had subscribed moves to whoever subscribes it now", async () => {
    const t = newTest();
    const first = await createUser(t);
    const second = await createUser(t);
    await first.asUser.mutation(api.push.subscribe, subscription(PHONE));
    await second.asUser.mutation(api.push.subscribe, subscription(PHONE));
    expect(await devicesOf(t, first.userId)).toEqual([]);
    expect(await devicesOf(t, second.userId)).toHaveLength(1);
    expect(await first.asUser.query(api.push.isSubscribed, { endpoint: PHONE })).toBe(false);
  });

  test("refuses what is not a browser push subscription", async () => {
    const t = newTest();
    const user = await createUser(t);
    const good = newBrowserKeys().keys;
    for (const bad of [
      { endpoint: "http://push.example.com/x", keys: good },
      { endpoint: "not a url", keys: good },
      { endpoint: PHONE, keys: { ...good, p256dh: "c2hvcnQ" } },
      { endpoint: PHONE, keys: { ...good, auth: "***" } },
    ]) {
      await expect(user.asUser.mutation(api.push.subscribe, bad)).rejects.toMatchObject({
        data: { code: "VALIDATION", message: "Invalid push subscription" },
      });
    }
    expect(await devicesOf(t, user.userId)).toEqual([]);
  });

  test("keeps at most 10 devices, dropping the oldest", async () => {
    const t = newTest();
    const user = await createUser(t);
    for (let i = 1; i <= 11; i++) {
      await user.asUser.mutation(api.push.subscribe, subscription(`${PHONE}-${i}`));
    }
    const endpoints = (await devicesOf(t, user.userId)).map((device) => device.endpoint);
    expect(endpoints).toHaveLength(10);
    expect(endpoints).not.toContain(`${PHONE}-1`);
    expect(endpoints).toContain(`${PHONE}-11`);
  });
});

describe("unsubscribe and isSubscribed", () => {
  test("signed out: 'Not authenticated' and false", async () => {
    const t = newTest();
    const user = await createUser(t);
    await user.asUser.mutation(api.push.subscribe, subscription(PHONE));
    await expect(t.mutation(api.push.unsubscribe, { endpoint: PHONE })).rejects.toThrow(
      /Not authenticated/,
    );
    expect(await t.query(api.push.isSubscribed, { endpoint: PHONE })).toBe(false);
    expect(await devicesOf(t, user.userId)).toHaveLength(1);
  });

  test("another user cannot remove someone's device; the owner can", async () => {
    const t = newTest();
    const owner = await createUser(t);
    const stranger = await createUser(t);
    await owner.asUser.mutation(api.push.subscribe, subscription(PHONE));
    await stranger.asUser.mutation(api.push.unsubscribe, { endpoint: PHONE });
    expect(await stranger.asUser.query(api.push.isSubscribed, { endpoint: PHONE })).toBe(false);
    expect(await devicesOf(t, owner.userId)).toHaveLength(1);
    await owner.asUser.mutation(api.push.unsubscribe, { endpoint: PHONE });
    expect(await devicesOf(t, owner.userId)).toEqual([]);
  });

  test("deleting the account removes its devices", async () => {
    const t = newTest();
    const user = await createUser(t);
    await user.asUser.mutation(api.push.subscribe, subscription(PHONE));
    await user.asUser.mutation(api.account.deleteMine, { confirmation: "DELETE" });
    expect(await devicesOf(t, user.userId)).toEqual([]);
  });
});
