import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { CrewVibe } from "@shared/crewTexts";

/** The crew page's header: the crew with its counts, and the viewer's standing. */
export type CrewPageData = FunctionReturnType<typeof api.crews.get>;
export type CrewMember = FunctionReturnType<typeof api.crews.members>["page"][number];
export type CrewSessions = FunctionReturnType<typeof api.crews.sessions>;
export type CrewSession = CrewSessions["upcoming"][number];
/** A crew as a card on a profile, with the card owner's role in it. */
export type CrewCardData = FunctionReturnType<typeof api.crews.forProfile>["page"][number];
export type UserSearchResult = FunctionReturnType<typeof api.crews.searchUsersToInvite>[number];

/** What the dialogs of a crew need to know about it. */
export type CrewRef = {
  _id: Id<"crews">;
  name: string;
  description: string | null;
  vibe: CrewVibe;
  isPublic: boolean;
};
