import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useMutation } from "convex/react";
import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { errorMessage } from "@shared/errors";
import { PHOTO_CONSENT_LABELS, PHOTO_CONSENT_MESSAGES } from "@shared/photoConsentRules";
import { Button } from "@/components/ui/Button";
import { Avatar } from "@/components/ui/Avatar";
import { ArrowLeftIcon, ArrowRightIcon, CloseIcon } from "@/components/ui/icons";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { formatMoment, type PhotoItem } from "./types";

const SWIPE_DISTANCE = 50;

/**
 * The full-screen photo viewer: ←/→ and swipe to move, Esc to close; delete
 * for the uploader or host; "I'm in this — don't show it" for the others, and
 * why a hidden photo is hidden for those who still see it.
 */
export function PhotoViewer({
  photos,
  index,
  onIndexChange,
  onClose,
}: {
  photos: PhotoItem[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const removePhoto = useMutation(api.photos.remove);
  const objectToPhoto = useMutation(api.photos.object);
  const liftObjection = useMutation(api.photos.liftObjection);
  const [consentBusy, setConsentBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const open = index !== null && photos.length > 0;
  const current = open ? photos[Math.min(index, photos.length - 1)] : null;
  const position = open ? Math.min(index, photos.length - 1) : 0;

  function go(step: number) {
    if (!open) return;
    const next = position + step;
    if (next >= 0 && next < photos.length) onIndexChange(next);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    }
  }

  function onPointerDown(event: PointerEvent) {
    swipeStart.current = event.clientX;
  }

  function onPointerUp(event: PointerEvent) {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(distance) >= SWIPE_DISTANCE) go(distance < 0 ? 1 : -1);
  }

  async function remove() {
    if (current === null) return;
    setBusy(true);
    try {
      await removePhoto({ photoId: current._id });
      toast.success("Photo deleted");
      setConfirming(false);
      if (photos.length <= 1) onClose();
      else if (position >= photos.length - 1) onIndexChange(position - 1);
    } catch (err) {
      toast.error(errorMessage(err, "Failed to delete photo"));
    } finally {
      setBusy(false);
    }
  }

  async function setConsent(hide: boolean) {
    if (current === null) return;
    setConsentBusy(true);
    try {
      if (hide) await objectToPhoto({ photoId: current._id });
      else await liftObjection({ photoId: current._id });
      toast.success(hide ? PHOTO_CONSENT_MESSAGES.objected : PHOTO_CONSENT_MESSAGES.lifted);
    } catch (err) {
      toast.error(
        errorMessage(
          err,
          hide ? PHOTO_CONSENT_MESSAGES.objectFailed : PHOTO_CONSENT_MESSAGES.liftFailed,
        ),
      );
    } finally {
      setConsentBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-night-950 transition duration-200 data-closed:opacity-0"
      />
      <DialogPanel
        transition
        onKeyDown={onKeyDown}
        className="fixed inset-0 flex flex-col transition duration-200 data-closed:opacity-0"
      >
        {current && (
          <>
            <div className="flex items-center gap-3 px-4 pt-[max(1rem,env(safe-area-inset-top))] pb-3 text-cream-50">
              <Avatar
                name={current.uploader.displayName}
                url={current.uploader.avatarUrl}
                size="sm"
              />
              <div className="min-w-0 flex-1">
                <DialogTitle className="truncate text-sm font-bold">
                  Photo {position + 1} of {photos.length}
                </DialogTitle>
                <p className="truncate text-xs text-cream-200">
                  {current.uploader.displayName} · {formatMoment(current.createdAt)}
                </p>
              </div>
              {current.canDelete && (
                <button
                  type="button"
                  onClick={() => setConfirming(true)}
                  className="inline-flex h-11 items-center rounded-full px-4 text-sm font-semibold text-red-300 transition hover:bg-red-500/15"
                >
                  Delete photo
                </button>
              )}
              <button
                type="button"
                onClick={onClose}
                aria-label="Close viewer"
                className="inline-flex size-11 items-center justify-center rounded-full transition hover:bg-white/10"
              >
                <CloseIcon className="size-6" />
              </button>
            </div>
            <div
              className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 select-none"
              onPointerDown={onPointerDown}
              onPointerUp={onPointerUp}
              onPointerCancel={() => (swipeStart.current = null)}
            >
              {current.url && (
                <img
                  key={current._id}
                  src={current.url}
                  alt={current.caption ?? `Photo by ${current.uploader.displayName}`}
                  draggable={false}
                  className="max-h-full max-w-full rounded-xl object-contain"
                />
              )}
              <button
                type="button"
                onClick={() => go(-1)}
                disabled={position === 0}
                aria-label="Previous photo"
                className="absolute left-2 hidden size-12 items-center justify-center rounded-full bg-black/50 text-cream-50 transition hover:bg-black/70 disabled:opacity-30 sm:inline-flex"
              >
                <ArrowLeftIcon className="size-6" />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                disabled={position >= photos.length - 1}
                aria-label="Next photo"
                className="absolute right-2 hidden size-12 items-center justify-center rounded-full bg-black/50 text-cream-50 transition hover:bg-black/70 disabled:opacity-30 sm:inline-flex"
              >
                <ArrowRightIcon className="size-6" />
              </button>
            </div>
            <div className="flex flex-col items-center gap-3 px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] text-center">
              {current.hiddenReason !== null && (
                <p className="rounded-2xl bg-night-800 px-4 py-2 text-sm font-semibold text-brand-amber ring-1 ring-night-600 ring-inset">
                  {current.hiddenReason}
                </p>
              )}
              <p className="min-h-6 text-cream-50">
                {current.caption ?? <span className="sr-only">No caption</span>}
              </p>
              {current.canObject && (
                <Button
                  variant="secondary"
                  disabled={consentBusy}
                  onClick={() => void setConsent(true)}
                >
                  {PHOTO_CONSENT_LABELS.object}
                </Button>
              )}
              {current.viewerObjected && (
                <Button
                  variant="secondary"
                  disabled={consentBusy}
                  onClick={() => void setConsent(false)}
                >
                  {PHOTO_CONSENT_LABELS.lift}
                </Button>
              )}
            </div>
          </>
        )}
      </DialogPanel>
      <ConfirmDialog
        open={confirming}
        title="Delete this photo?"
        body="It will be gone from the gallery for everyone. This can't be undone."
        confirmLabel="Delete Photo"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </Dialog>
  );
}
