import { useMutation, useQuery } from "convex/react";
import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import {
  CATEGORY_TOGGLE,
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_COPY,
  EMAIL_FREQUENCIES,
  EMAIL_FREQUENCY_COPY,
  EMAIL_PREFERENCE_MESSAGES,
  type EmailPreferences,
} from "@shared/emailPreferences";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { Skeleton } from "@/components/ui/Skeleton";
import { Spinner } from "@/components/ui/Spinner";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { SettingsSection } from "./SettingsSection";
import { SettingsSwitch } from "./SettingsSwitch";

/** Settings › E-mail: which e-mails to get and how often. */
export function EmailPreferencesSection() {
  return (
    <SettingsSection
      id="email-preferences"
      title="Email preferences"
      description="Sign-in links always arrive. Everything else is up to you."
    >
      <LoadErrorBoundary message={EMAIL_PREFERENCE_MESSAGES.failedToLoad}>
        <EmailPreferencesLoader />
      </LoadErrorBoundary>
    </SettingsSection>
  );
}

function EmailPreferencesLoader() {
  const saved = useQuery(api.emailPreferences.mine, {});
  if (saved === undefined) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading email preferences"
        className="grid gap-3"
      >
        <Skeleton className="h-16 rounded-2xl" />
        <Skeleton className="h-16 rounded-2xl" />
        <Skeleton className="h-16 rounded-2xl" />
      </div>
    );
  }
  // Keyed by what the server has, so a save elsewhere (another tab, an unsubscribe) resets the form.
  return <EmailPreferencesForm key={JSON.stringify(saved)} saved={saved} />;
}

function EmailPreferencesForm({ saved }: { saved: EmailPreferences }) {
  const save = useMutation(api.emailPreferences.save);
  const [values, setValues] = useState<EmailPreferences>(saved);
  const [saving, setSaving] = useState(false);
  const network = useNetworkNeeded("saving preferences", saving);
  const changed = (Object.keys(saved) as (keyof EmailPreferences)[]).some(
    (key) => values[key] !== saved[key],
  );
  const mailOff = values.emailFrequency === "never";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (network.blocked) return;
    setSaving(true);
    try {
      const { message } = await save({
        ...values,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      toast.success(message);
    } catch (err) {
      toast.error(errorMessage(err, EMAIL_PREFERENCE_MESSAGES.failedToSave));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <fieldset>
        <legend className="text-sm font-semibold text-cream-200">Send me e-mails about</legend>
        <div className="mt-3 grid gap-2">
          {EMAIL_CATEGORIES.map((category) => {
            const toggle = CATEGORY_TOGGLE[category];
            const copy = EMAIL_CATEGORY_COPY[category];
            return (
              <SettingsSwitch
                key={category}
                name={toggle}
                label={copy.label}
                description={copy.description}
                checked={values[toggle]}
                onChange={(checked) => setValues((current) => ({ ...current, [toggle]: checked }))}
              />
            );
          })}
        </div>
        {mailOff && (
          <p className="mt-3 text-sm text-cream-400">
            With “Never”, these stay as they are but no e-mail goes out. In-app notifications still
            come.
          </p>
        )}
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-cream-200">How often</legend>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {EMAIL_FREQUENCIES.map((frequency) => {
            const copy = EMAIL_FREQUENCY_COPY[frequency];
            const descriptionId = `email-frequency-${frequency}-description`;
            return (
              <label
                key={frequency}
                className="grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 rounded-2xl bg-night-950/60 p-4 ring-1 ring-night-600 transition ring-inset hover:bg-night-800 has-checked:bg-night-800 has-checked:ring-2 has-checked:ring-brand-amber has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-amber"
              >
                <input
                  type="radio"
                  name="emailFrequency"
                  value={frequency}
                  checked={values.emailFrequency === frequency}
                  onChange={() =>
                    setValues((current) => ({ ...current, emailFrequency: frequency }))
                  }
                  aria-describedby={descriptionId}
                  className="row-span-2 mt-1 size-4 shrink-0 accent-brand-amber"
                />
                <span className="font-semibold">{copy.label}</span>
                <span id={descriptionId} className="text-sm text-cream-400">
                  {copy.description}
                </span>
              </label>
            );
          })}
        </div>
        <p className="mt-3 text-sm text-cream-400">
          Session reminders are never held for a digest: with a digest they come in the app only.
        </p>
      </fieldset>

      <div className="flex flex-col items-end gap-2">
        <Button type="submit" size="lg" disabled={saving || !changed} {...network.control}>
          {saving ? (
            <>
              <Spinner /> {network.busyLabel("Saving…")}
            </>
          ) : (
            "Save preferences"
          )}
        </Button>
        <NeedsNetworkNote need={network} className="text-right" />
      </div>
    </form>
  );
}
