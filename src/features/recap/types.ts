import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";

export type RecapData = FunctionReturnType<typeof api.recap.get>;
export type PhotoItem = FunctionReturnType<typeof api.photos.list>["page"][number];
export type CommentItem = FunctionReturnType<typeof api.comments.list>["page"][number];

/** 'Sat 14 Jun, 22:15' in the viewer's zone. */
export function formatMoment(time: number): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(time);
}

export function ratingText(average: number | null, total: number): string {
  if (average === null || total === 0) return "No ratings yet";
  return `${average.toFixed(1)} · ${total} ${total === 1 ? "rating" : "ratings"}`;
}
