/** A tiny OIDC issuer for tests that sign users in: discovery document, JWKS, and tokens signed with its key. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";

export async function startIssuer() {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", use: "sig", alg: "RS256" };
  const server = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    res.setHeader("Content-Type", "application/json");
    if (req.url === "/.well-known/openid-configuration")
      res.end(JSON.stringify({ issuer: base, jwks_uri: `${base}/jwks` }));
    else if (req.url === "/jwks") res.end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function token(
  key: CryptoKey,
  claims: { iss: string; aud?: string; sub?: string; expiresIn?: string },
) {
  return new SignJWT({})
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setIssuer(claims.iss)
    .setAudience(claims.aud ?? "clink-test")
    .setSubject(claims.sub ?? "user-1")
    .setIssuedAt()
    .setExpirationTime(claims.expiresIn ?? "1h")
    .sign(key);
}
