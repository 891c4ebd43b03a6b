import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";

/** The tab as the server shows it to a viewer who may see it. */
export type TabView = NonNullable<FunctionReturnType<typeof api.tab.get>>;

/** An expense of the list, as the edit dialog takes it. */
export type EditedExpense = FunctionReturnType<typeof api.tab.expenses>["page"][number];
