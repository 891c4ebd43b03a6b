import { useConvexAuth, useMutation } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { pageTitle } from "@shared/brand";
import {
  CREW_SCREEN_TEXTS,
  INVITE_LINK_MESSAGES,
  crewPath,
  normalizeInviteCode,
} from "@shared/crewRules";
import { errorMessage } from "@shared/errors";
import { NOTIFICATION_MESSAGES } from "@shared/notificationRules";
import { REDIRECT_PARAM } from "@shared/redirects";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { Skeleton } from "@/components/ui/Skeleton";
import { Spinner } from "@/components/ui/Spinner";
import { storeRedirectAfterLogin } from "@/lib/authStorage";
import { readStorage, removeStorage, writeStorage } from "@/lib/storage";
import { usePageTitle } from "@/lib/usePageTitle";
import { useQueryState } from "@/lib/useQueryState";
import { CrewEmblem, CrewVibeChip, CrewVisibilityChip } from "../components/CrewChips";
import { StatePanel } from "@/components/ui/StatePanel";

/**
 * Where "Sign In" on a join page remembers the code, so that the visitor,
 * back from signing in (in this tab or the magic link's), joins at once.
 */
export const JOIN_AFTER_LOGIN_KEY = "crewJoinAfterLogin";
const JOIN_AFTER_LOGIN_MAX_AGE_MS = 60 * 60 * 1000;

function pendingJoinCode(): string | null {
  const raw = readStorage("local", JOIN_AFTER_LOGIN_KEY);
  if (raw === null) return null;
  try {
    const { code, at } = JSON.parse(raw) as { code?: unknown; at?: unknown };
    if (typeof code !== "string" || typeof at !== "number") return null;
    return Date.now() - at <= JOIN_AFTER_LOGIN_MAX_AGE_MS ? code : null;
  } catch {
    return null;
  }
}

/**
 * /crew/join/{code} and /invite/{code}: the
 * crew the link leads to and a Join Crew button; a link that does not work,
 * 'This invite link is invalid or has expired...' and nothing more; the other refusals in the page's
 * words; signed out, 'Please sign in to join a crew' and a Sign In that comes
 * straight back here and joins. Joining: 'Joined the crew! 🍺', then the crew page.
 */
export function JoinCrewPage() {
  const { code: rawCode = "" } = useParams();
  const code = normalizeInviteCode(rawCode);
  if (code === null) {
    return (
      <StatePanel emoji="🔗" title={INVITE_LINK_MESSAGES.pageInvalidCode} alert>
        <ButtonLink to="/discover">Discover Events</ButtonLink>
      </StatePanel>
    );
  }
  return <JoinWithCode key={code} code={code} />;
}

