import { Field as HeadlessField, Description, Label, Switch } from "@headlessui/react";
import { useMutation } from "convex/react";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { FAVORITE_DRINK_OPTIONS, NO_FAVORITE_DRINK } from "@shared/drinks";
import { ERROR_MESSAGES, appErrorData, errorMessage } from "@shared/errors";
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  PROFILE_VISIBILITY_OPTIONS,
  TAGLINE_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  profileFormDefaults,
  profileFormSchema,
  type ProfileFormInput,
} from "@shared/profileRules";
import { textLength } from "@shared/userText";
import { Button } from "@/components/ui/Button";
import { Field, inputStyles } from "@/components/ui/Field";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/lib/cn";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import type { OwnProfile } from "./types";

type FieldName = keyof ProfileFormInput;
type FieldErrors = Partial<Record<FieldName, string>>;

/** Fields in the order they appear, to focus the first one with a problem. */
const FIELD_ORDER: FieldName[] = [
  "username",
  "displayName",
  "nickname",
  "tagline",
  "bio",
  "favoriteDrink",
  "profileVisibility",
  "showCrewsPublicly",
];

function isFieldName(value: unknown): value is FieldName {
  return typeof value === "string" && (FIELD_ORDER as string[]).includes(value);
}

const sectionClasses = "rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset sm:p-7";

