import type { Id } from "@convex/_generated/dataModel";

export function CheckInSection(_props: { eventId: Id<"events"> }) {
  return null;
}
