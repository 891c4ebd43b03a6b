import { useMutation } from "convex/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  CREATE_STEP_FIELDS,
  CREATE_WIZARD_STEPS,
  EVENT_TOASTS,
  WIZARD_RESET_DELAY_MS,
  coverUploadFailedMessage,
  createFailedMessage,
  createStepErrors,
  EVENT_ERRORS,
} from "@shared/eventRules";
import { appErrorData } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { Spinner } from "@/components/ui/Spinner";
import { Modal } from "@/components/ui/Modal";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { StepProgress } from "../components/StepProgress";
import {
  DrinkPicker,
  NotesInput,
  PlaceFields,
  PublicSwitch,
  TimeFields,
  TitleInput,
  VibePicker,
  type FormErrors,
} from "../form/EventFormFields";
import { CoverPicker } from "../form/CoverPicker";
import {
  errorMap,
  initialCreateValues,
  toCreateInput,
  type EventFormValues,
} from "../form/wizardForm";
import {
  CapacityFields,
  capacityInput,
  capacityProblem,
  type CapacityValues,
} from "../form/CapacityFields";
import { InvitePicker } from "../invite/InvitePicker";
import { NO_INVITES, type InviteSelection } from "../invite/inviteSelection";
import { useSendInvitations } from "../invite/useSendInvitations";
import { useCoverUpload } from "../lib/coverUpload";
import { useNow } from "@/lib/useNow";
import { useStepFocus } from "@/lib/useStepFocus";
import { viewerTimeZone } from "@/lib/viewerTimeZone";

export type CreatedEvent = {
  eventId: Id<"events">;
  title: string;
  isPublic: boolean;
  path: string;
};

const STEP_TITLES = ["Name the night", "Set the vibe", "Final touches"] as const;

const NO_CAPACITY: CapacityValues = { capacity: "", plusOnesAllowed: 0 };

/**
 * The create wizard: 1 title, time and place; 2 drink and vibe;
 * 3 notes, visibility, capacity and plus-ones, cover and invites. Next/Back, Enter advances or submits,
 * the form resets 300 ms after closing. On success: the toast, the invitations
 * (their own toasts; a failure leaves the session as created), then `onCreated`
 * (the share dialog). Offline, Create Session is off with the reason and what was
 * typed stays; a create already sent waits for the connection in the open dialog.
 */
