import { useMutation } from "convex/react";
import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  EDIT_STEP_FIELDS,
  EDIT_WIZARD_STEPS,
  EVENT_ERRORS,
  coverUploadFailedMessage,
  editStepErrors,
} from "@shared/eventRules";
import { appErrorData } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { Spinner } from "@/components/ui/Spinner";
import { Modal } from "@/components/ui/Modal";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { StepProgress } from "../components/StepProgress";
import { CoverPicker } from "../form/CoverPicker";
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
import {
  editValuesFrom,
  errorMap,
  toEditInput,
  type EditableEventFields,
  type EventFormValues,
} from "../form/wizardForm";
import {
  CapacityFields,
  capacityInput,
  capacityProblem,
  capacityValuesFrom,
  type CapacityValues,
} from "../form/CapacityFields";
import { InvitePicker } from "../invite/InvitePicker";
import { NO_INVITES, type InviteSelection } from "../invite/inviteSelection";
import { useSendInvitations } from "../invite/useSendInvitations";
import { useCoverUpload } from "../lib/coverUpload";
import { viewerTimeZone } from "@/lib/viewerTimeZone";
import { useNow } from "@/lib/useNow";
import { AttendeeList } from "../page/AttendeeList";

export type EditableEvent = EditableEventFields & {
  _id: Id<"events">;
  coverUrl: string | null;
  capacity?: number | null;
  plusOnesAllowed?: number;
};

const STEP_TITLES = [
  "Basics and time",
  "Attendees",
  "Drink, vibe and cover",
  "Visibility and invites",
] as const;

/**
 * The edit dialog: 1 basics and time; 2 attendees (co-hosts are
 * managed here too); 3 drink, vibe, cover and notes; 4 visibility, capacity and plus-ones, invites
 * (sent after a successful save). The form is filled from the
 * event each time it opens. A failed cover upload is reported and saving continues.
 * Offline, Save Changes is off with the reason (a new or removed cover is saved with
 * it) and what was typed stays; a save already sent waits for the connection.
 */
