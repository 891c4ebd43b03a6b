import { useCallback, useState } from "react";
import { readStorage, writeStorage } from "./storage";

/**
 * A choice among `options` remembered in local storage under `key`
 * (e.g. the selected profile tab); falls back to the first option.
 */
export function usePersistentChoice<T extends string>(
  key: string,
  options: readonly T[],
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = readStorage("local", key);
    return options.find((option) => option === stored) ?? options[0];
  });
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      writeStorage("local", key, next);
    },
    [key],
  );
  return [value, choose];
}
