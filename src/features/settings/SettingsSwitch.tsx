import { Description, Field, Label, Switch } from "@headlessui/react";

/** One on/off row of a Settings section: a label, a line of help and a switch. */
export function SettingsSwitch({
  name,
  label,
  description,
  checked,
  onChange,
}: {
  /** For a switch inside a form. */
  name?: string;
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Field className="flex items-center justify-between gap-4 rounded-2xl bg-night-950/60 p-4 ring-1 ring-night-600 ring-inset">
      <div>
        <Label className="font-semibold">{label}</Label>
        <Description className="text-sm text-cream-400">{description}</Description>
      </div>
      <Switch
        name={name}
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-7 w-12 shrink-0 cursor-pointer rounded-full bg-night-400 p-1 transition data-checked:bg-brand-orange data-focus:outline-3 data-focus:outline-offset-2 data-focus:outline-brand-amber"
      >
        <span
          aria-hidden="true"
          className="size-5 rounded-full bg-cream-50 shadow transition group-data-checked:translate-x-5"
        />
      </Switch>
    </Field>
  );
}
