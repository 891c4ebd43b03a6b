/**
 * An answer to the viewer's crew invitation queued in the outbox, shown at once on the crew
 * page: the viewer's standing and the crew's counts as they will be once the server has it.
 */
import type { InvitationResponse } from "@shared/notificationRules";
import type { CrewPageData } from "../lib/types";

/**
 * The page once `response` is applied: accepting makes the viewer a member (an invitation is
 * always to be a member), and either answer ends the pending invitation. Only a pending
 * invitation takes an answer, so once the server shows it answered (or withdrawn) this is the
 * page itself and nothing is counted twice. Managing stays the server's to grant.
 */
export function withQueuedCrewAnswer(
  data: CrewPageData,
  response: InvitationResponse,
): CrewPageData {
  const { crew, viewer } = data;
  if (!viewer.hasPendingInvitation) return data;
  const accepted = response === "accepted";
  return {
    crew: {
      ...crew,
      memberCount: crew.memberCount + Number(accepted),
      pendingCount: Math.max(0, crew.pendingCount - 1),
    },
    viewer: {
      ...viewer,
      hasPendingInvitation: false,
      ...(accepted ? { isMember: true, role: "member" as const } : {}),
    },
  };
}