export function CreateEventWizard({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (event: CreatedEvent) => void;
}) {
  const [values, setValues] = useState<EventFormValues>(initialCreateValues);
  const [invites, setInvites] = useState<InviteSelection>(NO_INVITES);
  const [seats, setSeats] = useState<CapacityValues>(NO_CAPACITY);
  const [step, setStep] = useState(1);
  const [showErrors, setShowErrors] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const create = useMutation(api.events.create);
  const uploadCover = useCoverUpload();
  const sendInvitations = useSendInvitations();
  const network = useNetworkNeeded("creating a session", submitting);
  const now = useNow(30_000);
  const timeZone = viewerTimeZone();
  const form = useRef<HTMLFormElement>(null);
  useStepFocus(step, form);

  // Reset 300 ms after closing, once the exit animation is over.
  const resetTimer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (open) {
      window.clearTimeout(resetTimer.current);
      return;
    }
    resetTimer.current = window.setTimeout(() => {
      setValues(initialCreateValues());
      setInvites(NO_INVITES);
      setSeats(NO_CAPACITY);
      setStep(1);
      setShowErrors(false);
      setServerErrors({});
      setProgress(null);
    }, WIZARD_RESET_DELAY_MS);
    return () => window.clearTimeout(resetTimer.current);
  }, [open]);

  const input = toCreateInput(values, timeZone);
  const seatsProblem = step === CREATE_WIZARD_STEPS ? capacityProblem(seats) : null;
  const stepErrors = {
    ...errorMap(createStepErrors(step, input)),
    ...(seatsProblem ? { capacity: seatsProblem } : {}),
  };
  const errors: FormErrors = showErrors ? { ...serverErrors, ...stepErrors } : serverErrors;

  function change(next: EventFormValues) {
    setValues(next);
    setServerErrors({});
  }

  function back() {
    setShowErrors(false);
    setStep((current) => Math.max(1, current - 1));
  }

  async function submit() {
    setSubmitting(true);
    let created: CreatedEvent | null = null;
    try {
      const result = await create({ ...toCreateInput(values, timeZone), ...capacityInput(seats) });
      created = {
        eventId: result.eventId,
        title: values.title.trim(),
        isPublic: values.isPublic,
        path: result.path,
      };
    } catch (error) {
      const data = appErrorData(error);
      toast.error(data ? createFailedMessage(data.message) : EVENT_ERRORS.createFailed);
      const fieldStep = data?.field
        ? Object.entries(CREATE_STEP_FIELDS).find(([, fields]) =>
            (fields as readonly string[]).includes(data.field!),
          )
        : undefined;
      if (data?.field && fieldStep) {
        setServerErrors({ [data.field]: data.message });
        setStep(Number(fieldStep[0]));
      }
      setSubmitting(false);
      return;
    }
    if (values.cover) {
      setProgress(0);
      try {
        await uploadCover(created.eventId, values.cover, setProgress);
      } catch (error) {
        // The event keeps its vibe's default cover.
        toast.error(
          coverUploadFailedMessage(error instanceof Error ? error.message : "Please try again"),
        );
      }
    }
    toast.success(EVENT_TOASTS.created);
    void sendInvitations(created.eventId, invites);
    setSubmitting(false);
    onCreated(created);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (Object.keys(stepErrors).length > 0) {
      setShowErrors(true);
      return;
    }
    setShowErrors(false);
    if (step < CREATE_WIZARD_STEPS) setStep(step + 1);
    else if (!network.blocked) void submit();
  }

  const lastStep = step === CREATE_WIZARD_STEPS;

  return (
    <Modal
      open={open}
      onClose={submitting ? () => undefined : onClose}
      size="lg"
      eyebrow={`Step ${step} of ${CREATE_WIZARD_STEPS}`}
      title={STEP_TITLES[step - 1]}
      description="Start a night in under 60 seconds."
    >
      <StepProgress step={step} total={CREATE_WIZARD_STEPS} />
      <form
        ref={form}
        onSubmit={onSubmit}
        noValidate
        className="mt-5 flex flex-col gap-5"
        aria-label="Create a session"
      >
        {step === 1 && (
          <>
            <TitleInput values={values} onChange={change} errors={errors} focusFirst />
            <TimeFields
              values={values}
              onChange={change}
              errors={errors}
              now={now}
              timeZone={timeZone}
            />
            <PlaceFields values={values} onChange={change} errors={errors} />
          </>
        )}
        {step === 2 && (
          <>
            <DrinkPicker values={values} onChange={change} errors={errors} />
            <VibePicker values={values} onChange={change} errors={errors} />
          </>
        )}
        {step === 3 && (
          <>
            <NotesInput values={values} onChange={change} errors={errors} />
            <PublicSwitch values={values} onChange={change} />
            <CapacityFields values={seats} onChange={setSeats} error={errors.capacity} />
            <CoverPicker
              file={values.cover}
              onChange={(cover) => change({ ...values, cover })}
              vibe={values.vibe}
              progress={progress}
            />
            <InvitePicker value={invites} onChange={setInvites} />
          </>
        )}
        <div className="sticky bottom-0 -mx-5 mt-1 flex flex-wrap items-center gap-3 border-t border-night-700 bg-night-850 px-5 pt-4 sm:-mx-7 sm:px-7">
          {step > 1 ? (
            <Button variant="secondary" onClick={back} disabled={submitting}>
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
            disabled={submitting}
            {...(lastStep ? network.control : {})}
          >
            {submitting && <Spinner className="size-4" />}
            {!lastStep
              ? "Next"
              : submitting
                ? network.busyLabel(progress !== null ? "Uploading cover..." : "Creating...")
                : "Create Session 🍻"}
          </Button>
          {lastStep && <NeedsNetworkNote need={network} className="w-full text-right" />}
        </div>
      </form>
    </Modal>
  );
}
