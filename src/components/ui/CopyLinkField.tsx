import { useCallback, useEffect, useId, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { COPY_CONFIRMATION_MS, COPY_FAILED_MESSAGE } from "@shared/share";
import { copyToClipboard } from "@/lib/clipboard";
import { cn } from "@/lib/cn";
import { Button } from "./Button";
import { inputStyles } from "./Field";
import { CheckIcon, CopyIcon } from "./screenIcons";

/**
 * The Clipboard API alone, quietly: true when the text was copied. Copying
 * that nobody clicked for may be refused (no recent tap, no focus), and the
 * textarea route would take the focus away from the dialog, so a refusal
 * just leaves the Copy button to do it.
 */
async function copyQuietly(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A read-only link with a Copy button whose label turns to 'Copied!' for 2 s.
 * `copyOnShow`: the link is copied as it appears (a link just made for
 * sharing), with the same 'Copied!' when the browser allows it.
 */
export function CopyLinkField({
  label,
  url,
  copyOnShow = false,
}: {
  label: string;
  url: string;
  copyOnShow?: boolean;
}) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const resetTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  const showCopied = useCallback(() => {
    setCopied(true);
    window.clearTimeout(resetTimer.current);
    resetTimer.current = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }, []);

  useEffect(() => {
    if (!copyOnShow) return;
    let shown = true;
    void copyQuietly(url).then((done) => {
      if (done && shown) showCopied();
    });
    return () => {
      shown = false;
    };
  }, [copyOnShow, url, showCopied]);

  async function copy() {
    try {
      await copyToClipboard(url);
      showCopied();
    } catch {
      toast.error(COPY_FAILED_MESSAGE);
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
