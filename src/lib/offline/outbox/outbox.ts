/**
 * The outbox as this tab sees it: the signed-in user's queued actions (what screens show
 * optimistically, with a "waiting to send" mark), queuing new ones, and sending them from one
 * tab at a time.
 *
 * Tabs talk over a BroadcastChannel: a tab that queues or settles an action tells the others,
 * which read the outbox again. Only the tab holding the "clink-outbox-sender" Web Lock sends
 * (another takes over when it closes); where Web Locks are missing every tab sends, which the
 * server's idempotency keys make safe (a second send of an action changes nothing).
 */
import { makeFunctionReference } from "convex/server";
import { convexToJson, jsonToConvex, type Value } from "convex/values";
import { convex } from "../../convex";
import { toast } from "../../toast";
import { deviceUserId } from "../deviceUser";
import { createOutboxStore, type QueuedAction } from "./outboxStore";
import { createSender, type Sender } from "./sender";
import { queuedActionLabel } from "./queuedActions";

const store = createOutboxStore();
const channel =
  typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("clink-outbox");

type Message =
  { type: "changed" } | { type: "settled"; key: string; name: string; refusal: string | null };

let actions: readonly QueuedAction[] = [];
let loadedFor: string | null = null;
let reading = 0;
const listeners = new Set<() => void>();
let sender: Sender | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

/** Reads the signed-in user's outbox again (another tab changed it, or the user changed). */
async function reload(): Promise<void> {
  const userId = deviceUserId();
  const asked = ++reading;
  const found = userId === null ? [] : await store.list(userId).catch(() => null);
  // A newer read overtook this one, or the device could not answer: keep what is shown.
  if (asked !== reading || found === null) return;
  loadedFor = userId;
  actions = found;
  emit();
}

/** The signed-in user's queued actions, oldest first (empty until read, or for nobody). */
export function queuedActions(): readonly QueuedAction[] {
  const userId = deviceUserId();
  if (userId !== loadedFor) {
    // Read at most once per user change; until then nothing is shown as queued.
    loadedFor = userId;
    actions = [];
    void reload();
  }
  return actions;
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function showRefusal(name: string, refusal: string): void {
  toast.error(refusal, { description: `${queuedActionLabel(name)} was not applied.` });
}

function onSettled(key: string, name: string, refusal: string | null, here: boolean): void {
  actions = actions.filter((action) => action.key !== key);
  emit();
  // The sending tab tells the person; another tab does too when it is the one on screen.
  if (refusal !== null && (here || document.visibilityState === "visible"))
    showRefusal(name, refusal);
}

channel?.addEventListener("message", (event: MessageEvent<Message>) => {
  const message = event.data;
  if (message.type === "settled") onSettled(message.key, message.name, message.refusal, false);
  else void reload();
  sender?.wake();
});

/**
 * Queues a call of `name` with `args` for the signed-in user: shown at once, kept on the device,
 * and sent (now if the network is there). Resolves once it is on the device; the server's answer
 * comes later (a refusal is shown to the person and undoes the optimistic change).
 */
export async function enqueue(name: string, args: Record<string, Value>): Promise<void> {
  const userId = deviceUserId();
  if (userId === null) throw new Error("Nobody is signed in on this device.");
  const action: QueuedAction = {
    key: crypto.randomUUID(),
    userId,
    name,
    args: convexToJson(args),
    queuedAt: Date.now(),
  };
  actions = [...actions, action];
  emit();
  try {
    await store.add(action);
  } catch {
    // The device cannot keep it (private mode, storage full): send it from memory instead.
    void sendAction(action).then(
      () => onSettled(action.key, name, null, true),
      () => onSettled(action.key, name, "It could not be sent.", true),
    );
    return;
  }
  channel?.postMessage({ type: "changed" } satisfies Message);
  sender?.wake();
}

function sendAction(action: QueuedAction): Promise<unknown> {
  const args = jsonToConvex(action.args) as Record<string, Value>;
  return convex.mutation(makeFunctionReference<"mutation">(action.name), {
    ...args,
    idempotencyKey: action.key,
  });
}

/**
 * Sends the outbox from this tab while it holds the sender lock, until `signal` aborts (the
 * user signs out, or the app is no longer signed in). Called once the server has confirmed the
 * user: an action must never go out without its user's credentials.
 */
export function sendOutbox(signal: AbortSignal): void {
  const run = async () => {
    if (signal.aborted) return;
    const current = createSender({
      store,
      userId: deviceUserId,
      send: sendAction,
      settled: (action, refusal) => {
        onSettled(action.key, action.name, refusal, true);
        channel?.postMessage({
          type: "settled",
          key: action.key,
          name: action.name,
          refusal,
        } satisfies Message);
      },
    });
    sender = current;
    signal.addEventListener("abort", () => current.stop(), { once: true });
    await current.run().catch((error: unknown) => console.error("The outbox stopped:", error));
    if (sender === current) sender = null;
  };
  if ("locks" in navigator)
    navigator.locks.request("clink-outbox-sender", { signal }, run).catch(() => undefined);
  else void run();
}

/** Sign-out, account deletion, another user: nothing queued stays on the device. */
export async function wipeOutbox(): Promise<void> {
  actions = [];
  loadedFor = null;
  emit();
  await store.wipe().catch(() => undefined);
  channel?.postMessage({ type: "changed" } satisfies Message);
}
