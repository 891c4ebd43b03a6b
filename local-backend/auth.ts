/**
 * Verifies client JWTs the way a Convex deployment does: against the
 * providers in `convex/auth.config.ts` (OIDC `domain` + `applicationID`, or
 * `customJwt` with `issuer` + `jwks`), checking issuer, audience, signature
 * and expiry, and turning the claims into a `UserIdentity`.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { UserIdentity } from "convex/server";
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from "jose";
import type { ModuleLoader } from "./modules.ts";

type OidcProvider = { domain: string; applicationID: string };
type CustomJwtProvider = {
  type: "customJwt";
  issuer: string;
  jwks: string;
  applicationID?: string;
  algorithm: string;
};
type AuthProvider = OidcProvider | CustomJwtProvider;

export class AuthFailure extends Error {}

export type VerifiedToken = { identity: UserIdentity; expiresAt: number | null };

const CLAIM_TO_ATTRIBUTE: Record<string, string> = {
  name: "name",
  given_name: "givenName",
  family_name: "familyName",
  nickname: "nickname",
  preferred_username: "preferredUsername",
  profile: "profileUrl",
  picture: "pictureUrl",
  email: "email",
  email_verified: "emailVerified",
  gender: "gender",
  birthdate: "birthday",
  zoneinfo: "timezone",
  locale: "language",
  phone_number: "phoneNumber",
  phone_number_verified: "phoneNumberVerified",
  address: "address",
  updated_at: "updatedAt",
};
const REGISTERED_CLAIMS = new Set(["iss", "sub", "aud", "exp", "iat", "nbf", "jti"]);

export class TokenVerifier {
  private providers: AuthProvider[] = [];
  private readonly keySets = new Map<string, JWTVerifyGetKey>();

  constructor(private readonly functionsDir: string) {}

  /** (Re)reads `auth.config.ts`; called at start and on every code reload. */
  async loadConfig(loader: ModuleLoader): Promise<void> {
    this.keySets.clear();
    const file = ["auth.config.ts", "auth.config.js"]
      .map((f) => path.join(this.functionsDir, f))
      .find(existsSync);
    if (!file) {
      this.providers = [];
      return;
    }
    const config = (await loader.load(file)).default as { providers?: AuthProvider[] } | undefined;
    this.providers = config?.providers ?? [];
  }

  async verify(token: string): Promise<VerifiedToken> {
    let claims: JWTPayload;
    try {
      claims = decodeJwt(token);
    } catch {
      throw new AuthFailure(
        "Could not parse JWT payload. Check that the token is a valid JWT format.",
      );
    }
    const audiences = Array.isArray(claims.aud) ? claims.aud : claims.aud ? [claims.aud] : [];
    const provider = this.providers.find((p) => {
      const issuer = "type" in p && p.type === "customJwt" ? p.issuer : (p as OidcProvider).domain;
      const sameIssuer = trimSlash(issuer) === trimSlash(claims.iss ?? "");
      return sameIssuer && (p.applicationID === undefined || audiences.includes(p.applicationID));
    });
    if (!provider) {
      throw new AuthFailure(
        `No auth provider found matching the given token (no provider with a matching issuer '${claims.iss}' and audience '${audiences.join(",")}'). Check your auth.config.ts.`,
      );
    }
    try {
      const { payload } = await jwtVerify(token, await this.keySetFor(provider), {
        issuer: claims.iss,
        ...(provider.applicationID ? { audience: provider.applicationID } : {}),
      });
      return {
        identity: identityFromClaims(payload),
        expiresAt: payload.exp ? payload.exp * 1000 : null,
      };
    } catch (error) {
      throw new AuthFailure(
        `Could not verify OIDC token claim. Check that the token signature is valid and the token hasn't expired. (${(error as Error).message})`,
      );
    }
  }

  private async keySetFor(provider: AuthProvider): Promise<JWTVerifyGetKey> {
    const cacheKey = JSON.stringify(provider);
    let keySet = this.keySets.get(cacheKey);
    if (keySet) return keySet;
    if ("type" in provider && provider.type === "customJwt") {
      keySet = provider.jwks.startsWith("data:")
        ? createLocalJWKSet(
            JSON.parse(decodeDataUrl(provider.jwks)) as Parameters<typeof createLocalJWKSet>[0],
          )
        : createRemoteJWKSet(new URL(provider.jwks));
    } else {
      const domain = trimSlash((provider as OidcProvider).domain);
      const response = await fetch(`${domain}/.well-known/openid-configuration`);
      if (!response.ok)
        throw new AuthFailure(`Could not fetch ${domain}/.well-known/openid-configuration`);
      const { jwks_uri } = (await response.json()) as { jwks_uri: string };
      keySet = createRemoteJWKSet(new URL(jwks_uri));
    }
    this.keySets.set(cacheKey, keySet);
    return keySet;
  }
}

function identityFromClaims(claims: JWTPayload): UserIdentity {
  const identity: Record<string, unknown> = {
    tokenIdentifier: `${claims.iss}|${claims.sub}`,
    subject: claims.sub,
    issuer: claims.iss,
  };
  for (const [claim, value] of Object.entries(claims)) {
    if (REGISTERED_CLAIMS.has(claim)) continue;
    identity[CLAIM_TO_ATTRIBUTE[claim] ?? claim] = value;
  }
  return identity as UserIdentity;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

function decodeDataUrl(url: string): string {
  const [meta, data = ""] = url.split(",", 2);
  return meta.endsWith(";base64")
    ? Buffer.from(data, "base64").toString("utf8")
    : decodeURIComponent(data);
}
