/**
 * Who this device's copy belongs to, known without the network: the signed-in user as the
 * server last confirmed them (`profiles.me`), remembered in local storage beside the session
 * token and bound to that token's session. It counts only while the stored token is of the same
 * session: a sign-out, an expired session or someone else signing in ends it at once.
 *
 * Local storage rather than IndexedDB: it is read synchronously, so the first render already
 * knows the user (the account menu and protected pages paint without a signed-out or loading
 * flash), and it is a few hundred bytes.
 */
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { storedSessionSubject } from "../authStorage";
import { readStorage, removeStorage, writeStorage } from "../storage";

export const DEVICE_USER_KEY = "clinkDeviceUser";
/** Bumped when the record's layout changes: an older record then reads as no record. */
const RECORD_VERSION = 1;

type DeviceUserRecord = { version: number; userId: string; session: string; me: JSONValue };

/** The confirmed user: `profiles.me`'s value, with `userId` at least. */
type DeviceUser = { userId: string } & Record<string, unknown>;

const listeners = new Set<() => void>();
let lastRaw: string | null = null;
let lastSession: string | null = null;
let lastUser: DeviceUser | null = null;

function parseRecord(raw: string | null): DeviceUserRecord | null {
  if (raw === null) return null;
  try {
    const record = JSON.parse(raw) as Partial<DeviceUserRecord> | null;
    if (
      record?.version !== RECORD_VERSION ||
      typeof record.userId !== "string" ||
      typeof record.session !== "string" ||
      record.me === undefined
    )
      return null;
    return record as DeviceUserRecord;
  } catch {
    return null;
  }
}

/** The remembered user, while this browser still holds the same session; else null. */
export function readDeviceUser(): DeviceUser | null {
  const raw = readStorage("local", DEVICE_USER_KEY);
  const session = storedSessionSubject();
  // Called on every render of every screen that keeps data: parsed once per change.
  if (raw === lastRaw && session === lastSession) return lastUser;
  lastRaw = raw;
  lastSession = session;
  const record = parseRecord(raw);
  lastUser = null;
  if (record !== null && session !== null && record.session === session) {
    try {
      const me = jsonToConvex(record.me) as Record<string, unknown> | null;
      if (me !== null && typeof me === "object" && me.userId === record.userId)
        lastUser = me as DeviceUser;
    } catch {
      lastUser = null;
    }
  }
  return lastUser;
}

/** The id the device copy is kept under, or null (nothing is read or kept then). */
export function deviceUserId(): string | null {
  return readDeviceUser()?.userId ?? null;
}

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Remembers the user the server has just confirmed. Returns the user it replaces when that was
 * someone else (their copy must go), else null.
 */
export function rememberDeviceUser(me: DeviceUser): string | null {
  const session = storedSessionSubject();
  if (session === null) return null;
  const previous = parseRecord(readStorage("local", DEVICE_USER_KEY));
  const record: DeviceUserRecord = {
    version: RECORD_VERSION,
    userId: me.userId,
    session,
    me: convexToJson(me as Value),
  };
  const raw = JSON.stringify(record);
  if (raw !== readStorage("local", DEVICE_USER_KEY)) {
    writeStorage("local", DEVICE_USER_KEY, raw);
    emit();
  }
  return previous !== null && previous.userId !== me.userId ? previous.userId : null;
}

/** Forgets the user (sign-out, account deletion). */
export function forgetDeviceUser(): void {
  removeStorage("local", DEVICE_USER_KEY);
  emit();
}

/**
 * Calls `listener` when this tab remembers or forgets the user. Another tab's sign-in or
 * sign-out needs no listener here: it changes the stored token, on which the auth provider
 * renders everything again, and a render reads the user afresh.
 */
export function subscribeDeviceUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
