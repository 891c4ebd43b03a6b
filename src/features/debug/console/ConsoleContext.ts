import { createContext, useContext } from "react";
import type { Id } from "@convex/_generated/dataModel";
import type { DebugLog } from "../kit/useDebugLog";

/** What the console's tabs share: the test session made in Email Testing or E2E, and the log. */
type ConsoleState = {
  testEventId: Id<"events"> | null;
  setTestEventId: (id: Id<"events"> | null) => void;
  log: DebugLog["log"];
};

export const ConsoleContext = createContext<ConsoleState | null>(null);

export function useConsole(): ConsoleState {
  const state = useContext(ConsoleContext);
  if (state === null) throw new Error("useConsole outside the debug console");
  return state;
}
