import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { CREW_MESSAGES, CREW_NOT_FOUND_REDIRECT_MS } from "@shared/crewRules";
import { appErrorData } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { useCachedQueryState } from "@/lib/offline/useCachedQuery";
import { crewPageQuery } from "./crewPageQuery";
import { StatePanel } from "@/components/ui/StatePanel";
import { useCrewActions, type CrewExit } from "../components/useCrewActions";
import type { CrewPageData } from "../lib/types";
import { CrewDetails } from "./CrewDetails";
import { CrewPageSkeleton } from "./CrewPageSkeleton";

/**
 * /crew/{crewId}, live. A crew that does not
 * exist, or is private to people the viewer is not among, shows 'Crew not
 * found' and then goes to /profile.
 */
export function CrewPage() {
  const { crewId = "" } = useParams();
  // Remounting the loader re-subscribes, which is how "Try Again" re-runs the query.
  const [attempt, setAttempt] = useState(0);
  return (
    <CrewLoader
      key={`${crewId}:${attempt}`}
      crewId={crewId}
      retry={() => setAttempt((n) => n + 1)}
    />
  );
}

const EXIT_PANELS: Record<CrewExit | "decline", { emoji: string; title: string }> = {
  delete: { emoji: "🧹", title: "Deleting crew..." },
  leave: { emoji: "👋", title: "Leaving the crew..." },
  decline: { emoji: "👋", title: "Declining the invitation..." },
};

function CrewLoader({ crewId, retry }: { crewId: string; retry: () => void }) {
  const { query, args } = crewPageQuery(crewId);
  const live = useCachedQueryState(query, args);
  // Once shown, the page stays up if the subscription briefly reloads (a token refresh).
  const [lastData, setLastData] = useState<CrewPageData | null>(null);
  if (live.status === "success" && live.data !== lastData) setLastData(live.data);
  const state: typeof live =
    live.status === "loading" && lastData !== null ? { status: "success", data: lastData } : live;
  const navigate = useNavigate();
  // Deleting or leaving: the page steps aside first, so 'Crew not found' never flashes.
  const [exiting, setExiting] = useState<CrewExit | "decline" | null>(null);
  const actions = useCrewActions({
    onExitStart: setExiting,
    onExited: () => void navigate("/profile", { replace: true }),
    onExitFailed: () => setExiting(null),
  });

  let content;
  if (exiting !== null) {
    content = <StatePanel {...EXIT_PANELS[exiting]} />;
  } else if (state.status === "loading") {
    content = <CrewPageSkeleton />;
  } else if (state.status === "success") {
    content = (
      <CrewDetails
        data={state.data}
        actions={actions}
        privateDecline={{
          start: () => setExiting("decline"),
          done: (declined) =>
            declined ? void navigate("/profile", { replace: true }) : setExiting(null),
        }}
      />
    );
  } else {
    const code = appErrorData(state.error)?.code;
    content =
      code === "NOT_FOUND" || code === "VALIDATION" ? (
        <CrewNotFound />
      ) : (
        <StatePanel
          emoji="🫗"
          title="Something went wrong"
          body={CREW_MESSAGES.failedToLoadCrew}
          alert
        >
          <Button onClick={retry}>Try Again</Button>
          <ButtonLink to="/profile" variant="secondary">
            Go to Profile
          </ButtonLink>
        </StatePanel>
      );
  }

  return (
    <>
      {content}
      {actions.dialogs}
    </>
  );
}

/** 'Crew not found', then /profile. */
function CrewNotFound() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(
      () => void navigate("/profile", { replace: true }),
      CREW_NOT_FOUND_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <StatePanel
      emoji="🔍"
      title={CREW_MESSAGES.notFound}
      body="It may have been deleted, or it's private. Taking you to your profile..."
      alert
    >
      <ButtonLink to="/profile" replace>
        Go to Profile
      </ButtonLink>
    </StatePanel>
  );
}
