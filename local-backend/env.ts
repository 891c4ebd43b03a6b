/**
 * The deployment's environment variables (what `npx convex env set` manages
 * on a real deployment):
 * - generated on first start and kept in the data directory: the signing
 *   key pair `@convex-dev/auth` needs (JWT_PRIVATE_KEY, JWKS);
 * - set by the backend itself, as Convex does: CONVEX_CLOUD_URL, CONVEX_SITE_URL,
 *   and SITE_URL (the app's URL, for sign-in redirects and e-mail links);
 * - your own, from the git-ignored `.env.backend.local` (KEY=value lines),
 *   which wins over everything else (e.g. RESEND_API_KEY, AUTH_GOOGLE_ID).
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { writeFileAtomically } from "./files.ts";

export const USER_ENV_FILE = ".env.backend.local";

export async function deploymentEnv(options: {
  dataDir: string;
  projectDir: string;
  cloudUrl: string;
  siteUrl: string;
  appUrl: string;
}): Promise<Record<string, string>> {
  return {
    ...(await generatedEnv(options.dataDir)),
    CONVEX_CLOUD_URL: options.cloudUrl,
    CONVEX_SITE_URL: options.siteUrl,
    SITE_URL: options.appUrl,
    // Set by this backend only: the debug pages are on by default here (convex/model/debug.ts).
    CLINK_LOCAL_BACKEND: "1",
    ...parseEnvFile(path.join(options.projectDir, USER_ENV_FILE)),
  };
}

async function generatedEnv(dataDir: string): Promise<Record<string, string>> {
  const file = path.join(dataDir, "env.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const pem = await exportPKCS8(privateKey);
  const env = {
    // @convex-dev/auth reads the PEM with its newlines replaced by spaces.
    JWT_PRIVATE_KEY: pem.trimEnd().replace(/\n/g, " "),
    JWKS: JSON.stringify({ keys: [{ use: "sig", ...(await exportJWK(publicKey)) }] }),
  };
  writeFileAtomically(file, JSON.stringify(env, null, 2));
  return env;
}

/**
 * The deployment's admin key (like a Convex deploy key): lets `npm run
 * backend:run` call internal functions. Generated on first start, kept in the data directory.
 */
export function adminKey(dataDir: string): string {
  const file = path.join(dataDir, "admin_key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const key = `clink-local|${randomBytes(32).toString("hex")}`;
  writeFileAtomically(file, key);
  return key;
}

export function parseEnvFile(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith("#")) continue;
    let value = match[2];
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    env[match[1]] = value;
  }
  return env;
}
