import { Field as HeadlessField, Label, Description, Switch } from "@headlessui/react";
import { DRINK_TYPES, DRINKS } from "@shared/drinks";
import {
  DURATION_TYPES,
  DURATION_TYPE_LABELS,
  VIBES,
  VIBE_OPTIONS,
  type DurationType,
} from "@shared/eventOptions";
import {
  NOTES_MAX_LENGTH,
  PLACE_NICKNAME_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from "@shared/eventRules";
import { toDateTimeLocalValue } from "@shared/eventTiming";
import { Field, inputStyles } from "@/components/ui/Field";
import { cn } from "@/lib/cn";
import { VIBE_GRADIENTS } from "../components/vibeStyles";
import { ChoiceCards, type ChoiceOption } from "./ChoiceCards";
import { LocationField } from "@/components/places/LocationField";
import { withDurationType, type EventFormValues } from "./wizardForm";

export type FormErrors = Partial<Record<string, string>>;

type SectionProps = {
  values: EventFormValues;
  onChange: (next: EventFormValues) => void;
  errors: FormErrors;
};

const TIME_DESCRIPTIONS: Record<DurationType, { emoji: string; description: string }> = {
  now: { emoji: "⚡", description: "Starts the moment you create it" },
  specific_time: { emoji: "🕗", description: "Pick a start; runs about 4 hours" },
  all_night: { emoji: "🌙", description: "Pick a start; goes till midnight" },
  custom: { emoji: "🗓️", description: "Pick a start and an end" },
};

const timeOptions: ChoiceOption<DurationType>[] = DURATION_TYPES.map((value) => ({
  value,
  label: DURATION_TYPE_LABELS[value],
  ...TIME_DESCRIPTIONS[value],
}));

const drinkOptions: ChoiceOption<(typeof DRINK_TYPES)[number]>[] = DRINK_TYPES.map((value) => ({
  value,
  label: DRINKS[value].label,
  emoji: DRINKS[value].emoji,
}));

const vibeOptions: ChoiceOption<(typeof VIBES)[number]>[] = VIBES.map((value) => ({
  value,
  label: VIBE_OPTIONS[value].label,
  emoji: VIBE_OPTIONS[value].emoji,
  selectedClassName: VIBE_GRADIENTS[value],
}));

export function TitleInput({
  values,
  onChange,
  errors,
  focusFirst,
}: SectionProps & { focusFirst?: boolean }) {
  return (
    <Field
      label="Session name"
      error={errors.title}
      counter={
        values.title.length > TITLE_MAX_LENGTH * 0.8
          ? { used: [...values.title].length, max: TITLE_MAX_LENGTH }
          : undefined
      }
    >
      {(control) => (
        <input
          {...control}
          type="text"
          // The dialog opens on this field (Headless UI's focus trap reads it): it is the first thing to fill in.
          data-autofocus={focusFirst || undefined}
          value={values.title}
          maxLength={TITLE_MAX_LENGTH + 20}
          placeholder="Friday pints, Tequila Tuesday…"
          onChange={(event) => onChange({ ...values, title: event.target.value })}
          className={inputStyles}
        />
      )}
    </Field>
  );
}

function DateTimeInput({
  label,
  value,
  min,
  error,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type="datetime-local"
          value={value}
          min={min}
          onChange={(event) => onChange(event.target.value)}
          className={cn(inputStyles, "[color-scheme:dark]")}
        />
      )}
    </Field>
  );
}

/**
 * When: the create wizard's four choices with the times they need; the edit
 * dialog (`explicit`) always edits a start and an end. The start's minimum is
 * now (create only: an ongoing event keeps its start), the end's the start.
 */
