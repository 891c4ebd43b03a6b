import { createContext, type ComponentType } from "react";
import type { Place } from "@shared/eventRules";

export type PollPlaceValue = { location: string; place: Place | null };

type PollPlaceFieldProps = {
  value: PollPlaceValue;
  onChange: (value: PollPlaceValue) => void;
  error?: string;
};

/**
 * Where a poll option's place is picked: the session wizard's places search,
 * handed in by src/app (features do not import each other). Null: a plain
 * text field.
 */
export const PollPlaceFieldSlot = createContext<ComponentType<PollPlaceFieldProps> | null>(null);
