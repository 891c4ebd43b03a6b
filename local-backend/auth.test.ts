import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generateKeyPair } from "jose";
import { api } from "./fixtures/convex/_generated/api.js";
import type { LocalBackend } from "./server.ts";
import { connect, nextValue, startFixtureBackend } from "./test/harness.ts";
import { startIssuer, token } from "./test/issuer.ts";

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
