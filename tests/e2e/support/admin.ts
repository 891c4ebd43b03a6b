/**
 * Runs internal functions on the end-to-end backend as its operator (the local backend's
 * admin key, like `npx convex run`), for set-ups the UI cannot make — such as a session that
 * already happened: `await seedPastEvent({ hostEmail, attendeeEmails, title, startedHoursAgo })`.
 */
import { runAsAdmin } from "../../../local-backend/run.ts";
import { backendUrl } from "./env.ts";

function e2eDataDir(): string {
  const dir = process.env.CLINK_E2E_DATA_DIR;
  if (!dir)
    throw new Error("CLINK_E2E_DATA_DIR is not set: run the tests with `npm run test:e2e`.");
  return dir;
}

export async function seedPastEvent(args: {
  hostEmail: string;
  attendeeEmails: string[];
  title: string;
  startedHoursAgo: number;
  isPublic?: boolean;
}): Promise<{ eventId: string; publicSlug: string; privateSlug: string }> {
  return (await runAsAdmin({
    url: backendUrl,
    dataDir: e2eDataDir(),
    functionPath: "seed:pastEvent",
    args,
  })) as {
    eventId: string;
    publicSlug: string;
    privateSlug: string;
  };
}
