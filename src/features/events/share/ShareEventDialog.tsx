import { useEffect, useRef, useState, type ReactNode } from "react";
import { toast } from "@/lib/toast";
import { EVENT_ERRORS, EVENT_TOASTS } from "@shared/eventMessages";
import {
  COPY_CONFIRMATION_MS,
  nativeShareData,
  shareLink,
  shareText,
  trackedShareUrl,
  type ShareLinkChannel,
} from "@shared/share";
import { Button } from "@/components/ui/Button";
import { inputStyles } from "@/components/ui/Field";
import { cn } from "@/lib/cn";
import { CheckIcon, CopyIcon, ShareIcon } from "@/components/ui/screenIcons";
import { Modal } from "@/components/ui/Modal";
import { copyToClipboard } from "@/lib/clipboard";
import { eventShareUrl } from "../lib/links";

export type ShareableEventInfo = {
  title: string;
  isPublic: boolean;
  /** The event page's path (/event/{slug} or /private-event/{slug}). */
  path: string;
};

const channels: Array<{
  channel: ShareLinkChannel;
  label: string;
  mark: ReactNode;
  className: string;
}> = [
  {
    channel: "whatsapp",
    label: "WhatsApp",
    mark: "💬",
    className: "bg-emerald-300 text-brand-ink",
  },
  { channel: "sms", label: "SMS", mark: "✉️", className: "bg-sky-300 text-brand-ink" },
  { channel: "facebook", label: "Facebook", mark: "f", className: "bg-blue-300 text-brand-ink" },
  { channel: "x", label: "X", mark: "𝕏", className: "bg-cream-50 text-brand-ink" },
  { channel: "linkedin", label: "LinkedIn", mark: "in", className: "bg-sky-200 text-brand-ink" },
];

function canShareNatively(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.share === "function";
}

/**
 * Share an event: copy the link (2 s
 * confirmation), the device's share sheet where there is one, WhatsApp, SMS,
 * Facebook, X, LinkedIn, and Instagram (copies the link). Links point at the
 * site's share page so previews show the event; each carries its utm_source.
 * `footer` holds the wizard's "Go to Event" after creating.
 */
export function ShareEventDialog({
  event,
  open,
  onClose,
  title = "Share this session",
  footer,
}: {
  event: ShareableEventInfo | null;
  open: boolean;
  onClose: () => void;
  title?: string;
  footer?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  const resetTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  const url = event ? eventShareUrl(event) : "";
  const copyUrl = event ? trackedShareUrl(url, "copy") : "";

  async function copy() {
    try {
      await copyToClipboard(copyUrl);
      setCopied(true);
      window.clearTimeout(resetTimer.current);
      resetTimer.current = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      toast.error(EVENT_ERRORS.copyLinkFailed);
    }
  }

  async function copyForInstagram() {
    if (!event) return;
    try {
      await copyToClipboard(trackedShareUrl(url, "instagram"));
      toast.success(EVENT_TOASTS.instagramLinkCopied);
    } catch {
      toast.error(EVENT_ERRORS.copyLinkFailed);
    }
  }

  async function shareNatively() {
    if (!event) return;
    try {
      await navigator.share(nativeShareData(event, url));
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast.error(EVENT_ERRORS.shareFailed);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description={event ? shareText(event) : undefined}
      eyebrow={<span aria-hidden="true">🥂 Spread the word</span>}
    >
      {event && (
        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <label htmlFor="share-link" className="text-sm font-semibold text-cream-200">
              Session link
            </label>
            <div className="flex gap-2">
              <input
                id="share-link"
                readOnly
                value={copyUrl}
                onFocus={(e) => e.currentTarget.select()}
                className={cn(inputStyles, "min-w-0 flex-1 truncate py-2.5 text-sm")}
              />
              <Button onClick={() => void copy()} className="shrink-0" aria-live="polite">
                {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
                {copied ? "Copied!" : "Copy Link"}
              </Button>
            </div>
          </div>

          {canShareNatively() && (
            <Button variant="secondary" onClick={() => void shareNatively()}>
              <ShareIcon className="size-4" /> Share via…
            </Button>
          )}

          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
            {channels.map(({ channel, label, mark, className }) => (
              <li key={channel}>
                <a
                  href={shareLink(event, url, channel)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="group flex flex-col items-center gap-1.5 rounded-2xl p-2 text-xs font-semibold text-cream-200 transition hover:bg-night-800 hover:text-cream-50"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      "flex size-12 items-center justify-center rounded-full text-lg font-black transition group-hover:scale-105",
                      className,
                    )}
                  >
                    {mark}
                  </span>
                  {label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => void copyForInstagram()}
                className="group flex w-full flex-col items-center gap-1.5 rounded-2xl p-2 text-xs font-semibold text-cream-200 transition hover:bg-night-800 hover:text-cream-50"
              >
                <span
                  aria-hidden="true"
                  className="flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-amber-300 via-pink-400 to-violet-400 text-lg transition group-hover:scale-105"
                >
                  📸
                </span>
                Instagram
              </button>
            </li>
          </ul>
          {footer}
        </div>
      )}
    </Modal>
  );
}
