import type { RouteObject } from "react-router-dom";
import { crewPageQuery } from "@/features/crews/page/crewPageQuery";
import { pollPageQuery } from "@/features/crews/polls/pollPageQuery";
import { lazyPage } from "./lazy/lazyPage";

const CrewPage = lazyPage(() => import("@/features/crews/page/CrewPage"), "CrewPage", {
  query: ({ crewId = "" }) => crewPageQuery(crewId),
});
const JoinCrewPage = lazyPage(() => import("@/features/crews/join/JoinCrewPage"), "JoinCrewPage");
const PollPage = lazyPage(() => import("@/features/crews/polls/PollPage"), "PollPage", {
  query: ({ pollId = "" }) => pollPageQuery(pollId),
});

/**
 * The crew screens, as children of the app shell: a
 * public crew's page is open to everyone, a private one to its members and
 * invitees; invite links open for everyone (joining asks the visitor to sign in).
 * A crew's polls open only to its members.
 */
export const crewRoutes: RouteObject[] = [
  { path: "crew/join/:code", element: <JoinCrewPage /> },
  { path: "invite/:code", element: <JoinCrewPage /> },
  { path: "crew/:crewId", element: <CrewPage /> },
  { path: "crew/:crewId/poll/:pollId", element: <PollPage /> },
];