export function TimeFields({
  values,
  onChange,
  errors,
  now,
  timeZone,
  explicit = false,
}: SectionProps & { now: number; timeZone: string; explicit?: boolean }) {
  const showStart = explicit || values.durationType !== "now";
  const showEnd = explicit || values.durationType === "custom";
  const minStart = explicit ? undefined : toDateTimeLocalValue(now, timeZone);
  return (
    <div className="flex flex-col gap-4">
      {!explicit && (
        <ChoiceCards
          label="When?"
          value={values.durationType}
          onChange={(durationType) =>
            onChange(withDurationType(values, durationType, now, timeZone))
          }
          options={timeOptions}
          columns="grid-cols-2"
          descriptionsFromSm
          error={errors.durationType}
        />
      )}
      {(showStart || showEnd) && (
        <div className={cn("grid gap-4", showStart && showEnd && "sm:grid-cols-2")}>
          {showStart && (
            <DateTimeInput
              label="Starts"
              value={values.startLocal}
              min={minStart}
              error={errors.startTime}
              onChange={(startLocal) => onChange({ ...values, startLocal })}
            />
          )}
          {showEnd && (
            <DateTimeInput
              label={explicit ? "Ends (optional, 3 hours if empty)" : "Ends"}
              value={values.endLocal}
              min={values.startLocal || minStart}
              error={errors.endTime}
              onChange={(endLocal) => onChange({ ...values, endLocal })}
            />
          )}
        </div>
      )}
    </div>
  );
}

export function PlaceFields({ values, onChange, errors }: SectionProps) {
  return (
    <div className="flex flex-col gap-4">
      <Field
        label="Place nickname"
        hint="What your crew calls it: “The usual”, “Dave’s roof”."
        error={errors.placeNickname}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            value={values.placeNickname}
            maxLength={PLACE_NICKNAME_MAX_LENGTH}
            placeholder="The usual spot"
            onChange={(event) => onChange({ ...values, placeNickname: event.target.value })}
            className={inputStyles}
          />
        )}
      </Field>
      <LocationField
        value={{ location: values.location, place: values.place }}
        onChange={(location) => onChange({ ...values, ...location })}
        error={errors.location ?? errors.place}
      />
    </div>
  );
}

export function DrinkPicker({ values, onChange, errors }: SectionProps) {
  return (
    <ChoiceCards
      label="What are we drinking?"
      value={values.drinkType}
      onChange={(drinkType) => onChange({ ...values, drinkType })}
      options={drinkOptions}
      columns="grid-cols-3 sm:grid-cols-5"
      compact
      error={errors.drinkType}
    />
  );
}

export function VibePicker({ values, onChange, errors }: SectionProps) {
  return (
    <ChoiceCards
      label="What's the vibe?"
      value={values.vibe}
      onChange={(vibe) => onChange({ ...values, vibe })}
      options={vibeOptions}
      columns="grid-cols-2 sm:grid-cols-4"
      compact
      error={errors.vibe}
    />
  );
}

export function NotesInput({ values, onChange, errors }: SectionProps) {
  return (
    <Field
      label="Notes"
      hint="Dress code, who's buying the first round, where to find you."
      error={errors.notes}
      counter={{ used: [...values.notes].length, max: NOTES_MAX_LENGTH }}
    >
      {(control) => (
        <textarea
          {...control}
          rows={3}
          value={values.notes}
          maxLength={NOTES_MAX_LENGTH + 50}
          placeholder="Anything people should know?"
          onChange={(event) => onChange({ ...values, notes: event.target.value })}
          className={cn(inputStyles, "resize-y")}
        />
      )}
    </Field>
  );
}

export function PublicSwitch({ values, onChange }: Omit<SectionProps, "errors">) {
  return (
    <HeadlessField className="flex items-start justify-between gap-4 rounded-2xl bg-night-800 p-4 ring-1 ring-night-600 ring-inset">
      <span className="flex flex-col gap-1">
        <span className="flex items-center gap-2 text-sm font-bold text-cream-50">
          <span aria-hidden="true">{values.isPublic ? "🌍" : "🔒"}</span>
          <Label>Public session</Label>
        </span>
        <Description className="text-sm text-cream-400">
          {values.isPublic
            ? "Anyone can find it on Discover and join."
            : "Hidden from Discover; only people who are going can see it."}
        </Description>
      </span>
      <Switch
        checked={values.isPublic}
        onChange={(isPublic) => onChange({ ...values, isPublic })}
        className="group relative mt-0.5 inline-flex h-8 w-14 shrink-0 cursor-pointer rounded-full bg-night-400 p-1 transition data-checked:bg-brand-gradient data-focus:outline-3 data-focus:outline-offset-2 data-focus:outline-brand-amber"
      >
        <span
          aria-hidden="true"
          className="size-6 translate-x-0 rounded-full bg-cream-50 shadow transition group-data-checked:translate-x-6"
        />
      </Switch>
    </HeadlessField>
  );
}
