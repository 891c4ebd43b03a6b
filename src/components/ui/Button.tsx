import type { ComponentProps } from "react";
import { buttonStyles, type ButtonStyleProps } from "./buttonStyles";

type ButtonProps = ComponentProps<"button"> & ButtonStyleProps;

/** A button that defaults to type="button" so it never submits a form by accident. */
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonStyles({ variant, size }, className)} {...props} />;
}
