/**
 * `npm run backend`: starts the Clink local backend.
 *   --port 3210 --site-port 3211 --data-dir .local-backend/data
 *   --app-url http://localhost:5173 --no-watch --fresh
 */
import { parseArgs } from "node:util";
import { startLocalBackend } from "./server.ts";
import { stopOnSignals } from "./shutdown.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.CLINK_BACKEND_PORT ?? "3210" },
    "site-port": { type: "string" },
    "data-dir": {
      type: "string",
      default: process.env.CLINK_BACKEND_DATA_DIR ?? ".local-backend/data",
    },
    "app-url": { type: "string", default: "http://localhost:5173" },
    "no-watch": { type: "boolean", default: false },
    fresh: { type: "boolean", default: false },
  },
});

try {
  const backend = await startLocalBackend({
    port: Number(values.port),
    sitePort: values["site-port"] ? Number(values["site-port"]) : undefined,
    dataDir: values["data-dir"],
    appUrl: values["app-url"],
    watch: !values["no-watch"],
    fresh: values.fresh,
  });
  console.log(
    `Clink local backend ready: cloud ${backend.cloudUrl} site ${backend.siteUrl} (data in ${values["data-dir"]})`,
  );
  stopOnSignals(backend);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