export function EditEventDialog({
  event,
  open,
  onClose,
  canManageCoHosts,
  onSaved,
}: {
  event: EditableEvent;
  open: boolean;
  onClose: () => void;
  canManageCoHosts: boolean;
  onSaved?: (path: string) => void;
}) {
  return (
    <Modal open={open} onClose={onClose} size="lg" title="Edit session" description={event.title}>
      {/* Mounted only while open, so each opening starts from the event as it is now. */}
      {open && (
        <EditForm
          event={event}
          onClose={onClose}
          canManageCoHosts={canManageCoHosts}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function EditForm({
  event,
  onClose,
  canManageCoHosts,
  onSaved,
}: {
  event: EditableEvent;
  onClose: () => void;
  canManageCoHosts: boolean;
  onSaved?: (path: string) => void;
}) {
  const timeZone = viewerTimeZone();
  const now = useNow(30_000);
  const [values, setValues] = useState<EventFormValues>(() => editValuesFrom(event, timeZone));
  const [invites, setInvites] = useState<InviteSelection>(NO_INVITES);
  const [seats, setSeats] = useState<CapacityValues>(() => capacityValuesFrom(event));
  const [removeCover, setRemoveCover] = useState(false);
  const [step, setStep] = useState(1);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const update = useMutation(api.events.update);
  const removeCoverMutation = useMutation(api.events.removeCover);
  const uploadCover = useCoverUpload();
  const sendInvitations = useSendInvitations();
  const network = useNetworkNeeded("saving changes", saving);

  const input = toEditInput(values, timeZone);
  const seatsProblem = step === EDIT_WIZARD_STEPS ? capacityProblem(seats) : null;
  const stepErrors = {
    ...errorMap(editStepErrors(step, input)),
    ...(seatsProblem ? { capacity: seatsProblem } : {}),
  };
  const errors: FormErrors = showErrors ? { ...serverErrors, ...stepErrors } : serverErrors;

  function change(next: EventFormValues) {
    setValues(next);
    setServerErrors({});
  }

  async function save() {
    setSaving(true);
    if (values.cover) {
      setProgress(0);
      try {
        await uploadCover(event._id, values.cover, setProgress);
      } catch (error) {
        toast.error(
          coverUploadFailedMessage(error instanceof Error ? error.message : "Please try again"),
        );
      }
      setProgress(null);
    } else if (removeCover && event.coverUrl) {
      try {
        await removeCoverMutation({ eventId: event._id });
      } catch {
        // The old cover stays; the rest still saves.
      }
    }
    try {
      const result = await update({
        eventId: event._id,
        ...toEditInput(values, timeZone),
        ...capacityInput(seats),
      });
      toast.success("Changes saved");
      void sendInvitations(event._id, invites);
      onClose();
      onSaved?.(result.path);
    } catch (error) {
      const data = appErrorData(error);
      toast.error(
        data?.code === "VALIDATION" || data?.code === "FORBIDDEN"
          ? data.message
          : EVENT_ERRORS.saveFailed,
      );
      const fieldStep = data?.field
        ? Object.entries(EDIT_STEP_FIELDS).find(([, fields]) =>
            (fields as readonly string[]).includes(data.field!),
          )
        : undefined;
      if (data?.field && fieldStep) {
        setServerErrors({ [data.field]: data.message });
        setStep(Number(fieldStep[0]));
      }
    } finally {
      setSaving(false);
    }
  }

  function onSubmit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (saving) return;
    if (Object.keys(stepErrors).length > 0) {
      setShowErrors(true);
      return;
    }
    setShowErrors(false);
    if (step < EDIT_WIZARD_STEPS) setStep(step + 1);
    else if (!network.blocked) void save();
  }

  const lastStep = step === EDIT_WIZARD_STEPS;

  return (
    <>
      <p className="mb-3 text-xs font-bold tracking-widest text-brand-amber uppercase">
        Step {step} of {EDIT_WIZARD_STEPS} · {STEP_TITLES[step - 1]}
      </p>
      <StepProgress step={step} total={EDIT_WIZARD_STEPS} />
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-5 flex flex-col gap-5"
        aria-label="Edit session"
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
              explicit
            />
            <PlaceFields values={values} onChange={change} errors={errors} />
          </>
        )}
        {step === 2 && (
          <div className="flex flex-col gap-3">
            <h3 className="text-sm font-semibold text-cream-200">Who&apos;s coming</h3>
            <AttendeeList eventId={event._id} canManage={canManageCoHosts} />
          </div>
        )}
        {step === 3 && (
          <>
            <DrinkPicker values={values} onChange={change} errors={errors} />
            <VibePicker values={values} onChange={change} errors={errors} />
            <CoverPicker
              file={values.cover}
              onChange={(cover) => {
                change({ ...values, cover });
                if (cover) setRemoveCover(false);
              }}
              vibe={values.vibe}
              currentUrl={removeCover ? null : event.coverUrl}
              progress={progress}
            />
            {event.coverUrl && !values.cover && (
              <Button
                variant="ghost"
                className="self-start"
                onClick={() => setRemoveCover(!removeCover)}
              >
                {removeCover ? "Keep the current cover" : "Use the vibe's cover instead"}
              </Button>
            )}
            <NotesInput values={values} onChange={change} errors={errors} />
          </>
        )}
        {step === 4 && (
          <>
            <PublicSwitch values={values} onChange={change} />
            <CapacityFields values={seats} onChange={setSeats} error={errors.capacity} />
            <InvitePicker value={invites} onChange={setInvites} eventId={event._id} />
          </>
        )}
        <div className="sticky bottom-0 -mx-5 mt-1 flex flex-wrap items-center gap-3 border-t border-night-700 bg-night-850 px-5 pt-4 sm:-mx-7 sm:px-7">
          {step > 1 ? (
            <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={saving}>
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
            disabled={saving}
            {...(lastStep ? network.control : {})}
          >
            {saving && <Spinner className="size-4" />}
            {!lastStep ? "Next" : saving ? network.busyLabel("Saving...") : "Save Changes"}
          </Button>
          {lastStep && <NeedsNetworkNote need={network} className="w-full text-right" />}
        </div>
      </form>
    </>
  );
}
