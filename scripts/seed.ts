// `npm run seed [-- --force | --wipe]`: the demo world on the running local backend — a few
// people and sessions from "happening now" to next week, so a newcomer sees a living app.
// `npm start` seeds a new data directory by itself. Never aimed at a real deployment: the
// functions refuse unless debug pages are enabled there.
import { parseArgs } from "node:util";
import { runAsAdmin } from "../local-backend/run.ts";

export async function seedDemoWorld(options: {
  url: string;
  dataDir: string;
  force?: boolean;
}): Promise<void> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  await runAsAdmin({
    ...options,
    functionPath: "seed:demoWorld",
    args: { force: options.force ?? false, timeZone },
  });
  console.log(
    "Seeded the demo world (skip with CLINK_SEED=0, re-seed with `npm run seed -- --force`).",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      force: { type: "boolean", default: false },
      wipe: { type: "boolean", default: false },
      url: { type: "string", default: "http://127.0.0.1:3210" },
      "data-dir": { type: "string", default: ".local-backend/data" },
    },
  });
  const target = { url: values.url, dataDir: values["data-dir"] };
  try {
    if (values.wipe) {
      await runAsAdmin({ ...target, functionPath: "seed:wipeDemo" });
      console.log("Removed the demo world.");
    } else {
      await seedDemoWorld({ ...target, force: values.force });
    }
  } catch (error) {
    console.error(
      `Seeding failed: ${(error as Error).message}\nIs the local backend running (npm start)?`,
    );
    process.exit(1);
  }
}
