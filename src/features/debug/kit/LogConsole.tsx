import { format } from "date-fns";
import {
  DEBUG_MESSAGES,
  type DebugLogLine,
  type DebugLogType,
} from "@shared/debugPages";
import { Button } from "@/components/ui/Button";
import { cn } from "@/lib/cn";

const typeStyles: Record<DebugLogType, string> = {
  error: "text-red-300",
  success: "text-emerald-300",
  warning: "text-amber-300",
  info: "text-sky-300",
};

/** The log console: time, type and message (with optional data), a Clear Logs button. */
export function LogConsole({
  lines,
  onClear,
  title = "Debug Logs",
}: {
  lines: readonly DebugLogLine[];
  onClear: () => void;
  title?: string;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-display text-lg font-bold">{title}</h2>
        <Button variant="secondary" size="sm" onClick={onClear} disabled={lines.length === 0}>
          Clear Logs
        </Button>
      </div>
      <div
        role="log"
        aria-label={`${title} lines`}
        className="rounded-2xl bg-night-950 p-4 font-mono text-xs ring-1 ring-night-700 ring-inset"
      >
        {lines.length === 0 ? (
          <p className="text-cream-400">{DEBUG_MESSAGES.noLogs}</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {lines.map((line) => (
              <li key={line.id} className="break-words">
                <span className="text-cream-400">{format(line.time, "HH:mm:ss")}</span>{" "}
                <span className={cn("font-bold uppercase", typeStyles[line.type])}>
                  {line.type}
                </span>{" "}
                <span className="text-cream-50">{line.message}</span>
                {line.data !== undefined && (
                  <pre className="mt-1 whitespace-pre-wrap text-cream-200">
                    {JSON.stringify(line.data, null, 2)}
                  </pre>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
