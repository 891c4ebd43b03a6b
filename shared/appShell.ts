/**
 * Which prerendered HTML file a page address is served from, by the host and by the service
 * worker alike: `/` is the landing page (index.html), every other page address the bare app
 * shell (app-shell.html), and an address with a file extension is a file, not a page.
 */
export const LANDING_FILE = "index.html";
export const APP_SHELL_FILE = "app-shell.html";

export function pageFileFor(pathname: string): typeof LANDING_FILE | typeof APP_SHELL_FILE | null {
  if (pathname === "/") return LANDING_FILE;
  return /\.[a-z0-9]+$/i.test(pathname) ? null : APP_SHELL_FILE;
}
