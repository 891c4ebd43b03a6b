import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { api } from "./fixtures/convex/_generated/api.js";
import type { LocalBackend } from "./server.ts";
import { connect, nextValue, startFixtureBackend } from "./test/harness.ts";

/** A tiny OIDC issuer: discovery document and JWKS, signing with its own key. */
async function startIssuer() {
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

function token(
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

let issuer: Awaited<ReturnType<typeof startIssuer>>;
let backend: LocalBackend;
beforeAll(async () => {
  issuer = await startIssuer();
  process.env.TEST_ISSUER = issuer.url; // read by the fixture's auth.config.ts
  backend = await startFixtureBackend();
});
afterAll(async () => {
  await backend.stop();
  await issuer.close();
});

/** Connects with `tokenValue`; resolves with what `whoami` reports, or "rejected" when auth fails. */
async function whoamiWith(tokenValue: string): Promise<string | null> {
  const client = connect(backend);
  const rejected = new Promise<string>((resolve) => {
    client.setAuth(
      () => Promise.resolve(tokenValue),
      (isAuthenticated) => {
        if (!isAuthenticated) resolve("rejected");
      },
    );
  });
  const seen = nextValue<string | null>(
    (cb, err) => client.onUpdate(api.messages.whoami, {}, cb, err),
    (v) => v !== null,
  );
  const result = await Promise.race([seen, rejected]);
  await client.close();
  return result;
}

describe("Authenticate", () => {
  test("a valid token sets the identity of the connection", async () => {
    expect(
      await whoamiWith(await token(issuer.privateKey, { iss: issuer.url, sub: "alice" })),
    ).toBe("alice");
  });

  test("a token from another issuer is rejected", async () => {
    expect(
      await whoamiWith(await token(issuer.privateKey, { iss: "https://elsewhere.example" })),
    ).toBe("rejected");
  });

  test("a token for another application is rejected", async () => {
    expect(
      await whoamiWith(await token(issuer.privateKey, { iss: issuer.url, aud: "someone-else" })),
    ).toBe("rejected");
  });

  test("a token with a bad signature is rejected", async () => {
    const { privateKey: otherKey } = await generateKeyPair("RS256");
    expect(await whoamiWith(await token(otherKey, { iss: issuer.url }))).toBe("rejected");
  });

  test("an expired token is rejected", async () => {
    expect(
      await whoamiWith(await token(issuer.privateKey, { iss: issuer.url, expiresIn: "-1m" })),
    ).toBe("rejected");
  });

  test("the HTTP API authenticates with a bearer token", async () => {
    const good = await token(issuer.privateKey, { iss: issuer.url, sub: "bob" });
    const call = (bearer: string) =>
      fetch(`${backend.cloudUrl}/api/query`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${bearer}` },
        body: JSON.stringify({
          path: "messages:whoami",
          args: [{}],
          format: "convex_encoded_json",
        }),
      });
    expect(await (await call(good)).json()).toMatchObject({ status: "success", value: "bob" });
    expect((await call("not-a-jwt")).status).toBe(401);
  });
});
