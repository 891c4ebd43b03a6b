import type { Id } from "@convex/_generated/dataModel";

export interface InvitedUser {
  userId: Id<"users">;
  displayName: string;
  username: string;
  avatarUrl: string | null;
}

export interface InvitedCrew {
  crewId: Id<"crews">;
  name: string;
  memberCount: number;
}

/** Who the host picked in the invite step; sent once the session exists. */
export interface InviteSelection {
  users: InvitedUser[];
  crews: InvitedCrew[];
}

export const NO_INVITES: InviteSelection = { users: [], crews: [] };
