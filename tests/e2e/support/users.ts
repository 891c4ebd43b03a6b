import { randomBytes } from "node:crypto";

/** A unique address per call, e.g. alice-1718000000000-3f9a@example.test. */
export function uniqueEmail(name: string): string {
  return `${name}-${Date.now()}-${randomBytes(2).toString("hex")}@example.test`;
}

/** What a new profile is called: the e-mail's part before the @. */
export function emailPrefix(email: string): string {
  return email.split("@")[0] ?? email;
}
