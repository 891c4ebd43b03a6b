import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { CloseIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/Spinner";

/** A small dialog of the recap: a bottom sheet on phones, a card on wider screens. */
export function RecapModal({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-[60]">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-black/70 backdrop-blur-sm transition duration-200 data-closed:opacity-0"
      />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center sm:items-center sm:p-4">
          <DialogPanel
            transition
            className="relative w-full rounded-t-[2rem] bg-night-850 px-5 pt-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] shadow-2xl ring-1 shadow-black/60 ring-night-700 transition duration-200 data-closed:translate-y-8 data-closed:opacity-0 sm:max-w-md sm:rounded-[2rem] sm:p-7"
          >
            <div className="flex items-start gap-4">
              <DialogTitle className="min-w-0 flex-1 font-display text-2xl font-extrabold tracking-tight text-balance">
                {title}
              </DialogTitle>
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-cream-200 transition hover:bg-night-800 hover:text-cream-50"
              >
                <CloseIcon className="size-5" />
              </button>
            </div>
            <div className="mt-4">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/** "Are you sure?" with a red confirm button that says what it does. */
export function ConfirmRemoval({
  open,
  title,
  body,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <RecapModal open={open} onClose={busy ? () => undefined : onClose} title={title}>
      <p className="text-cream-200">{body}</p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className="inline-flex h-11 items-center justify-center gap-2 rounded-full bg-red-600 px-5 text-sm font-semibold text-white transition hover:bg-red-700 active:scale-[0.97] disabled:opacity-60"
        >
          {busy && <Spinner className="size-4" />}
          {confirmLabel}
        </button>
      </div>
    </RecapModal>
  );
}
