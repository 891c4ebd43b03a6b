import type { Id } from "@convex/_generated/dataModel";

export function TabSection(_props: { eventId: Id<"events"> }) {
  return null;
}
