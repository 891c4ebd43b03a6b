import type { ReactNode } from "react";
import { Link } from "react-router-dom";

const itemClasses =
  "flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-base font-medium text-cream-200 " +
  "transition hover:bg-night-800 hover:text-cream-50";

/**
 * A link inside the mobile menu; the menu closes when it is followed.
 * Use it for the account section too (My Profile, Edit Profile…).
 */
export function MobileMenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={itemClasses}>
      {children}
    </Link>
  );
}
