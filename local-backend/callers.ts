/** Who sent an HTTP request: the deployment's operator, a signed-in user, or no one. */
import type { IncomingMessage } from "node:http";
import type { UserIdentity } from "convex/server";
import type { TokenVerifier } from "./auth.ts";

export class Callers {
  constructor(
    private readonly verifier: TokenVerifier,
    private readonly adminKey: string,
  ) {}

  /** `Authorization: Convex <admin key>`: the deployment's operator (`npm run backend:run`), who may run internal functions. */
  isAdmin(req: IncomingMessage): boolean {
    return req.headers.authorization === `Convex ${this.adminKey}`;
  }

  /** The user of an `Authorization: Bearer <token>` header, or null without one; an invalid token throws `AuthFailure`. */
  async identity(req: IncomingMessage): Promise<UserIdentity | null> {
    const header = req.headers.authorization;
    if (!header?.startsWith("Bearer ")) return null;
    return (await this.verifier.verify(header.slice("Bearer ".length))).identity;
  }
}
