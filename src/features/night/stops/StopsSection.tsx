import type { Id } from "@convex/_generated/dataModel";

export function StopsSection(_props: { eventId: Id<"events"> }) {
  return null;
}
