/**
 * The browsers' time zone for an end-to-end run: one in which the run starts at midday.
 * Tests create sessions "tomorrow at 8 PM" and look for them under "Tomorrow"; with midnight
 * eleven hours away, "today" and "tomorrow" cannot change while a run lasts, whatever the hour
 * on the machine. Etc/GMT zones keep one offset all year: no daylight-saving change either.
 */
export function middayTimeZone(now: number): string {
  const offsetHours = 12 - new Date(now).getUTCHours(); // from -11 to +12
  if (offsetHours === 0) return "Etc/GMT";
  // Etc/GMT zones name their offset with the opposite sign: Etc/GMT-3 is UTC+3.
  return `Etc/GMT${offsetHours > 0 ? "-" : "+"}${Math.abs(offsetHours)}`;
}
