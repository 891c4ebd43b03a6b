import type { ComponentType } from "react";
import { pageTitle } from "@shared/brand";
import { usePageTitle } from "@/lib/usePageTitle";
import { CalendarSection } from "./CalendarSection";
import { EmailPreferencesSection } from "./EmailPreferencesSection";
import { FeedbackSection } from "./FeedbackSection";
import { PushSection } from "./PushSection";

/** The page's sections, in order. Add one: a component built on ./SettingsSection, one line here. */
const SETTINGS_SECTIONS: ReadonlyArray<ComponentType> = [
  EmailPreferencesSection,
  PushSection,
  CalendarSection,
  FeedbackSection,
];

/** /settings (signed-in only): what the app sends and how it feels, one section per topic. */
export function SettingsPage() {
  usePageTitle(pageTitle("Settings"));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <div>
        <h1 className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
          Settings
        </h1>
        <p className="mt-1 text-cream-200">Choose what Clink sends you and how it feels.</p>
      </div>
      {SETTINGS_SECTIONS.map((Section, index) => (
        <Section key={index} />
      ))}
    </div>
  );
}
