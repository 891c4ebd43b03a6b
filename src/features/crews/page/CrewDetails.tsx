import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { crewPageTitle } from "@shared/brand";
import { CALENDAR_FEED_COPY } from "@shared/calendarFeedTexts";
import { crewPageMeta } from "@shared/crewMeta";
import { crewPath } from "@shared/crewTexts";
import { errorMessage } from "@shared/errors";
import { NOTIFICATION_MESSAGES } from "@shared/notificationRules";
import { Button } from "@/components/ui/Button";
import { AcceptDeclineButtons } from "@/components/ui/AcceptDeclineButtons";
import { WaitingMark } from "@/components/ui/WaitingMark";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { preloadOnIntent } from "@/lib/lazyDialog";
import { useQueuedMutation } from "@/lib/offline/outbox/useOutbox";
import { useGoBack } from "@/lib/useGoBack";
import { useDocumentMeta } from "@/lib/useDocumentMeta";
import { CrewEmblem, CrewVibeChip, CrewVisibilityChip, RoleBadge } from "../components/CrewChips";
import { CalendarIcon, EditIcon, TrashIcon } from "@/components/ui/screenIcons";
import { LeaveIcon, LinkIcon, UserPlusIcon } from "../components/icons";
import { crewRef, type useCrewActions } from "../components/useCrewActions";
import {
  ConfirmDialog,
  CrewCalendarDialog,
  CrewWizard,
  InviteMembersDialog,
  ShareCrewLinkDialog,
} from "../lazyDialogs";
import type { CrewPageData } from "../lib/types";
import { MembersSection } from "./MembersSection";
import { PendingSection } from "./PendingSection";
import { withQueuedCrewAnswer } from "./queuedCrewAnswer";
import { SessionsSection } from "./SessionsSection";
import { PollsSection } from "../polls/PollsSection";
import { useQueuedCrewAnswer } from "./useQueuedCrewAnswer";

