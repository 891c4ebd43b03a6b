import { useCallback, useRef, useState } from "react";
import { appendLog, type DebugLogLine, type DebugLogType } from "@shared/debugPages";

/** A page's debug log, newest last, kept to `cap` lines when given. */
export function useDebugLog(cap?: number) {
  const [lines, setLines] = useState<DebugLogLine[]>([]);
  const nextId = useRef(1);
  const log = useCallback(
    (type: DebugLogType, message: string, data?: unknown) => {
      const line: DebugLogLine = { id: nextId.current++, time: Date.now(), type, message, data };
      setLines((current) => appendLog(current, line, cap));
    },
    [cap],
  );
  const clear = useCallback(() => setLines([]), []);
  return { lines, log, clear };
}

export type DebugLog = ReturnType<typeof useDebugLog>;
