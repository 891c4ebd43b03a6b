import { Radio, RadioGroup } from "@headlessui/react";
import { useMutation } from "convex/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  CREW_DESCRIPTION_MAX_LENGTH,
  CREW_MESSAGES,
  CREW_NAME_MAX_LENGTH,
  CREW_SCREEN_TEXTS,
  CREW_VIBES,
  CREW_VIBE_OPTIONS,
  crewDetailsSchema,
  crewNameError,
  type CrewVibe,
} from "@shared/crewRules";
import { appErrorData, errorMessage } from "@shared/errors";
import { textLength } from "@shared/userText";
import { Button } from "@/components/ui/Button";
import { Field, inputStyles } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/lib/cn";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { useStepFocus } from "@/lib/useStepFocus";
import { CREW_VIBE_GRADIENTS } from "../components/CrewChips";
import { UserSearchPicker, failedNames, type SelectedUser } from "../invite/UserSearchPicker";
import type { CrewRef } from "../lib/types";

const STEPS = 2;
/** The form resets this long after closing, once the exit animation is over. */
const RESET_DELAY_MS = 300;

type Values = { name: string; description: string; vibe: CrewVibe; isPublic: boolean };

const blank = (): Values => ({ name: "", description: "", vibe: "casual", isPublic: true });
const valuesOf = (crew: CrewRef): Values => ({
  name: crew.name,
  description: crew.description ?? "",
  vibe: crew.vibe,
  isPublic: crew.isPublic,
});

const VISIBILITY_OPTIONS = [
  {
    value: true,
    emoji: "🌍",
    label: "Public",
    description: "Anyone can see the crew, its members and sessions.",
  },
  {
    value: false,
    emoji: "🔒",
    label: "Private",
    description: "Only members and people you invite can see it.",
  },
] as const;

/**
 * Create or edit a crew as a 2-step wizard, the
 * same steps either way: 1 details (name required, trimmed, ≤ 50; description
 * ≤ 200; vibe), 2 visibility and people to invite (when editing, the crew's
 * members and pending invitees are not offered). Creating goes to the new
 * crew's page (`onCreated`); either way any invite that failed is named.
 * Offline the last step's button is off with the reason and what was typed
 * stays; a save already sent waits for the connection.
 */
