import { Link, type LinkProps } from "react-router-dom";
import { buttonStyles, type ButtonStyleProps } from "./buttonStyles";

type ButtonLinkProps = LinkProps & ButtonStyleProps;

/** A router link styled as a button, for calls to action that navigate. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonStyles({ variant, size }, className)} {...props} />;
}
