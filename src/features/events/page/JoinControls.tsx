import { useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { isJoinButtonShown, joinButtonLabel } from "@shared/eventCopy";
import { EVENT_ERRORS, EVENT_TOASTS } from "@shared/eventMessages";
import { errorMessage } from "@shared/errors";
import {
  CAPACITY_MESSAGES,
  goingLabel,
  isFull,
  waitlistPlaceLabel,
  type SeatCounters,
} from "@shared/capacityRules";
import { Spinner } from "@/components/ui/Spinner";
import { WaitingMark } from "@/components/ui/WaitingMark";
import { storeRedirectAfterLogin } from "@/lib/authStorage";
import { cn } from "@/lib/cn";
import { playFeedback } from "@/lib/feedback";
import { useQueuedCalls, useQueuedMutation, useWaitingMark } from "@/lib/offline/outbox/useOutbox";
import { CrownIcon } from "@/components/ui/screenIcons";

/** The answers besides joining (any RSVP status can be set from the event page). */
// Each RSVP change replaces the toast of the one before: pressing Join, Leave, Join shows one
// toast, not a growing stack (each stacked toast is measured again on every change).
const RSVP_OUTCOME_TOAST = { id: "rsvp-outcome" };

const UNDECIDED_CHOICES = [
  { status: "maybe", label: "Maybe", emoji: "🤔" },
  { status: "not_going", label: "Not Going", emoji: "🙅" },
] as const;
type UndecidedChoice = (typeof UNDECIDED_CHOICES)[number]["status"];

type JoinViewer = {
  signedIn: boolean;
  role: "host" | "co_host" | "attendee" | "none";
  rsvpStatus: "going" | "maybe" | "not_going" | null;
  isAttending: boolean;
  canRsvp: boolean;
  /** The plus-ones the viewer brings (going) or asked for (waiting). */
  plusOnes: number;
  /** 1 = next; null when not on the waitlist. */
  waitlistPlace: number | null;
};

/**
 * The join button and its states: 'Sign in
 * to Join', 'Join the Party', 'Joined!' (→ 'Leave Event' on hover, keyboard
 * focus, or a first tap), 'Joining...' / 'Leaving...'. Hidden for the host
 * (a hosting message instead) and for past events (a passed message), plus
 * "Maybe" and "Not Going" for the undecided. A full session (or one with a queue) offers
 * 'Join the waitlist'; someone waiting sees their place and 'Leave the waitlist'. With
 * plus-ones allowed, a guest picks theirs before joining or while going or waiting.
 */
export function JoinControls({
  eventId,
  viewer,
  seats,
  isPast,
  waiting = false,
}: {
  eventId: Id<"events">;
  viewer: JoinViewer;
  /** The session's capacity and maintained counters. */
  seats: SeatCounters;
  isPast: boolean;
  /** The viewer's last change is still on this device, waiting to be sent. */
  waiting?: boolean;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // Queued on the device and sent when the network allows; shown at once (see queuedRsvp.ts).
  const join = useQueuedMutation(api.events.join);
  const leave = useQueuedMutation(api.events.leave);
  const setRsvp = useQueuedMutation(api.rsvps.set);
  const setMyPlusOnes = useQueuedMutation(api.waitlist.setMyPlusOnes);
  // Going or waiting, the plus-ones shown are the last change still queued, else the server's.
  const queuedPlusOnes = useQueuedCalls(
    api.waitlist.setMyPlusOnes,
    (args) => args.eventId === eventId,
  );
  const plusOnesWaiting = useWaitingMark(queuedPlusOnes);
  // Before joining, the pick stays here and rides with the join.
  const [pickedPlusOnes, setPickedPlusOnes] = useState(viewer.plusOnes);
  const plusOnesId = useId();
  const [busy, setBusy] = useState<"joining" | "leaving" | null>(null);
  const [choiceBusy, setChoiceBusy] = useState<UndecidedChoice | null>(null);
  const [active, setActive] = useState(false);
  // A tap on a touch screen first reveals 'Leave Event'; the next tap leaves.
  const armOnly = useRef(false);
  const joinButton = useRef<HTMLButtonElement>(null);

  const isHost = viewer.role === "host";
  const seatCount = seats.capacity != null && !isPast && (
    <p className="text-center text-sm font-semibold text-cream-200" data-testid="seat-count">
      {goingLabel(seats)}
    </p>
  );
  if (!isJoinButtonShown({ isHost, isPast })) {
    return (
      <div className="flex flex-col gap-2.5">
        {seatCount}
        <p
          className={cn(
            "flex items-center justify-center gap-2 rounded-2xl px-4 py-3.5 text-center font-display font-extrabold",
            isHost ? "bg-amber-300/10 text-brand-amber" : "bg-night-800 text-cream-200",
          )}
        >
          {isHost ? (
            <>
              <CrownIcon className="size-5 text-brand-amber" />
              {isPast ? "You hosted this session" : "You are the host"}
            </>
          ) : (
            <>
              <span aria-hidden="true">🌙</span> This session has passed
            </>
          )}
        </p>
      </div>
    );
  }

  const hasJoined = viewer.isAttending;
  const waitlistPlace = hasJoined ? null : viewer.waitlistPlace;
  const plusOnesSaved = hasJoined || waitlistPlace !== null;
  const plusOnes = plusOnesSaved
    ? (queuedPlusOnes.at(-1)?.args.plusOnes ?? viewer.plusOnes)
    : pickedPlusOnes;
  const full = !hasJoined && isFull(seats);
  const label =
    full && viewer.signedIn && busy === null
      ? CAPACITY_MESSAGES.joinWaitlist
      : joinButtonLabel({ signedIn: viewer.signedIn, isHost, hasJoined, busy, active });
  const plusOnesAllowed = seats.plusOnesAllowed ?? 0;

  function goToLogin() {
    toast(EVENT_ERRORS.signInToJoin, { id: "sign-in-to-join" });
    storeRedirectAfterLogin(`${location.pathname}${location.search}`);
    void navigate("/login");
  }

  /** Queues a change (sent now, or once back online); false if the device could not take it. */
  async function queue(change: () => Promise<void>, failure: string): Promise<boolean> {
    try {
      await change();
      return true;
    } catch (error) {
      toast.error(errorMessage(error, failure));
      return false;
    }
  }

  async function onClick() {
    if (busy) return;
    if (!viewer.signedIn) {
      goToLogin();
      return;
    }
    if (hasJoined && armOnly.current) {
      armOnly.current = false;
      setActive(true);
      return;
    }
    setBusy(hasJoined ? "leaving" : "joining");
    if (!hasJoined) {
      const args = plusOnes > 0 ? { eventId, plusOnes } : { eventId };
      if (await queue(() => join(args), EVENT_ERRORS.joinFailed)) {
        if (full) toast(CAPACITY_MESSAGES.addedToWaitlist, RSVP_OUTCOME_TOAST);
        else toast.success(EVENT_TOASTS.joined, RSVP_OUTCOME_TOAST);
        playFeedback("join", joinButton.current);
      }
    } else if (await queue(() => leave({ eventId }), EVENT_ERRORS.joinStatusFailed)) {
      toast(EVENT_TOASTS.left, RSVP_OUTCOME_TOAST);
    }
    setBusy(null);
    setActive(false);
  }

  async function leaveWaitlist() {
    setBusy("leaving");
    if (await queue(() => leave({ eventId }), EVENT_ERRORS.joinStatusFailed))
      toast(CAPACITY_MESSAGES.leftWaitlist, RSVP_OUTCOME_TOAST);
    setBusy(null);
  }

  /**
   * Before joining the pick rides with the join; going or waiting, it is queued (sent now, or
   * once back online). A refusal is told by the outbox, and the server's number shows again.
   */
  async function changePlusOnes(next: number) {
    setPickedPlusOnes(next);
    if (plusOnesSaved)
      await queue(() => setMyPlusOnes({ eventId, plusOnes: next }), EVENT_ERRORS.rsvpFailed);
  }

  /** Maybe or Not Going; choosing the current answer again takes it back. */
  async function toggleChoice(status: UndecidedChoice, button: HTMLButtonElement) {
    if (!viewer.signedIn) {
      goToLogin();
      return;
    }
    setChoiceBusy(status);
    const change =
      viewer.rsvpStatus === status ? () => leave({ eventId }) : () => setRsvp({ eventId, status });
    if (await queue(change, EVENT_ERRORS.rsvpFailed)) {
      toast.success(EVENT_TOASTS.rsvpUpdated, RSVP_OUTCOME_TOAST);
      playFeedback("rsvp", button);
    }
    setChoiceBusy(null);
  }

  const leaveLook = hasJoined && (active || busy === "leaving");
  const showPlusOnes = viewer.signedIn && plusOnesAllowed > 0 && (viewer.canRsvp || hasJoined);
  return (
    <div className="flex flex-col gap-2.5">
      {seatCount}
      {showPlusOnes && (
        <label
          htmlFor={plusOnesId}
          className="flex items-center justify-between gap-3 rounded-2xl bg-night-800 px-4 py-2.5 text-sm text-cream-200"
        >
          <span>
            Plus-ones <span className="text-cream-300">(up to {plusOnesAllowed})</span>
          </span>
          <select
            id={plusOnesId}
            value={plusOnes}
            onChange={(event) => void changePlusOnes(Number(event.target.value))}
            className="rounded-lg bg-night-900 px-3 py-1.5 font-semibold text-cream-50 ring-1 ring-night-600"
          >
            {Array.from({ length: plusOnesAllowed + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n === 0 ? "Just me" : `+${n}`}
              </option>
            ))}
          </select>
        </label>
      )}
      {showPlusOnes && plusOnesWaiting && (
        <WaitingMark testId="plus-ones-waiting" className="justify-center" />
      )}
      {waitlistPlace !== null ? (
        <>
          <div
            role="status"
            className="flex flex-col items-center gap-0.5 rounded-2xl bg-amber-300/10 px-4 py-3 text-center ring-1 ring-brand-amber/40 ring-inset"
          >
            <p className="font-display text-lg font-extrabold text-brand-amber">
              <span aria-hidden="true">⏳ </span>
              {CAPACITY_MESSAGES.onWaitlist}
            </p>
            <p className="text-sm text-cream-200">{waitlistPlaceLabel(waitlistPlace)}</p>
          </div>
          <button
            type="button"
            onClick={() => void leaveWaitlist()}
            disabled={busy !== null}
            className="inline-flex h-11 items-center justify-center gap-2 rounded-full text-sm font-semibold text-cream-200 ring-1 ring-night-600 transition ring-inset hover:bg-night-800 hover:text-cream-50"
          >
            {busy === "leaving" && <Spinner className="size-4" />}
            {CAPACITY_MESSAGES.leaveWaitlist}
          </button>
        </>
      ) : (
        <button
          ref={joinButton}
          type="button"
          onClick={() => void onClick()}
          disabled={busy !== null}
          aria-busy={busy !== null || undefined}
          onPointerEnter={(event) => event.pointerType === "mouse" && setActive(true)}
          onPointerLeave={(event) => event.pointerType === "mouse" && setActive(false)}
          onPointerDown={(event) => {
            if (event.pointerType !== "mouse" && hasJoined && !active) armOnly.current = true;
          }}
          onFocus={(event) => {
            if (event.currentTarget.matches(":focus-visible")) setActive(true);
          }}
          onBlur={() => {
            armOnly.current = false;
            setActive(false);
          }}
          className={cn(
            "inline-flex h-14 w-full items-center justify-center gap-2 rounded-full px-6 font-display text-lg font-extrabold transition duration-150 select-none active:scale-[0.98] disabled:opacity-70",
            !hasJoined &&
              "bg-brand-gradient text-brand-ink shadow-lg shadow-brand-orange/25 hover:brightness-110",
            hasJoined && !leaveLook && "bg-emerald-300 text-brand-ink",
            leaveLook && "bg-rose-950 text-rose-100 ring-2 ring-rose-400/60",
          )}
        >
          {busy && <Spinner className="size-5" />}
          {!busy && !hasJoined && viewer.signedIn && <span aria-hidden="true">🍻</span>}
          {!busy && hasJoined && !leaveLook && <span aria-hidden="true">✓</span>}
          {label}
        </button>
      )}
      {full && waitlistPlace === null && viewer.signedIn && (
        <p className="text-center text-xs text-cream-300">
          {CAPACITY_MESSAGES.full}: join the waitlist and you get the first spot that opens.
        </p>
      )}
      {waiting && <WaitingMark detailed testId="rsvp-waiting" className="flex justify-center" />}
      {!hasJoined && waitlistPlace === null && viewer.signedIn && viewer.canRsvp && (
        <div className="grid grid-cols-2 gap-2.5">
          {UNDECIDED_CHOICES.map(({ status, label, emoji }) => (
            <button
              key={status}
              type="button"
              onClick={(event) => void toggleChoice(status, event.currentTarget)}
              disabled={choiceBusy !== null}
              aria-pressed={viewer.rsvpStatus === status}
              className="inline-flex h-11 items-center justify-center gap-2 rounded-full text-sm font-semibold text-cream-200 ring-1 ring-night-600 transition ring-inset hover:bg-night-800 hover:text-cream-50 aria-pressed:bg-amber-300/15 aria-pressed:text-brand-amber aria-pressed:ring-brand-amber/60"
            >
              {choiceBusy === status && <Spinner className="size-4" />}
              {choiceBusy !== status && (
                <span aria-hidden="true">{viewer.rsvpStatus === status ? "✓" : emoji}</span>
              )}
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
