import { useMutation } from "convex/react";
import { useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { appErrorData, errorMessage } from "@shared/errors";
import { POLL_MESSAGES } from "@shared/pollRules";
import { Button } from "@/components/ui/Button";
import { Modal } from "@/components/ui/Modal";
import { toast } from "@/lib/toast";
import { viewerTimeZone } from "@/lib/viewerTimeZone";
import { emptyPollOptionDraft, pollOptionArgs, PollOptionFields } from "./PollOptionFields";

type FieldErrors = { when?: string | null; place?: string | null };

/**
 * Which of the form's fields a server error names: the start, or the place
 * (its text or its picked place); an error naming neither is the whole form's.
 */
function fieldErrorsOf(error: unknown): FieldErrors | null {
  const field = appErrorData(error)?.field;
  const message = errorMessage(error, "Couldn't add the option");
  if (field === "startTime") return { when: message };
  if (field === "location" || field?.startsWith("place")) return { place: message };
  return null;
}

/** "Add an option": a date, a start and optionally a place, added to an open poll for everyone. */
export function AddPollOption({ pollId }: { pollId: string }) {
  const add = useMutation(api.crewPolls.addOption);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(emptyPollOptionDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  function close() {
    setOpen(false);
    setDraft(emptyPollOptionDraft());
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const option = pollOptionArgs(draft, viewerTimeZone());
    if (option === null) {
      setErrors({ when: POLL_MESSAGES.optionTimeInvalid });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await add({ pollId, option });
      toast.success("Option added");
      close();
    } catch (error) {
      const atField = fieldErrorsOf(error);
      if (atField === null) toast.error(errorMessage(error, "Couldn't add the option"));
      else setErrors(atField);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Add an option
      </Button>
      <Modal open={open} onClose={close} title="Add an option" eyebrow="🗓️">
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" noValidate>
          <PollOptionFields
            label="Date and start"
            value={draft}
            onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
            errors={errors}
          />
          <div className="flex justify-end gap-3">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Adding…" : "Add option"}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