/** The crew page itself, from the live `crews.get` result. */
export function CrewDetails({
  data,
  actions,
  privateDecline,
}: {
  data: CrewPageData;
  actions: ReturnType<typeof useCrewActions>;
  /** An invitee declining a private crew loses its page: the loader steps aside, then leaves. */
  privateDecline: DeclineSteps;
}) {
  // An answer to the viewer's invitation still in the outbox shows at once (standing, counts).
  const answer = useQueuedCrewAnswer(data.crew._id);
  const { crew, viewer: standing } =
    answer === null ? data : withQueuedCrewAnswer(data, answer.response);
  // What the viewer may do is the server's answer: leaving, or the members-only pending list,
  // wait until the server has made them a member.
  const viewer = data.viewer;
  const meta = crewPageMeta(
    {
      name: crew.name,
      description: crew.description,
      vibe: crew.vibe,
      memberCount: crew.memberCount,
      isPublic: crew.isPublic,
      url: new URL(crewPath(crew._id), window.location.origin).toString(),
    },
    { siteUrl: window.location.origin },
  );
  // A private crew's tags stay generic, but someone allowed in sees its name in the tab.
  useDocumentMeta({ ...meta, title: crewPageTitle(crew.name) });
  const goBack = useGoBack("/profile");
  const location = useLocation();
  const ref = crewRef(crew);

  // "View Members" from a crew card lands on the members list.
  const wantsMembers = location.hash === "#members";
  useEffect(() => {
    if (wantsMembers) document.getElementById("members")?.scrollIntoView({ block: "start" });
  }, [wantsMembers]);

  const hasActions = viewer.canEdit || viewer.canInvite || viewer.canDelete || viewer.canLeave;
  const [calendarOpen, setCalendarOpen] = useState(false);

  return (
    <div className="mx-auto max-w-6xl px-4 py-5 sm:px-6 sm:py-8">
      <Button variant="ghost" size="sm" onClick={goBack} className="-ml-2">
        <ArrowLeftIcon className="size-4" /> Back
      </Button>

      <header className="relative mt-3 overflow-hidden rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset sm:p-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-28 -right-24 size-72 rounded-full bg-brand-orange/15 blur-3xl"
        />
        <div className="relative flex flex-col gap-5 sm:flex-row sm:items-center">
          <CrewEmblem vibe={crew.vibe} size="lg" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap gap-2">
              <CrewVibeChip vibe={crew.vibe} />
              <CrewVisibilityChip isPublic={crew.isPublic} />
              {standing.role && <RoleBadge role={standing.role} className="self-center" />}
            </div>
            <h1 className="mt-3 font-display text-3xl leading-tight font-black tracking-tight break-words text-balance sm:text-5xl">
              {crew.name}
            </h1>
            <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-cream-200">
              <div className="flex items-baseline gap-1.5">
                <dt className="sr-only">Members</dt>
                <dd>
                  <span className="font-display text-xl font-extrabold text-cream-50 tabular-nums">
                    {crew.memberCount}
                  </span>{" "}
                  {crew.memberCount === 1 ? "member" : "members"}
                </dd>
              </div>
              <div className="flex items-baseline gap-1.5">
                <dt className="sr-only">Pending invitations</dt>
                <dd>
                  <span className="font-display text-xl font-extrabold text-cream-50 tabular-nums">
                    {crew.pendingCount}
                  </span>{" "}
                  pending
                </dd>
              </div>
            </dl>
          </div>
        </div>
        {crew.description && (
          <p className="relative mt-5 max-w-2xl whitespace-pre-line text-cream-200">
            {crew.description}
          </p>
        )}
      </header>

      {viewer.hasPendingInvitation && (
        <InvitationBanner
          crewId={crew._id}
          crewName={crew.name}
          answer={answer}
          steps={crew.isPublic ? undefined : privateDecline}
        />
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="flex flex-col gap-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <section
            aria-label="Crew actions"
            className="flex flex-col gap-3 rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset sm:p-6"
          >
            {viewer.canInvite && (
              <Button onClick={() => actions.invite(ref)} {...preloadOnIntent(InviteMembersDialog)}>
                <UserPlusIcon className="size-4" /> Invite People
              </Button>
            )}
            {(viewer.canInvite || viewer.canEdit) && (
              <div className="grid grid-cols-2 gap-3">
                {viewer.canInvite && (
                  <Button
                    variant="secondary"
                    onClick={() => actions.share(ref)}
                    {...preloadOnIntent(ShareCrewLinkDialog)}
                  >
                    <LinkIcon className="size-4" /> Share Link
                  </Button>
                )}
                {viewer.canEdit && (
                  <Button
                    variant="secondary"
                    onClick={() => actions.edit(ref)}
                    {...preloadOnIntent(CrewWizard)}
                  >
                    <EditIcon className="size-4" /> Edit
                  </Button>
                )}
              </div>
            )}
            {viewer.isMember && (
              <Button
                variant="secondary"
                onClick={() => setCalendarOpen(true)}
                {...preloadOnIntent(CrewCalendarDialog)}
              >
                <CalendarIcon className="size-4" /> {CALENDAR_FEED_COPY.crewAction}
              </Button>
            )}
            {viewer.canDelete && (
              <Button
                variant="ghost"
                className="text-red-300 hover:bg-red-500/10 hover:text-red-200"
                onClick={() => actions.confirmDelete(ref)}
                {...preloadOnIntent(ConfirmDialog)}
              >
                <TrashIcon className="size-4" /> Delete Crew
              </Button>
            )}
            {viewer.canLeave && (
              <Button
                variant="ghost"
                className="text-red-300 hover:bg-red-500/10 hover:text-red-200"
                onClick={() => actions.confirmLeave(ref)}
                {...preloadOnIntent(ConfirmDialog)}
              >
                <LeaveIcon className="size-4" /> Leave Crew
              </Button>
            )}
            {!hasActions && !standing.isMember && !standing.hasPendingInvitation && (
              <p className="text-sm text-cream-200">
                <span aria-hidden="true">🍻 </span>
                Want in? Ask someone in the crew for an invite link.
              </p>
            )}
            {!hasActions && standing.hasPendingInvitation && (
              <p className="text-sm text-cream-200">Answer your invitation above to join in.</p>
            )}
            {!hasActions && standing.isMember && (
              <p className="text-sm text-cream-200">
                <span aria-hidden="true">🍻 </span>
                You&apos;re in: see you at the next session.
              </p>
            )}
          </section>
          {viewer.canSeeInvitations && <PendingSection crewId={crew._id} />}
          {viewer.isMember && (
            <CrewCalendarDialog
              crew={ref}
              open={calendarOpen}
              onClose={() => setCalendarOpen(false)}
            />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1">
          <MembersSection crewId={crew._id} memberCount={crew.memberCount} />
          {viewer.isMember && <PollsSection crewId={crew._id} memberCount={crew.memberCount} />}
          <SessionsSection crewId={crew._id} />
        </div>
      </div>
    </div>
  );
}

type DeclineSteps = { start: () => void; done: (declined: boolean) => void };

/** An invitee answers on the crew page: Accept or Decline. */
function InvitationBanner({
  crewId,
  crewName,
  answer,
  steps,
}: {
  crewId: CrewPageData["crew"]["_id"];
  crewName: string;
  /** The viewer's answer still in the outbox: shown in place of the buttons. */
  answer: { response: "accepted" | "declined"; waiting: boolean } | null;
  /** What declining does to the page around it (a private crew's page goes away). */
  steps?: DeclineSteps;
}) {
  // Queued: sent now, or once back online; a refusal (the invitation was withdrawn) is shown
  // by the outbox and the buttons come back.
  const respond = useQueuedMutation(api.crews.respondToInvitation);
  const [busy, setBusy] = useState<"accepted" | "declined" | null>(null);

  async function respondWith(response: "accepted" | "declined") {
    setBusy(response);
    const declining = response === "declined";
    if (declining) steps?.start();
    try {
      await respond({ crewId, response });
      if (declining) toast(NOTIFICATION_MESSAGES.crewDeclined);
      else toast.success(NOTIFICATION_MESSAGES.crewJoined);
      if (declining) steps?.done(true);
    } catch (error) {
      toast.error(errorMessage(error, NOTIFICATION_MESSAGES.failedToRespond));
      if (declining) steps?.done(false);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-label="Your invitation"
      className="mt-6 flex flex-col gap-4 rounded-3xl bg-gradient-to-br from-amber-300/20 via-orange-400/10 to-pink-400/15 p-5 ring-1 ring-brand-amber/40 ring-inset sm:flex-row sm:items-center sm:p-6"
    >
      <p className="flex-1 text-cream-50">
        <span aria-hidden="true" className="mr-2 text-2xl">
          💌
        </span>
        {answer === null ? (
          <>
            <span className="font-bold">You&apos;re invited to join {crewName}.</span>{" "}
            <span className="text-cream-200">Pull up a stool?</span>
          </>
        ) : (
          <span className="font-bold">
            {answer.response === "accepted"
              ? `You joined ${crewName}.`
              : `You declined the invitation to ${crewName}.`}
          </span>
        )}
      </p>
      {answer !== null ? (
        answer.waiting && <WaitingMark detailed />
      ) : (
        <AcceptDeclineButtons
          disabled={busy !== null}
          busy={busy}
          onAnswer={(response) => void respondWith(response)}
          className="flex gap-3"
          buttonClassName="flex-1 sm:flex-none"
        />
      )}
    </section>
  );
}
