import { api } from "@convex/_generated/api";
import { useQueryState } from "@/lib/useQueryState";

/** Whether this deployment enables debug pages: true / false, or undefined while loading or on error. */
export function useDebugPagesEnabled(): boolean | undefined {
  const status = useQueryState(api.debug.status, {});
  return status.status === "success" ? status.data.enabled : undefined;
}