/**
 * The edit form: every profile field with its limit, checked with
 * the shared zod schema before sending; server refusals show at their field.
 * Offline Save is off with the reason and what was typed stays.
 */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const update = useMutation(api.profiles.update);
  const navigate = useNavigate();
  const [values, setValues] = useState<ProfileFormInput>(() => profileFormDefaults(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const network = useNetworkNeeded("saving your profile", saving);
  const form = useRef<HTMLFormElement>(null);

  function set<K extends FieldName>(field: K, value: ProfileFormInput[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  }

  function focusField(field: FieldName) {
    // Radio groups focus their checked option; everything else has its name.
    const element =
      form.current?.querySelector<HTMLElement>(`[name="${field}"]:checked`) ??
      form.current?.querySelector<HTMLElement>(`[name="${field}"]`);
    element?.focus();
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (network.blocked) return;
    const parsed = profileFormSchema.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isFieldName(field) && found[field] === undefined) found[field] = issue.message;
      }
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field] !== undefined);
      if (first) focusField(first);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await update(parsed.data);
      toast.success("Profile updated! 🍻");
      await navigate(`/profile/${saved.username}`);
    } catch (err) {
      const data = appErrorData(err);
      if (data?.field !== undefined && isFieldName(data.field)) {
        setErrors({ [data.field]: data.message });
        focusField(data.field);
      } else {
        toast.error(errorMessage(err, ERROR_MESSAGES.profileUpdateFailed));
      }
    } finally {
      setSaving(false);
    }
  }

  const nickname = values.nickname ?? "";
  const bio = values.bio ?? "";
  const tagline = values.tagline ?? "";
  const errorCount = Object.keys(errors).length;

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => void save(event)}
      className="flex flex-col gap-6"
    >
      <section aria-labelledby="about-heading" className={sectionClasses}>
        <h2 id="about-heading" className="font-display text-xl font-bold">
          About you
        </h2>
        <div className="mt-5 grid gap-5 sm:grid-cols-2">
          <Field
            label="Username"
            error={errors.username}
            hint={`${USERNAME_MIN_LENGTH}–${USERNAME_MAX_LENGTH} characters: lowercase letters, numbers and underscores.`}
          >
            {(control) => (
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 left-4 flex items-center text-cream-400"
                >
                  @
                </span>
                <input
                  {...control}
                  name="username"
                  required
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  value={values.username}
                  onChange={(event) => set("username", event.target.value)}
                  className={cn(inputStyles, "pl-9")}
                />
              </div>
            )}
          </Field>
          <Field
            label="Display name"
            error={errors.displayName}
            hint={`Up to ${DISPLAY_NAME_MAX_LENGTH} characters.`}
          >
            {(control) => (
              <input
                {...control}
                name="displayName"
                autoComplete="name"
                value={values.displayName ?? ""}
                onChange={(event) => set("displayName", event.target.value)}
                className={inputStyles}
              />
            )}
          </Field>
          <Field
            label="Nickname"
            error={errors.nickname}
            counter={{ used: textLength(nickname), max: NICKNAME_MAX_LENGTH }}
            hint="Shown as “aka” on your profile."
          >
            {(control) => (
              <input
                {...control}
                name="nickname"
                autoComplete="nickname"
                value={nickname}
                onChange={(event) => set("nickname", event.target.value)}
                className={inputStyles}
              />
            )}
          </Field>
          <Field
            label="Tagline"
            error={errors.tagline}
            counter={{ used: textLength(tagline), max: TAGLINE_MAX_LENGTH }}
          >
            {(control) => (
              <input
                {...control}
                name="tagline"
                placeholder="First round's on me"
                value={tagline}
                onChange={(event) => set("tagline", event.target.value)}
                className={inputStyles}
              />
            )}
          </Field>
          <Field
            label="Bio"
            error={errors.bio}
            counter={{ used: textLength(bio), max: BIO_MAX_LENGTH }}
            className="sm:col-span-2"
          >
            {(control) => (
              <textarea
                {...control}
                name="bio"
                rows={4}
                placeholder="Tell your crew what you're about."
                value={bio}
                onChange={(event) => set("bio", event.target.value)}
                className={cn(inputStyles, "resize-y")}
              />
            )}
          </Field>
        </div>
      </section>

      <fieldset
        className={sectionClasses}
        aria-describedby={errors.favoriteDrink ? "favorite-drink-error" : undefined}
      >
        <legend className="float-left w-full font-display text-xl font-bold">
          Favourite drink
        </legend>
        <p className="clear-left pt-1 text-sm text-cream-400">Shown next to your name.</p>
        <div className="mt-4 grid grid-cols-2 gap-2 min-[420px]:grid-cols-3 sm:grid-cols-4">
          {FAVORITE_DRINK_OPTIONS.map((option) => (
            <ChoiceChip
              key={option.value}
              name="favoriteDrink"
              value={option.value}
              checked={(values.favoriteDrink ?? NO_FAVORITE_DRINK) === option.value}
              onChange={() => set("favoriteDrink", option.value)}
            >
              <span aria-hidden="true" className="text-xl">
                {option.emoji || "🤷"}
              </span>
              {option.label}
            </ChoiceChip>
          ))}
        </div>
        {errors.favoriteDrink && (
          <p id="favorite-drink-error" className="mt-3 text-sm font-medium text-red-300">
            {errors.favoriteDrink}
          </p>
        )}
      </fieldset>

      <section aria-labelledby="privacy-heading" className={sectionClasses}>
        <h2 id="privacy-heading" className="font-display text-xl font-bold">
          Privacy
        </h2>
        <fieldset className="mt-4">
          <legend className="text-sm font-semibold text-cream-200">Who can see your profile</legend>
          <div className="mt-3 grid gap-2 sm:grid-cols-3">
            {PROFILE_VISIBILITY_OPTIONS.map((option) => (
              <label
                key={option.value}
                className="grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 rounded-2xl bg-night-950/60 p-4 ring-1 ring-night-600 transition ring-inset hover:bg-night-800 has-checked:bg-night-800 has-checked:ring-2 has-checked:ring-brand-amber has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-amber"
              >
                <input
                  type="radio"
                  name="profileVisibility"
                  value={option.value}
                  checked={values.profileVisibility === option.value}
                  onChange={() => set("profileVisibility", option.value)}
                  aria-describedby={`visibility-${option.value}-description`}
                  className="row-span-2 mt-1 size-4 shrink-0 accent-brand-amber"
                />
                <span className="font-semibold">{option.label}</span>
                <span
                  id={`visibility-${option.value}-description`}
                  className="text-sm text-cream-400"
                >
                  {option.description}
                </span>
              </label>
            ))}
          </div>
          {errors.profileVisibility && (
            <p className="mt-3 text-sm font-medium text-red-300">{errors.profileVisibility}</p>
          )}
        </fieldset>
        <HeadlessField className="mt-6 flex items-start justify-between gap-4 rounded-2xl bg-night-950/60 p-4 ring-1 ring-night-600 ring-inset">
          <div>
            <Label className="font-semibold">Show my crews publicly</Label>
            <Description className="text-sm text-cream-400">
              When off, only you see your crews on your profile.
            </Description>
          </div>
          <Switch
            name="showCrewsPublicly"
            checked={values.showCrewsPublicly}
            onChange={(checked) => set("showCrewsPublicly", checked)}
            className="group relative inline-flex h-7 w-12 shrink-0 cursor-pointer rounded-full bg-night-400 p-1 transition data-checked:bg-brand-orange data-focus:outline-3 data-focus:outline-offset-2 data-focus:outline-brand-amber"
          >
            <span
              aria-hidden="true"
              className="size-5 rounded-full bg-cream-50 shadow transition group-data-checked:translate-x-5"
            />
          </Switch>
        </HeadlessField>
      </section>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-night-700 bg-night-900/90 px-4 py-4 backdrop-blur-md sm:mx-0 sm:rounded-3xl sm:border sm:px-6">
        {errorCount > 0 && (
          <p role="alert" className="text-sm font-medium text-red-300">
            {errorCount === 1
              ? "Please fix the highlighted field."
              : `Please fix the ${errorCount} highlighted fields.`}
          </p>
        )}
        <div className="flex items-center justify-end gap-3">
          <Link
            to={`/profile/${profile.username}`}
            className="rounded-full px-4 py-2 text-sm font-semibold text-cream-200 hover:bg-night-800 hover:text-cream-50"
          >
            Cancel
          </Link>
          <Button type="submit" size="lg" disabled={saving} {...network.control}>
            {saving ? (
              <>
                <Spinner /> {network.busyLabel("Saving…")}
              </>
            ) : (
              "Save Changes"
            )}
          </Button>
        </div>
        <NeedsNetworkNote need={network} className="text-right" />
      </div>
    </form>
  );
}

function ChoiceChip({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className="relative flex min-h-12 cursor-pointer items-center gap-2 rounded-2xl bg-night-950/60 px-3 py-2 text-sm font-semibold text-cream-200 ring-1 ring-night-600 transition ring-inset hover:bg-night-800 hover:text-cream-50 has-checked:bg-brand-gradient has-checked:text-brand-ink has-checked:ring-0 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-amber">
      {/* Invisible but covering the chip, so a tap anywhere on it lands on the radio itself. */}
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-2xl opacity-0"
      />
      {children}
    </label>
  );
}
