/**
 * Dates on the crew screens, in the viewer's own time zone and the app's
 * English: 'Joined Mar 7, 2026', 'Sat, Mar 7 · 8:00 PM'.
 */
const dayFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
});
const sessionDayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
});
const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

export function formatDay(instant: number): string {
  return dayFormat.format(instant);
}

export function formatSessionWhen(instant: number): string {
  return `${sessionDayFormat.format(instant)} · ${timeFormat.format(instant)}`;
}

/** The month and day of a session, for its date tile ('MAR', '7'). */
export function sessionDateTile(instant: number): { month: string; day: string } {
  const date = new Date(instant);
  return {
    month: date.toLocaleString("en-US", { month: "short" }).toUpperCase(),
    day: String(date.getDate()),
  };
}
