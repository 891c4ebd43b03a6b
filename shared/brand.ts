/**
 * Brand strings, shared by the web app and the Convex backend (e-mails, toasts).
 * The product name lives only here so a rename is a one-line change.
 */

export const APP_NAME = "Clink";

export const TAGLINE = "Tap. Drink. Repeat.";

export const DEFAULT_TITLE = `${APP_NAME} – ${TAGLINE}`;

/**
 * The page background (night-900 in src/index.css): the browser's theme colour, the installed
 * app's splash screen and the maskable icon's backdrop.
 */
export const BRAND_BACKGROUND = "#120c09";

export const APP_DESCRIPTION = `${APP_NAME} – plan drinking sessions with your crew in under 60 seconds. Auto-invites, live RSVPs and sessions near you.`;

/** Title for any named page: "{name} | Clink". */
export function pageTitle(name: string): string {
  return `${name} | ${APP_NAME}`;
}

export function eventPageTitle(eventTitle: string): string {
  return pageTitle(eventTitle);
}

export function crewPageTitle(crewName: string): string {
  return pageTitle(crewName);
}
