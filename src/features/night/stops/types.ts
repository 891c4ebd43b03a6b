import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";

/** What the stops query tells a viewer who may see the session. */
export type StopsView = NonNullable<FunctionReturnType<typeof api.stops.list>>;
export type StopItem = StopsView["stops"][number];
