import { useEffect, useRef, type RefObject } from "react";
import { firstTabbable } from "./focus";

/**
 * Moving to another step of a wizard puts focus on the new step's first field (the old step's
 * fields are gone, and focus would fall to the page, where Enter does nothing).
 */
export function useStepFocus(step: number, form: RefObject<HTMLElement | null>): void {
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (form.current) firstTabbable(form.current)?.focus();
  }, [step, form]);
}
