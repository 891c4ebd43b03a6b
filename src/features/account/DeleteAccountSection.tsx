import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { lazyDialog, preloadOnIntent } from "@/lib/lazyDialog";

const DeleteAccountDialog = lazyDialog(
  () => import("./DeleteAccountDialog"),
  "DeleteAccountDialog",
);

/** The danger zone of the edit page: opens the delete-account dialog. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="danger-heading"
      className="rounded-3xl bg-red-950/30 p-5 ring-1 ring-red-900/70 ring-inset sm:p-7"
    >
      <h2 id="danger-heading" className="font-display text-xl font-bold text-red-200">
        Danger zone
      </h2>
      <p className="mt-2 text-cream-200">
        Deleting your account removes your profile, photo and sign-in for good. There&apos;s no
        undo.
      </p>
      <Button
        variant="danger"
        className="mt-5"
        onClick={() => setOpen(true)}
        {...preloadOnIntent(DeleteAccountDialog)}
      >
        Delete Account
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
