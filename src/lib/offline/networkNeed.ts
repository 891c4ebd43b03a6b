/**
 * What a button whose action needs the server shows while the app is cut off. Only the taps the
 * outbox keeps (join, leave, RSVP, comments, reactions, ratings, marking read, answering an
 * invitation) work offline; everything else waits for the connection in plain view:
 *
 * - not started: the button is aria-disabled (it keeps its label and its place in the tab order,
 *   so the reason is heard on focus) and the note beside it says what needs the connection;
 * - already sent: a Convex mutation is held by the client and resent when the socket is back,
 *   where it runs once; sending it again by hand could, say, create the session twice. So it stays
 *   pending, the button reads "Waiting for the connection…" instead of its busy label, and the
 *   note says it will finish when the person is back online.
 *
 * Requests nothing resends fail instead and the button comes back: an action (Convex rejects an
 * action in flight when the socket drops) and an upload (stopped when the connection is lost,
 * see runUnlessConnectionLost).
 */

export const NETWORK_COPY = {
  waiting: "Waiting for the connection…",
  needsConnection: (action: string) => `You're offline: ${action} needs a connection.`,
  finishesLater: (action: string) =>
    `You're offline: ${action} will finish when you're back online.`,
} as const;

export type NetworkControl = { "aria-disabled"?: true; "aria-describedby"?: string };

export interface NetworkNeed {
  /** Offline, nothing sent: the action must not start (guard its handler too). */
  blocked: boolean;
  /** Offline while its request is out: it finishes by itself once the connection is back. */
  waiting: boolean;
  /** The reason shown beside the button while offline, else null. */
  note: string | null;
  /** The note's element id. */
  noteId: string;
  /** Spread on the button: aria-disabled while blocked, described by the note while it shows. */
  control: NetworkControl;
  /** `control` for a button already described by other elements (ids; falsy ones skipped). */
  controlWith(...describedBy: (string | false | null | undefined)[]): NetworkControl;
  /** The busy label, or "Waiting for the connection…" while waiting. */
  busyLabel(label: string): string;
}

export function networkNeed({
  action,
  online,
  busy,
  noteId,
}: {
  /** What needs the network, as a gerund phrase: "creating a session". */
  action: string;
  online: boolean;
  /** The action's request is out. */
  busy: boolean;
  noteId: string;
}): NetworkNeed {
  const blocked = !online && !busy;
  const waiting = !online && busy;
  const note = online
    ? null
    : waiting
      ? NETWORK_COPY.finishesLater(action)
      : NETWORK_COPY.needsConnection(action);
  const controlWith = (...describedBy: (string | false | null | undefined)[]): NetworkControl => {
    const ids = [...describedBy, note !== null && noteId].filter(Boolean).join(" ");
    return {
      ...(blocked ? { "aria-disabled": true as const } : {}),
      ...(ids ? { "aria-describedby": ids } : {}),
    };
  };
  return {
    blocked,
    waiting,
    note,
    noteId,
    control: controlWith(),
    controlWith,
    busyLabel: (label) => (waiting ? NETWORK_COPY.waiting : label),
  };
}
