/**
 * Runs internal functions on the end-to-end backend as its operator (the local backend's
 * admin key, like `npx convex run`), for set-ups the UI cannot make in a test's time — such
 * as an invitation link past its 48 hours.
 */
import { runAsAdmin } from "../../../local-backend/run.ts";
import { backendUrl } from "./env.ts";

function e2eDataDir(): string {
  const dir = process.env.CLINK_E2E_DATA_DIR;
  if (!dir)
    throw new Error("CLINK_E2E_DATA_DIR is not set: run the tests with `npm run test:e2e`.");
  return dir;
}

/** Makes an invitation e-mail's link expire now (`invitationTokens:expireForTesting`). */
export async function expireInvitationToken(token: string): Promise<void> {
  const found = await runAsAdmin({
    url: backendUrl,
    dataDir: e2eDataDir(),
    functionPath: "invitationTokens:expireForTesting",
    args: { token },
  });
  if (found !== true) throw new Error(`expireInvitationToken: no token ${token}`);
}

/**
 * Runs the next step of a session's open check-ins now (`checkIns:runDueStepsForTesting`):
 * the first call is the person's time passing (their reminder), the second the 15 minutes
 * after it (the buddies' alert). Returns how many steps ran.
 */
export async function runCheckInStepsNow(eventId: string): Promise<number> {
  return (await runAsAdmin({
    url: backendUrl,
    dataDir: e2eDataDir(),
    functionPath: "checkIns:runDueStepsForTesting",
    args: { eventId },
  })) as number;
}
