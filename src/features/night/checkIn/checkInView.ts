import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";

/** The section's view of the session's check-ins, as the server answers it for the viewer. */
export type CheckInsView = NonNullable<FunctionReturnType<typeof api.checkIns.forEvent>>;
export type CheckInView = CheckInsView["watching"][number];

export const namesOf = (people: readonly { displayName: string }[]) =>
  people.map((person) => person.displayName).join(", ");