function JoinWithCode({ code }: { code: string }) {
  const auth = useConvexAuth();
  const info = useQueryState(api.crews.inviteLink, { code });
  const joinWithCode = useMutation(api.crews.joinWithCode);
  const navigate = useNavigate();
  const location = useLocation();
  // Joining: the card stays up until the crew page opens (the link reads "already a member" by then).
  const [joining, setJoining] = useState(false);
  const autoJoinTried = useRef(false);

  const status = info.status === "success" ? info.data.status : null;
  const crew = info.status === "success" ? info.data.crew : null;
  usePageTitle(pageTitle(crew ? `Join ${crew.name}` : "Join a crew"));

  async function join() {
    if (joining) return;
    setJoining(true);
    try {
      const joined = await joinWithCode({ code });
      toast.success(NOTIFICATION_MESSAGES.crewJoined);
      void navigate(joined.path, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, CREW_SCREEN_TEXTS.failedToJoin));
      setJoining(false);
    }
  }

  function signIn() {
    const path = `${location.pathname}${location.search}`;
    writeStorage("local", JOIN_AFTER_LOGIN_KEY, JSON.stringify({ code, at: Date.now() }));
    storeRedirectAfterLogin(path);
    void navigate(`/login?${REDIRECT_PARAM}=${encodeURIComponent(path)}`);
  }

  // Back from signing in with this code remembered: join without another click.
  const signedIn = auth.isAuthenticated && !auth.isLoading;
  useEffect(() => {
    if (!signedIn || status === null || autoJoinTried.current) return;
    if (pendingJoinCode() !== code) return;
    const timer = window.setTimeout(() => {
      if (autoJoinTried.current) return;
      autoJoinTried.current = true;
      removeStorage("local", JOIN_AFTER_LOGIN_KEY);
      if (status === "valid") void join();
    }, 0);
    return () => window.clearTimeout(timer);
    // `join` runs once, guarded by the ref; a new `join` each render must not re-run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, status, code]);

  if (info.status === "loading" || auth.isLoading) return <JoinSkeleton />;
  if (info.status === "error") {
    return (
      <StatePanel
        emoji="🫗"
        title="Something went wrong"
        body={INVITE_LINK_MESSAGES.pageInvalid}
        alert
      >
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </StatePanel>
    );
  }
  // A link that does not work (unknown, expired, used up, revoked) tells nothing of its crew.
  if (crew === null || status === "invalid") {
    return (
      <StatePanel emoji="🔗" title={INVITE_LINK_MESSAGES.pageInvalid} alert>
        <ButtonLink to="/discover">Discover Events</ButtonLink>
      </StatePanel>
    );
  }
  if (status === "already_member" && !joining) {
    return (
      <StatePanel emoji="🍻" title={INVITE_LINK_MESSAGES.pageAlreadyMember} body={crew.name}>
        <ButtonLink to={crewPath(crew._id)}>Go to Crew</ButtonLink>
      </StatePanel>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <section
        aria-labelledby="join-crew-heading"
        className="relative overflow-hidden rounded-3xl bg-night-850 p-6 text-center ring-1 ring-night-700 ring-inset sm:p-8"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-56 rounded-full bg-brand-pink/15 blur-3xl"
        />
        <CrewEmblem vibe={crew.vibe} size="lg" className="relative mx-auto" />
        <p className="relative mt-5 text-xs font-bold tracking-widest text-brand-amber uppercase">
          You&apos;re invited to join
        </p>
        <h1
          id="join-crew-heading"
          className="relative mt-2 font-display text-3xl font-black tracking-tight break-words text-balance"
        >
          {crew.name}
        </h1>
        <div className="relative mt-3 flex flex-wrap justify-center gap-2">
          <CrewVibeChip vibe={crew.vibe} />
          <CrewVisibilityChip isPublic={crew.isPublic} />
        </div>
        <p className="relative mt-3 text-cream-200">
          <span className="font-bold text-cream-50 tabular-nums">{crew.memberCount}</span>{" "}
          {crew.memberCount === 1 ? "member" : "members"}
        </p>
        {crew.description && (
          <p className="relative mt-3 text-sm whitespace-pre-line text-cream-200">
            {crew.description}
          </p>
        )}
        <p className="relative mt-5 text-sm text-cream-400">
          Invite code{" "}
          <span className="font-mono font-bold tracking-widest text-cream-50">{code}</span>
        </p>
        <div className="relative mt-6 flex flex-col gap-3">
          {auth.isAuthenticated ? (
            <Button size="lg" onClick={() => void join()} disabled={joining}>
              {joining && <Spinner className="size-4" />}
              {joining ? "Joining..." : "Join Crew 🍻"}
            </Button>
          ) : (
            <>
              <p role="status" className="font-semibold text-cream-50">
                {INVITE_LINK_MESSAGES.pageSignIn}
              </p>
              <Button size="lg" onClick={signIn}>
                Sign In
              </Button>
            </>
          )}
        </div>
      </section>
    </div>
  );
}

function JoinSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading invite"
      className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-10 sm:py-16"
    >
      <div className="flex w-full flex-col items-center gap-4 rounded-3xl bg-night-850 p-8 ring-1 ring-night-700 ring-inset">
        <Skeleton className="size-20 rounded-2xl" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-5 w-24" />
        <Skeleton className="mt-4 h-13 w-full rounded-full" />
      </div>
    </div>
  );
}
