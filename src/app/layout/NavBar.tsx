import type { ReactNode } from "react";
import { Link, NavLink } from "react-router-dom";
import { APP_NAME } from "@shared/brand";
import { Logo } from "@/components/ui/Logo";
import { cn } from "@/lib/cn";
import { MobileMenu } from "./MobileMenu";
import { primaryLinks } from "./primaryLinks";

export interface NavBarSlots {
  /** Account area on wide screens (user menu when signed in). */
  account: ReactNode;
  /** Account section of the mobile menu popover; build it from <MobileMenuLink>. */
  mobileAccount: ReactNode;
  /** Controls shown on every screen size before the account area (notification bell). */
  extras?: ReactNode;
}

export function NavBar({ account, mobileAccount, extras }: NavBarSlots) {
  return (
    <header className="sticky top-0 z-40 border-b border-night-700/70 bg-night-900/85 backdrop-blur-md">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-6 sm:px-6"
      >
        <Link to="/" aria-label={`${APP_NAME} home`} className="rounded-xl">
          <Logo />
        </Link>
        <ul className="hidden items-center gap-1 sm:flex">
          {primaryLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  cn(
                    "rounded-full px-3 py-2 text-sm font-semibold transition hover:bg-night-800 hover:text-cream-50",
                    isActive ? "text-brand-amber" : "text-cream-200",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          {extras}
          <div className="hidden items-center gap-2 sm:flex">{account}</div>
          <MobileMenu account={mobileAccount} />
        </div>
      </nav>
    </header>
  );
}
