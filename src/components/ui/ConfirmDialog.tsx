import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import type { NetworkNeed } from "@/lib/offline/networkNeed";
import { Modal } from "./Modal";
import { NeedsNetworkNote } from "./NeedsNetworkNote";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** When confirming needs the server: from useNetworkNeeded (off offline, with the reason). */
  network?: NetworkNeed;
}

/** "Are you sure?" for destructive actions; the confirm button is red and says what it does. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onClose,
  network,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={busy ? () => undefined : onClose} title={title} size="sm">
      <p className="text-cream-200">{body}</p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <button
          type="button"
          onClick={() => {
            if (!network?.blocked) onConfirm();
          }}
          disabled={busy}
          {...network?.control}
          className="inline-flex h-11 items-center justify-center gap-2 rounded-full bg-red-600 px-5 text-sm font-semibold text-white transition hover:bg-red-700 active:scale-[0.97] disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70 aria-disabled:active:scale-100"
        >
          {busy && <Spinner className="size-4" />}
          {busy ? (network?.busyLabel(busyLabel) ?? busyLabel) : confirmLabel}
        </button>
      </div>
      {network && <NeedsNetworkNote need={network} className="mt-3 sm:text-right" />}
    </Modal>
  );
}
