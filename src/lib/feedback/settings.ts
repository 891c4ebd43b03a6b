/**
 * The person's feedback settings, kept in this browser only:
 * read fresh on every interaction so a change on the Settings page applies at once.
 */
import { parseFeedbackSettings, type FeedbackSettings } from "@shared/feedback";
import { readStorage, writeStorage } from "../storage";

const FEEDBACK_SETTINGS_KEY = "feedbackSettings";

export function readFeedbackSettings(): FeedbackSettings {
  const raw = readStorage("local", FEEDBACK_SETTINGS_KEY);
  if (raw === null) return parseFeedbackSettings(null);
  try {
    return parseFeedbackSettings(JSON.parse(raw));
  } catch {
    return parseFeedbackSettings(null);
  }
}

export function writeFeedbackSettings(settings: FeedbackSettings): void {
  writeStorage("local", FEEDBACK_SETTINGS_KEY, JSON.stringify(settings));
}
