/** A message for the app's one polite live region (rendered by the shell). */
type Announcement = { id: number; text: string };

/** The same words again within this long are one change told twice (a toast and a live query). */
export const REPEAT_WINDOW_MS = 3000;
/** How long a message stays in the region: long enough to be read, short enough not to pile up. */
export const ANNOUNCEMENT_MS = 7000;

let shown: readonly Announcement[] = [];
let nextId = 1;
const lastSaid = new Map<string, number>();
const listeners = new Set<() => void>();

function publish(next: readonly Announcement[]) {
  shown = next;
  for (const listener of listeners) listener();
}

/**
 * Says `text` once through the live region, politely (after what the screen reader is reading).
 * The same text again within `REPEAT_WINDOW_MS` is dropped, so one change reported by two
 * paths is heard once. Returns whether it will be said.
 */
export function announce(text: string, now: number = Date.now()): boolean {
  const words = text.replace(/\s+/g, " ").trim();
  if (words === "") return false;
  const said = lastSaid.get(words);
  if (said !== undefined && now - said < REPEAT_WINDOW_MS) return false;
  for (const [old, at] of lastSaid) if (now - at >= REPEAT_WINDOW_MS) lastSaid.delete(old);
  lastSaid.set(words, now);
  const message = { id: nextId++, text: words };
  // Each message is a new node: the region reads additions, so two quick ones are both heard.
  publish([...shown, message]);
  setTimeout(() => publish(shown.filter((item) => item.id !== message.id)), ANNOUNCEMENT_MS);
  return true;
}

export const announcements = (): readonly Announcement[] => shown;

export function subscribeToAnnouncements(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
