/**
 * Browser storage that never throws: private modes, disabled storage and
 * quota errors all read as "nothing stored" instead of crashing a screen.
 */
type StorageArea = "local" | "session";

function area(kind: StorageArea): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(kind: StorageArea, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(kind: StorageArea, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Storage full or disabled: the app works without it.
  }
}

export function removeStorage(kind: StorageArea, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

/** Every key currently in one storage area. */
export function storageKeys(kind: StorageArea): string[] {
  const storage = area(kind);
  if (storage === null) return [];
  try {
    return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key !== null,
    );
  } catch {
    return [];
  }
}
