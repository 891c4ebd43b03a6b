import { cn } from "@/lib/cn";
import { ClockIcon } from "./ClockIcon";

/**
 * The "waiting to send" mark of a change kept on this device until the network is back (the
 * offline outbox): `detailed` says when it goes out, for a screen's main action; the short form
 * suits a row in a list.
 */
export function WaitingMark({
  detailed = false,
  className,
  testId = "waiting-to-send",
}: {
  detailed?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <span
      role="status"
      data-testid={testId}
      className={cn("inline-flex items-center gap-1.5 text-sm text-cream-200", className)}
    >
      <ClockIcon className="size-4 shrink-0" />
      {detailed ? "Waiting to send: it goes out as soon as you're back online" : "Waiting to send"}
    </span>
  );
}
