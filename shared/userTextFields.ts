/**
 * The user-text rule (./userText) as zod transforms, for the schemas that
 * parse what users write (events, profiles, crews): a refused text becomes
 * an issue on its field, so forms and the server show the same message.
 */
import { z } from "zod";
import { cleanUserText, type UserTextOptions } from "./userText";

/** Cleaned text; '' when blank, so a following 'required' check shows its message. */
export function userText(options: UserTextOptions = {}) {
  return (value: string, ctx: z.core.$RefinementCtx<string>): string => {
    const cleaned = cleanUserText(value, options);
    if (cleaned.ok) return cleaned.text;
    ctx.addIssue({ code: "custom", message: cleaned.message });
    return z.NEVER;
  };
}

/** Cleaned optional text: absent, empty or blank becomes null. */
export function optionalUserText(options: UserTextOptions = {}) {
  const clean = userText(options);
  return (
    value: string | null | undefined,
    ctx: z.core.$RefinementCtx<string | null | undefined>,
  ): string | null => {
    if (value === null || value === undefined) return null;
    return clean(value, ctx as z.core.$RefinementCtx<string>) || null;
  };
}
