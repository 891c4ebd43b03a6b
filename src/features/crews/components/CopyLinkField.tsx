import { useEffect, useId, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { CREW_SCREEN_TEXTS } from "../../../../shared/crewRules";
import { COPY_CONFIRMATION_MS } from "../../../../shared/share";
import { Button } from "@/components/ui/Button";
import { inputStyles } from "@/components/ui/Field";
import { copyToClipboard } from "@/lib/clipboard";
import { cn } from "@/lib/cn";
import { CheckIcon, CopyIcon } from "./icons";

/** A read-only link with a Copy button whose label turns to 'Copied!' for 2 s. */
export function CopyLinkField({ label, url }: { label: string; url: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const resetTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  async function copy() {
    try {
      await copyToClipboard(url);
      setCopied(true);
      window.clearTimeout(resetTimer.current);
      resetTimer.current = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      toast.error(CREW_SCREEN_TEXTS.failedToCopy);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-cream-200">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className={cn(inputStyles, "min-w-0 flex-1 truncate py-2.5 text-sm")}
        />
        <Button onClick={() => void copy()} className="w-28 shrink-0" aria-live="polite">
          {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
          {copied ? "Copied!" : "Copy"}
        </Button>
      </div>
    </div>
  );
}
