/**
 * A local backend on the fixture app in its own process, so a test can
 * SIGKILL it, or stop it as a user does (SIGTERM, SIGINT):
 * `node --import tsx crashChild.ts <dataDir> <port> [<shutdown deadline ms>]`.
 * It loads its code, prints `warm`, and starts on the data directory when it
 * reads a line on stdin — so a test can warm the next backend while the
 * current one is still running — then prints `ready <cloudUrl>`.
 */
import { once } from "node:events";
import path from "node:path";
import { startLocalBackend } from "../server.ts";
import { SHUTDOWN_DEADLINE_MS, stopOnSignals } from "../shutdown.ts";

const [dataDir, port, deadlineMs] = process.argv.slice(2);
process.stdout.write("warm\n");
await once(process.stdin, "data");
const log = (line: string) => process.stderr.write(`${line}\n`);
const backend = await startLocalBackend({
  projectDir: path.resolve(import.meta.dirname, "../.."),
  functionsDir: path.resolve(import.meta.dirname, "../fixtures/convex"),
  dataDir,
  port: Number(port),
  sitePort: 0,
  // Small, so snapshots are taken (and crashed into) during the test's load too.
  compactLogAfterBytes: 16 * 1024,
  log,
});
stopOnSignals(backend, { deadlineMs: Number(deadlineMs ?? SHUTDOWN_DEADLINE_MS), log });
process.stdout.write(`ready ${backend.cloudUrl}\n`);
