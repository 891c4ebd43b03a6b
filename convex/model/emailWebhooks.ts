/**
 * Resend's delivery webhook (POST /resend-webhook): Resend signs each event
 * the Svix way (svix-id, svix-timestamp, svix-signature headers; HMAC-SHA256
 * of "{id}.{timestamp}.{body}" with the endpoint's `whsec_` secret). A bounce
 * or complaint turns the message's log row 'bounced'. Off unless
 * RESEND_WEBHOOK_SECRET is set.
 */

/** Signed events older or newer than this are refused (replays). */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

export const RESEND_WEBHOOK_PATH = "/resend-webhook";

function base64ToBytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The Svix signature of `body` ("v1,{base64}"), as Resend sends it. */
export async function svixSignature(
  secret: string,
  id: string,
  timestamp: string,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    base64ToBytes(secret.replace(/^whsec_/, "")),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signed = await crypto.subtle.sign(
    "HMAC",
    key,
    new TextEncoder().encode(`${id}.${timestamp}.${body}`),
  );
  return `v1,${bytesToBase64(new Uint8Array(signed))}`;
}

/** Whether the request carries a valid, recent signature of `body` for `secret`. */
export async function isSignedBySvix(
  secret: string,
  headers: Headers,
  body: string,
  now: number = Date.now(),
): Promise<boolean> {
  const id = headers.get("svix-id");
  const timestamp = headers.get("svix-timestamp");
  const signatures = headers.get("svix-signature");
  if (!id || !timestamp || !signatures) return false;
  const sentAt = Number(timestamp) * 1000;
  if (!Number.isFinite(sentAt) || Math.abs(now - sentAt) > WEBHOOK_TOLERANCE_MS) return false;
  let expected: string;
  try {
    expected = await svixSignature(secret, id, timestamp, body);
  } catch {
    return false; // a malformed secret
  }
  // Several may be sent (secret rotation); one match is enough.
  return signatures.split(" ").some((signature) => signature === expected);
}

/**
 * The log update an event asks for: bounces and spam complaints make the
 * message 'bounced' with the reason; other events (sent, delivered, opened)
 * change nothing. Null when the payload is not one of those.
 */
export function bounceOf(payload: unknown): { messageId: string; errorMessage: string } | null {
  if (typeof payload !== "object" || payload === null) return null;
  const { type, data } = payload as { type?: unknown; data?: unknown };
  if (type !== "email.bounced" && type !== "email.complained") return null;
  if (typeof data !== "object" || data === null) return null;
  const { email_id: messageId, bounce } = data as { email_id?: unknown; bounce?: unknown };
  if (typeof messageId !== "string") return null;
  const reason =
    typeof bounce === "object" && bounce !== null && "message" in bounce
      ? String((bounce).message)
      : null;
  const errorMessage =
    type === "email.complained" ? "Marked as spam by the recipient" : (reason ?? "Bounced");
  return { messageId, errorMessage };
}
