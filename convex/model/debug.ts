/**
 * Debug and test pages (spec 3, DESIGN.md): on by default on a local backend,
 * off elsewhere unless the deployment sets CLINK_DEBUG_PAGES=true.
 * CLINK_DEBUG_PAGES=false turns them off on a local backend too.
 */
import { env } from "../_generated/server";
import { ERROR_MESSAGES } from "../../shared/errors";
import { appError } from "./errors";

const LOCAL_DEPLOYMENT_URL = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/;

export function isLocalDeployment(): boolean {
  return LOCAL_DEPLOYMENT_URL.test(env.CONVEX_CLOUD_URL ?? "");
}

export function isDebugPagesEnabled(): boolean {
  const setting = env.CLINK_DEBUG_PAGES?.trim().toLowerCase();
  if (setting === "true") return true;
  if (setting === "false") return false;
  return isLocalDeployment();
}

/** Throws DEBUG_PAGES_DISABLED unless debug pages are enabled on this deployment. */
export function requireDebugPagesEnabled(): void {
  if (!isDebugPagesEnabled()) throw appError("DEBUG_PAGES_DISABLED", ERROR_MESSAGES.debugPagesDisabled);
}
