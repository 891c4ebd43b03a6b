import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";

/**
 * A notification as the bell's list returns it: its payload typed by its type
 * (shared/notificationRules), the sender as they are now, and a session
 * invitation's session end. A module of its own, so the bell's parts and the
 * queued changes they show can all use it without importing each other.
 */
export type NotificationView = FunctionReturnType<typeof api.notifications.list>["page"][number];