export function CrewWizard({
  open,
  onClose,
  crew,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  /** The crew to edit; none to create one. */
  crew?: CrewRef | null;
  onCreated?: (crewId: Id<"crews">) => void;
}) {
  const editing = crew ?? null;
  const descriptionId = useId();
  const create = useMutation(api.crews.create);
  const update = useMutation(api.crews.update);
  const inviteUsers = useMutation(api.crews.inviteUsers);
  const [values, setValues] = useState<Values>(() => (editing ? valuesOf(editing) : blank()));
  const [invites, setInvites] = useState<SelectedUser[]>([]);
  const [step, setStep] = useState(1);
  const [nameTouched, setNameTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const network = useNetworkNeeded(editing ? "saving the crew" : "creating a crew", submitting);
  const form = useRef<HTMLFormElement>(null);
  useStepFocus(step, form);

  // Opening an edit starts from the crew as it is now.
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const openKey = open ? (editing?._id ?? "new") : null;
  if (openKey !== openedFor) {
    setOpenedFor(openKey);
    if (openKey !== null && editing) {
      setValues(valuesOf(editing));
      setInvites([]);
      setStep(1);
    }
  }

  const resetTimer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (open) {
      window.clearTimeout(resetTimer.current);
      return;
    }
    resetTimer.current = window.setTimeout(() => {
      setValues(blank());
      setInvites([]);
      setStep(1);
      setNameTouched(false);
      setServerErrors({});
    }, RESET_DELAY_MS);
    return () => window.clearTimeout(resetTimer.current);
  }, [open]);

  const nameError = crewNameError(values.name);
  const descriptionLength = textLength(values.description);
  const descriptionError =
    descriptionLength > CREW_DESCRIPTION_MAX_LENGTH ? CREW_MESSAGES.descriptionTooLong : null;
  const shownNameError = (nameTouched ? nameError : null) ?? serverErrors.name ?? null;

  function change(next: Partial<Values>) {
    setValues((current) => ({ ...current, ...next }));
    setServerErrors({});
  }

  async function submit() {
    const parsed = crewDetailsSchema.safeParse(values);
    if (!parsed.success) {
      setNameTouched(true);
      setStep(1);
      return;
    }
    setSubmitting(true);
    try {
      if (editing) {
        await update({ crewId: editing._id, ...parsed.data });
        if (invites.length === 0) {
          toast.success(CREW_SCREEN_TEXTS.saved);
          onClose();
        } else if (await inviteAfterSaving(editing._id)) {
          onClose();
        }
      } else {
        const result = await create({
          ...parsed.data,
          inviteUserIds: invites.map((user) => user.userId),
        });
        if (result.failed.length > 0) {
          toast.warning(CREW_MESSAGES.crewCreatedSomeFailed);
          toast.error(CREW_MESSAGES.failedToInvite(failedNames(result.failed, invites)));
        } else {
          toast.success(CREW_SCREEN_TEXTS.created);
        }
        onCreated?.(result.crewId);
        onClose();
      }
    } catch (error) {
      const data = appErrorData(error);
      toast.error(
        errorMessage(error, editing ? CREW_MESSAGES.failedToSave : CREW_MESSAGES.failedToCreate),
      );
      if (data?.field === "name" || data?.field === "description") {
        setServerErrors({ [data.field]: data.message });
        setStep(1);
      }
    } finally {
      setSubmitting(false);
    }
  }

  /**
   * The edit's invites, once its details are saved; failures are named. False when none could
   * be sent: the wizard stays open on its picks, so Save tries them again.
   */
  async function inviteAfterSaving(crewId: Id<"crews">): Promise<boolean> {
    let outcome;
    try {
      outcome = await inviteUsers({ crewId, userIds: invites.map((user) => user.userId) });
    } catch (error) {
      toast.success(CREW_SCREEN_TEXTS.saved);
      toast.error(errorMessage(error, CREW_MESSAGES.failedToSendInvites));
      return false;
    }
    const sent = outcome.successful.length;
    toast.success(
      CREW_SCREEN_TEXTS.saved,
      sent > 0 ? { description: CREW_SCREEN_TEXTS.invitesSent(sent) } : undefined,
    );
    if (outcome.failed.length > 0) {
      toast.error(CREW_MESSAGES.failedToInvite(failedNames(outcome.failed, invites)), {
        description: [...new Set(outcome.failed.map((failure) => failure.reason))].join(" · "),
      });
    }
    return true;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (step === 1) {
      if (nameError !== null || descriptionError !== null) {
        setNameTouched(true);
        return;
      }
      setStep(2);
      return;
    }
    if (!network.blocked) void submit();
  }

  const title =
    step === 2 ? "Visibility & invites" : editing ? "Edit crew details" : "Build your crew";

  return (
    <Modal
      open={open}
      onClose={submitting ? () => undefined : onClose}
      size="lg"
      eyebrow={`Step ${step} of ${STEPS}`}
      title={title}
      description={
        editing ? `Changes show for everyone in ${editing.name}.` : "Your people, your rounds."
      }
    >
      <div aria-hidden="true" className="flex gap-1.5">
        {Array.from({ length: STEPS }, (_, index) => (
          <span
            key={index}
            className={cn(
              "h-1.5 flex-1 rounded-full transition-colors duration-300",
              index < step ? "bg-brand-gradient" : "bg-night-700",
            )}
          />
        ))}
      </div>
      <form
        ref={form}
        onSubmit={onSubmit}
        noValidate
        className="mt-5 flex flex-col gap-5"
        aria-label={editing ? "Edit crew" : "Create a crew"}
      >
        {step === 1 && (
          <>
            <Field
              label="Crew name"
              error={shownNameError}
              counter={{ used: textLength(values.name.trim()), max: CREW_NAME_MAX_LENGTH }}
            >
              {(control) => (
                <input
                  {...control}
                  value={values.name}
                  onChange={(event) => {
                    change({ name: event.target.value });
                    setNameTouched(true);
                  }}
                  placeholder="The Thirsty Thursdays"
                  autoComplete="off"
                  // eslint-disable-next-line jsx-a11y/no-autofocus -- the wizard opens to its first field
                  autoFocus
                  className={inputStyles}
                />
              )}
            </Field>
            <Field
              label="Description (optional)"
              error={descriptionError ?? serverErrors.description ?? null}
              counter={{ used: descriptionLength, max: CREW_DESCRIPTION_MAX_LENGTH }}
            >
              {(control) => (
                <textarea
                  {...control}
                  value={values.description}
                  onChange={(event) => change({ description: event.target.value })}
                  rows={3}
                  placeholder="Who you are, where you drink, what you toast to."
                  className={cn(inputStyles, "resize-none")}
                />
              )}
            </Field>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold text-cream-200">Vibe</legend>
              <RadioGroup
                value={values.vibe}
                onChange={(vibe) => change({ vibe })}
                aria-label="Vibe"
                className="grid grid-cols-3 gap-2.5"
              >
                {CREW_VIBES.map((vibe) => (
                  <Radio
                    key={vibe}
                    value={vibe}
                    className={cn(
                      "flex cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl bg-night-800 px-2 py-3 text-center ring-1 ring-night-600 transition outline-none ring-inset select-none hover:bg-night-700 active:scale-[0.97]",
                      "data-checked:bg-gradient-to-br data-checked:text-brand-ink data-checked:ring-2 data-checked:ring-brand-amber data-focus:outline-3 data-focus:outline-offset-2 data-focus:outline-brand-amber",
                      CREW_VIBE_GRADIENTS[vibe],
                    )}
                  >
                    <span aria-hidden="true" className="text-3xl">
                      {CREW_VIBE_OPTIONS[vibe].emoji}
                    </span>
                    <span className="text-sm leading-tight font-bold">
                      {CREW_VIBE_OPTIONS[vibe].label}
                    </span>
                  </Radio>
                ))}
              </RadioGroup>
            </fieldset>
          </>
        )}
        {step === 2 && (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold text-cream-200">Visibility</legend>
              <RadioGroup
                value={values.isPublic}
                onChange={(isPublic) => change({ isPublic })}
                aria-label="Visibility"
                className="grid gap-2.5 sm:grid-cols-2"
              >
                {VISIBILITY_OPTIONS.map((option) => (
                  <Radio
                    key={option.label}
                    value={option.value}
                    aria-label={option.label}
                    aria-describedby={`${descriptionId}-${option.label}`}
                    className={cn(
                      "flex cursor-pointer items-start gap-3 rounded-2xl bg-night-800 px-4 py-3 ring-1 ring-night-600 transition outline-none ring-inset select-none hover:bg-night-700",
                      "data-checked:bg-amber-300/15 data-checked:ring-2 data-checked:ring-brand-amber data-focus:outline-3 data-focus:outline-offset-2 data-focus:outline-brand-amber",
                    )}
                  >
                    <span aria-hidden="true" className="text-2xl">
                      {option.emoji}
                    </span>
                    <span className="flex flex-col">
                      <span className="font-bold">{option.label}</span>
                      <span
                        id={`${descriptionId}-${option.label}`}
                        className="mt-0.5 text-sm text-cream-400"
                      >
                        {option.description}
                      </span>
                    </span>
                  </Radio>
                ))}
              </RadioGroup>
            </fieldset>
            <section aria-label="Invite people" className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold text-cream-200">
                Invite people <span className="font-normal text-cream-400">(optional)</span>
              </h3>
              <UserSearchPicker crewId={editing?._id} selected={invites} onChange={setInvites} />
            </section>
          </>
        )}
        <div className="sticky bottom-0 -mx-5 mt-1 flex flex-wrap items-center gap-3 border-t border-night-700 bg-night-850 px-5 pt-4 sm:-mx-7 sm:px-7">
          {step > 1 ? (
            <Button variant="secondary" onClick={() => setStep(1)} disabled={submitting}>
              Back
            </Button>
          ) : (
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            className="ml-auto min-w-36"
            disabled={submitting || (step === 1 && values.name.trim() === "")}
            {...(step === STEPS ? network.control : {})}
          >
            {submitting && <Spinner className="size-4" />}
            {step < STEPS
              ? "Next"
              : submitting
                ? network.busyLabel(editing ? "Saving..." : "Creating...")
                : editing
                  ? invites.length > 0
                    ? `Save & Invite ${invites.length}`
                    : "Save Changes"
                  : invites.length > 0
                    ? `Create & Invite ${invites.length}`
                    : "Create Crew 🍻"}
          </Button>
          {step === STEPS && <NeedsNetworkNote need={network} className="w-full text-right" />}
        </div>
      </form>
    </Modal>
  );
}
