/** Whether the debug and test pages are available on this deployment. */
import { query } from "./_generated/server";
import { isDebugPagesEnabled } from "./model/debug";

export const status = query({
  args: {},
  handler: () => ({ enabled: isDebugPagesEnabled() }),
});
