import { useMutation } from "convex/react";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { fromDateTimeLocalValue } from "@shared/eventTiming";
import { errorMessage } from "@shared/errors";
import {
  POLL_MESSAGES,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POLL_TITLE_MAX_LENGTH,
} from "@shared/pollRules";
import { Button } from "@/components/ui/Button";
import { Field, inputStyles } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import { toast } from "@/lib/toast";
import { viewerTimeZone } from "@/lib/viewerTimeZone";
import {
  emptyPollOptionDraft,
  pollOptionArgs,
  PollOptionFields,
  type PollOptionDraft,
} from "./PollOptionFields";

type Draft = PollOptionDraft & { key: number };

let nextKey = 0;
const emptyOption = (): Draft => ({ key: nextKey++, ...emptyPollOptionDraft() });

/** Start a poll: a title, 2–10 options (a date and start, optionally a place), a deadline, and whether members add options. */
export function StartPollDialog({
  crewId,
  open,
  onClose,
}: {
  crewId: Id<"crews">;
  open: boolean;
  onClose: () => void;
}) {
  const create = useMutation(api.crewPolls.create);
  const navigate = useNavigate();
  const [title, setTitle] = useState("");
  const [options, setOptions] = useState<Draft[]>(() => [emptyOption(), emptyOption()]);
  const [deadline, setDeadline] = useState("");
  const [allowMemberOptions, setAllowMemberOptions] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const allowId = useId();

  const update = (key: number, change: Partial<Draft>) =>
    setOptions((all) =>
      all.map((option) => (option.key === key ? { ...option, ...change } : option)),
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const zone = viewerTimeZone();
    const drafts = options.map((option) => pollOptionArgs(option, zone));
    const complete = drafts.filter((draft) => draft !== null);
    if (complete.length < drafts.length) {
      setError(POLL_MESSAGES.optionTimeInvalid);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const { path } = await create({
        crewId,
        title,
        options: complete,
        deadline: deadline === "" ? null : fromDateTimeLocalValue(deadline, zone),
        allowMemberOptions,
        timeZone: zone,
      });
      toast.success(POLL_MESSAGES.created);
      onClose();
      void navigate(path);
    } catch (failure) {
      setError(errorMessage(failure, "Couldn't start the poll"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="Start a poll" eyebrow="🗳️" size="lg">
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" noValidate>
        <Field
          label="What are we planning?"
          counter={{ used: title.length, max: POLL_TITLE_MAX_LENGTH }}
        >
          {(control) => (
            <input
              {...control}
              className={inputStyles}
              value={title}
              placeholder="Friday pints?"
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-sm font-semibold text-cream-200">
            Options ({options.length} of {POLL_OPTIONS_MAX})
          </legend>
          {options.map((option, index) => (
            <PollOptionFields
              key={option.key}
              label={`Option ${index + 1}: date and start`}
              value={option}
              onChange={(change) => update(option.key, change)}
              action={
                options.length > POLL_OPTIONS_MIN && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove option ${index + 1}`}
                    onClick={() =>
                      setOptions((all) => all.filter((other) => other.key !== option.key))
                    }
                  >
                    ✕
                  </Button>
                )
              }
            />
          ))}
          {options.length < POLL_OPTIONS_MAX && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setOptions((all) => [...all, emptyOption()])}
            >
              Add an option
            </Button>
          )}
        </fieldset>
        <Field label="Deadline (optional)" hint="You'll hear if it passes without a pick.">
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              className={inputStyles}
              value={deadline}
              onChange={(event) => setDeadline(event.target.value)}
            />
          )}
        </Field>
        <div className="flex items-center gap-3">
          <input
            id={allowId}
            type="checkbox"
            className="size-6 accent-brand-amber"
            checked={allowMemberOptions}
            onChange={(event) => setAllowMemberOptions(event.target.checked)}
          />
          <label htmlFor={allowId} className="text-sm text-cream-200">
            Members may add options
          </label>
        </div>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-300">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Starting…" : "Start poll"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
