/**
 * Sends the outbox, oldest action first, one at a time: the next one goes once the server has
 * answered the one before, so the server applies them in the order they were tapped.
 *
 * - Answered: the action leaves the outbox (`settled` with no refusal).
 * - Refused by the server (the session ended or was deleted, the invitation was withdrawn, the
 *   person was removed…): it leaves the outbox too, with the server's message, which the person
 *   is shown; the screens then show the server's state again (the optimistic change is undone).
 * - Not signed in any more (a session that ended while offline): it stays, and sending waits
 *   until the app is signed in again (the sender is stopped and restarted then).
 * - An action queued longer ago than OUTBOX_MAX_AGE_MS is not sent: the server keeps an
 *   idempotency key for that long only, so a later replay could apply twice. It is settled as
 *   refused, with a message that says so.
 *
 * While offline, a send simply waits (the Convex client holds it until the socket is back), and
 * the action stays in the outbox meanwhile: if the tab closes first, the next tab sends it again,
 * with the same key, and the server applies it at most once.
 */
import { appErrorData, errorMessage } from "@shared/errors";
import { OFFLINE_TAP_MAX_AGE_MS as OUTBOX_MAX_AGE_MS } from "@shared/idempotency";
import type { OutboxStore, QueuedAction } from "./outboxStore";

export { OUTBOX_MAX_AGE_MS };
export const OUTBOX_TOO_OLD_MESSAGE = "It waited more than a week without a connection.";
const REFUSED_FALLBACK = "The server could not apply it.";

type SenderDeps = {
  store: OutboxStore;
  /** The signed-in user whose actions may be sent now, or null. */
  userId: () => string | null;
  /** Calls the mutation (with the idempotency key among its arguments). */
  send: (action: QueuedAction) => Promise<unknown>;
  /** The action left the outbox: answered (`refusal` null) or refused with this message. */
  settled: (action: QueuedAction, refusal: string | null) => void | Promise<void>;
  now?: () => number;
};

export type Sender = {
  /** Sends until stopped; resolves once stopped. */
  run(): Promise<void>;
  /** Something was queued (here or in another tab): look again. */
  wake(): void;
  stop(): void;
};

export function createSender({ store, userId, send, settled, now = Date.now }: SenderDeps): Sender {
  let stopped = false;
  let woken = false;
  let resume: (() => void) | null = null;

  /** Until woken (or stopped); a wake that came while busy counts at once. */
  function nextWake(): Promise<void> {
    if (woken || stopped) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      resume = () => {
        resume = null;
        woken = false;
        resolve();
      };
    });
  }

  async function settle(action: QueuedAction, refusal: string | null) {
    await store.remove(action.key);
    await settled(action, refusal);
  }

  async function sendOne(action: QueuedAction): Promise<"sent" | "wait"> {
    if (now() - action.queuedAt > OUTBOX_MAX_AGE_MS) {
      await settle(action, OUTBOX_TOO_OLD_MESSAGE);
      return "sent";
    }
    try {
      await send(action);
    } catch (error) {
      if (appErrorData(error)?.code === "NOT_AUTHENTICATED") return "wait";
      await settle(action, errorMessage(error, REFUSED_FALLBACK));
      return "sent";
    }
    await settle(action, null);
    return "sent";
  }

  return {
    async run() {
      while (!stopped) {
        const user = userId();
        const [next] = user === null ? [] : await store.list(user);
        if (stopped) break;
        if (next === undefined || (await sendOne(next)) === "wait") await nextWake();
      }
    },
    wake() {
      woken = true;
      resume?.();
    },
    stop() {
      stopped = true;
      resume?.();
    },
  };
}
