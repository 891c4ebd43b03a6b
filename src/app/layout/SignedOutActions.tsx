import { ButtonLink } from "@/components/ui/ButtonLink";
import { MobileMenuLink } from "./MobileMenuLink";

// Sign in and sign up share one screen, so both lead to /login.

/** Nav bar account area for visitors. */
export function SignedOutActions() {
  return (
    <>
      <ButtonLink to="/login" variant="ghost" size="sm">
        Log in
      </ButtonLink>
      <ButtonLink to="/login" size="sm">
        Sign up
      </ButtonLink>
    </>
  );
}

/** Mobile menu account section for visitors. */
export function SignedOutMobileLinks() {
  return (
    <>
      <MobileMenuLink to="/login">Log in</MobileMenuLink>
      <MobileMenuLink to="/login">Sign up</MobileMenuLink>
    </>
  );
}
