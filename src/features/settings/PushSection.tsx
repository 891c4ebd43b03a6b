import { useMutation, useQuery } from "convex/react";
import { useEffect, useState, type ReactNode } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Skeleton } from "@/components/ui/Skeleton";
import { Spinner } from "@/components/ui/Spinner";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import {
  PushPermissionError,
  readPushDevice,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushDeviceState,
} from "@/lib/pushDevice";
import { SettingsSection } from "./SettingsSection";

const PUSH_COPY = {
  failedToLoad: "Failed to load push settings",
  off: "Push notifications are off on this server: it has no VAPID keys set up. Everything still reaches you in the app.",
  unsupported:
    "This browser can't receive push notifications. On iPhone or iPad, add Clink to your Home Screen first.",
  denied:
    "Notifications are blocked for Clink in this browser. Allow them in the site settings, then come back here.",
  prompt:
    "Get invitations, session reminders and badge awards on this device, even when Clink is closed. Your browser will ask for permission first.",
  on: "Push notifications are on for this device.",
  enable: "Turn on push notifications",
  disable: "Turn off on this device",
  enabled: "Push notifications turned on",
  disabled: "Push notifications turned off for this device",
  enableFailed: "Couldn't turn on push notifications",
  disableFailed: "Couldn't turn off push notifications",
} as const;

/** Settings › Push notifications: this device's opt-in. */
export function PushSection() {
  return (
    <SettingsSection
      id="push"
      title="Push notifications"
      description="Invitations, reminders and badge awards, delivered to this device."
    >
      <LoadErrorBoundary message={PUSH_COPY.failedToLoad}>
        <PushControls />
      </LoadErrorBoundary>
    </SettingsSection>
  );
}

function PushControls() {
  const config = useQuery(api.push.config, {});
  const [device, setDevice] = useState<PushDeviceState | null>(null);
  const [busy, setBusy] = useState(false);
  const endpoint = device?.kind === "available" ? device.endpoint : null;
  const stored = useQuery(api.push.isSubscribed, endpoint === null ? "skip" : { endpoint });
  const subscribe = useMutation(api.push.subscribe);
  const unsubscribe = useMutation(api.push.unsubscribe);
  const network = useNetworkNeeded("changing push notifications", busy);

  useEffect(() => {
    let current = true;
    void readPushDevice().then((state) => {
      if (current) setDevice(state);
    });
    return () => {
      current = false;
    };
  }, []);

  if (config === undefined || device === null || (endpoint !== null && stored === undefined)) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading push settings">
        <Skeleton className="h-20 rounded-2xl" />
      </div>
    );
  }
  const publicKey = config.publicKey;
  if (publicKey === null) return <Panel>{PUSH_COPY.off}</Panel>;
  if (device.kind === "unsupported") return <Panel>{PUSH_COPY.unsupported}</Panel>;
  if (device.kind === "denied") return <Panel>{PUSH_COPY.denied}</Panel>;

  async function enable(key: string) {
    if (network.blocked) return;
    setBusy(true);
    try {
      const subscription = await subscribeThisDevice(key);
      await subscribe(subscription);
      setDevice({ kind: "available", endpoint: subscription.endpoint });
      toast.success(PUSH_COPY.enabled);
    } catch (error) {
      if (error instanceof PushPermissionError) {
        setDevice(await readPushDevice());
        toast.error(error.message);
      } else {
        // A server refusal has a message; a browser failure (no push service…) its own.
        const why = errorMessage(error, error instanceof Error ? error.message : "");
        toast.error(why ? `${PUSH_COPY.enableFailed}: ${why}` : PUSH_COPY.enableFailed);
      }
    } finally {
      setBusy(false);
    }
  }

  async function disable(current: string) {
    if (network.blocked) return;
    setBusy(true);
    try {
      await unsubscribe({ endpoint: current });
      await unsubscribeThisDevice();
      setDevice({ kind: "available", endpoint: null });
      toast.success(PUSH_COPY.disabled);
    } catch (error) {
      toast.error(errorMessage(error, PUSH_COPY.disableFailed));
    } finally {
      setBusy(false);
    }
  }

  if (endpoint !== null && stored === true) {
    return (
      <Panel
        tone="on"
        action={
          <Button
            variant="secondary"
            disabled={busy}
            {...network.control}
            onClick={() => void disable(endpoint)}
          >
            {busy && <Spinner />} {network.busyLabel(PUSH_COPY.disable)}
          </Button>
        }
        note={<NeedsNetworkNote need={network} />}
      >
        {PUSH_COPY.on}
      </Panel>
    );
  }
  return (
    <Panel
      action={
        <Button disabled={busy} {...network.control} onClick={() => void enable(publicKey)}>
          {busy ? <Spinner /> : <span aria-hidden="true">🔔</span>}{" "}
          {network.busyLabel(PUSH_COPY.enable)}
        </Button>
      }
      note={<NeedsNetworkNote need={network} />}
    >
      {PUSH_COPY.prompt}
    </Panel>
  );
}

function Panel({
  children,
  action,
  note,
  tone = "plain",
}: {
  children: ReactNode;
  action?: ReactNode;
  /** Under the panel: why its action is off offline. */
  note?: ReactNode;
  tone?: "plain" | "on";
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-4 rounded-2xl bg-night-950/60 p-4 ring-1 ring-night-600 ring-inset sm:flex-row sm:items-center sm:justify-between">
        <p className={tone === "on" ? "font-semibold text-emerald-300" : "text-cream-200"}>
          {tone === "on" && <span aria-hidden="true">✓ </span>}
          {children}
        </p>
        {action && <div className="shrink-0">{action}</div>}
      </div>
      {note}
    </div>
  );
}
