/**
 * `npm run backend:run -- <module:function> [json args]`: runs any function
 * of the running local backend as its operator — internal ones included,
 * like `npx convex run` on Convex. E.g. `npm run backend:run -- seed:demoWorld '{"force":true}'`.
 *   --url http://127.0.0.1:3210   --data-dir .local-backend/data (where the admin key is)
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { adminKey } from "./env.ts";

export async function runAsAdmin(options: {
  url: string;
  dataDir: string;
  functionPath: string;
  args?: Record<string, Value>;
}): Promise<unknown> {
  // The HTTP function API with admin auth, as `npx convex run` uses it.
  const response = await fetch(`${options.url}/api/function`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Convex ${adminKey(path.resolve(options.dataDir))}`,
    },
    body: JSON.stringify({
      path: options.functionPath,
      args: convexToJson(options.args ?? {}),
      format: "convex_encoded_json",
    }),
  });
  const body = (await response.json()) as
    | { status: "success"; value: JSONValue }
    | { status: "error"; errorMessage: string }
    | { message: string };
  if ("status" in body && body.status === "success") return jsonToConvex(body.value);
  throw new Error("errorMessage" in body ? body.errorMessage : body.message);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: "string", default: process.env.VITE_CONVEX_URL ?? "http://127.0.0.1:3210" },
      "data-dir": {
        type: "string",
        default: process.env.CLINK_BACKEND_DATA_DIR ?? ".local-backend/data",
      },
    },
  });
  const [functionPath, json] = positionals;
  if (!functionPath) {
    console.error("Usage: npm run backend:run -- <module:function> [json args]");
    process.exit(2);
  }
  try {
    const result = await runAsAdmin({
      url: values.url,
      dataDir: values["data-dir"],
      functionPath,
      args: json ? (JSON.parse(json) as Record<string, Value>) : {},
    });
    console.log(JSON.stringify(result, null, 2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
