import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { useAuthActions } from "@convex-dev/auth/react";
import { useMutation } from "convex/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { AUTH_MESSAGES } from "@shared/authMessages";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { inputStyles } from "@/components/ui/Field";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { Spinner } from "@/components/ui/Spinner";
import { clearLocalAuthStorage } from "@/lib/authStorage";
import { forgetUserOnDevice } from "@/lib/offline/forgetUser";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { cn } from "@/lib/cn";
import { beginSessionExit, endSessionExit } from "@/lib/sessionExit";

/** The word to type, shown in capitals and compared case-insensitively. */
const CONFIRMATION_WORD = "DELETE";

type Step = "warning" | "confirm" | "final";

/**
 * Deleting the account in two steps plus a last check:
 * a warning, typing DELETE, then a final confirmation. On success the
 * session ends, local auth storage is cleared and the user lands on /.
 * Offline the final button is off with the reason; a deletion already sent
 * waits for the connection.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const deleteMine = useMutation(api.account.deleteMine);
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>("warning");
  const [typed, setTyped] = useState("");
  const [deleting, setDeleting] = useState(false);
  const network = useNetworkNeeded("deleting your account", deleting);
  const confirmInput = useRef<HTMLInputElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const matches = typed.trim().toLowerCase() === CONFIRMATION_WORD.toLowerCase();

  // Each step starts with focus on its first control (the replaced button is gone).
  useEffect(() => {
    if (step === "confirm") confirmInput.current?.focus();
    if (step === "final") keepButton.current?.focus();
  }, [step]);

  // Each opening starts over. Reset as it opens, not after it closes: the closing transition
  // keeps showing the step that was left, and a reset timed after closing could land after a
  // quick reopen had already moved on (it sent a fast "Cancel, Delete, Continue" back to step 1).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setStep("warning");
      setTyped("");
    }
  }

  function close() {
    if (!deleting) onClose();
  }

  async function confirmDeletion() {
    if (network.blocked) return;
    setDeleting(true);
    // From here on, losing the session is on purpose: no 'Please sign in' bounce.
    beginSessionExit();
    try {
      await deleteMine({ confirmation: typed.trim() });
    } catch (err) {
      endSessionExit();
      setDeleting(false);
      toast.error(errorMessage(err, AUTH_MESSAGES.deleteAccountFailed));
      return;
    }
    try {
      await signOut();
    } finally {
      clearLocalAuthStorage();
      void forgetUserOnDevice();
    }
    toast.success("Your account has been deleted. Cheers for the rounds! 🍻");
    // The landing page ends the exit when it opens.
    await navigate("/", { replace: true });
  }

  function goToFinal(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (matches) setStep("final");
  }

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-night-950/80 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-3 sm:items-center sm:p-6">
        <DialogPanel className="w-full max-w-md rounded-3xl bg-night-850 p-6 shadow-2xl ring-1 shadow-black/60 ring-night-700 sm:p-8">
          <p className="text-sm font-semibold text-red-300">Step {step === "warning" ? 1 : step === "confirm" ? 2 : 3} of 3</p>
          {step === "warning" && (
            <>
              <DialogTitle className="mt-1 font-display text-2xl font-extrabold">Delete your account?</DialogTitle>
              <Description as="div" className="mt-3 text-cream-200">
                <p>This permanently removes:</p>
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  <li>your profile, photo and username</li>
                  <li>your sign-in (magic links and Google)</li>
                  <li>everything you&apos;ve added to sessions and crews</li>
                </ul>
              </Description>
              <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={close}>
                  Cancel
                </Button>
                <Button variant="danger" onClick={() => setStep("confirm")}>
                  Continue
                </Button>
              </div>
            </>
          )}
          {step === "confirm" && (
            <form noValidate onSubmit={goToFinal}>
              <DialogTitle className="mt-1 font-display text-2xl font-extrabold">Are you sure?</DialogTitle>
              <Description className="mt-3 text-cream-200">
                Type <strong className="font-mono text-cream-50">{CONFIRMATION_WORD}</strong> to confirm.
              </Description>
              <label htmlFor="delete-confirmation" className="mt-5 block text-sm font-semibold text-cream-200">
                Type {CONFIRMATION_WORD} to confirm
              </label>
              <input
                ref={confirmInput}
                id="delete-confirmation"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                className={cn(inputStyles, "mt-2 font-mono tracking-widest")}
              />
              <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={() => setStep("warning")}>
                  Back
                </Button>
                <Button type="submit" variant="danger" disabled={!matches}>
                  Continue
                </Button>
              </div>
            </form>
          )}
          {step === "final" && (
            <>
              <DialogTitle className="mt-1 font-display text-2xl font-extrabold">Last call</DialogTitle>
              <Description className="mt-3 text-cream-200">
                Your account goes now and can&apos;t be brought back. Really delete it?
              </Description>
              <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button ref={keepButton} variant="secondary" disabled={deleting} onClick={close}>
                  Keep my account
                </Button>
                <Button
                  variant="danger"
                  disabled={deleting}
                  {...network.control}
                  onClick={() => void confirmDeletion()}
                >
                  {deleting ? (
                    <>
                      <Spinner /> {network.busyLabel("Deleting…")}
                    </>
                  ) : (
                    "Delete My Account"
                  )}
                </Button>
              </div>
              <NeedsNetworkNote need={network} className="mt-3 sm:text-right" />
            </>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
