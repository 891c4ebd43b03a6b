import { format } from "date-fns";
import type { TestToken } from "../console/useProcessToken";
import { StatusPill } from "../kit/DebugSection";

const labelTone = { VALID: "good", EXPIRED: "bad", USED: "neutral" } as const;

/** The latest event tokens, each labelled VALID / EXPIRED / USED; click one to select it. */
export function TokenList({
  tokens,
  selected,
  onSelect,
}: {
  tokens: readonly TestToken[];
  selected: string;
  onSelect: (token: string) => void;
}) {
  if (tokens.length === 0)
    return <p className="text-cream-400">No tokens yet. Create a test invitation.</p>;
  return (
    <ul aria-label="Latest tokens" className="flex flex-col gap-2">
      {tokens.map((row) => (
        <li key={row._id}>
          <button
            type="button"
            aria-pressed={selected === row.token}
            onClick={() => onSelect(row.token)}
            className="flex w-full flex-col gap-1 rounded-2xl bg-night-800 px-4 py-3 text-left ring-1 ring-night-600 transition ring-inset hover:bg-night-700 aria-pressed:ring-2 aria-pressed:ring-brand-amber"
          >
            <span className="flex flex-wrap items-center gap-2">
              <StatusPill tone={labelTone[row.label]}>{row.label}</StatusPill>
              <span className="font-semibold">{row.action}</span>
              <span className="text-sm text-cream-200">
                {row.recipient} · {row.eventTitle ?? "Deleted session"}
              </span>
            </span>
            <span className="font-mono text-xs break-all text-cream-400">{row.token}</span>
            <span className="text-xs text-cream-400">Expires {format(row.expiresAt, "PP p")}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
