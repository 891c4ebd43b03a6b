import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import type { ReactNode } from "react";
import { CloseIcon, MenuIcon } from "@/components/ui/icons";
import { MobileMenuLink } from "./MobileMenuLink";
import { primaryLinks } from "./primaryLinks";

/**
 * The small-screen menu: the same links as the nav bar, in a popover.
 * The panel is not portalled (no `anchor`): it drops below the sticky header and
 * stays inside the Main nav, and Headless UI then needs no aria-hidden focus
 * sentinels, which axe reports as a serious violation.
 */
export function MobileMenu({ account }: { account: ReactNode }) {
  return (
    <Popover className="sm:hidden">
      {({ open }) => (
        <>
          <PopoverButton
            aria-label="Menu"
            className="inline-flex size-11 items-center justify-center rounded-full text-cream-50 transition hover:bg-night-800"
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </PopoverButton>
          <PopoverPanel
            focus
            transition
            className="absolute top-full right-3 z-50 mt-2 w-64 origin-top-right rounded-2xl bg-night-850 p-2 shadow-2xl ring-1 shadow-black/60 ring-night-700 transition duration-150 ease-out data-closed:scale-95 data-closed:opacity-0"
          >
            {primaryLinks.map((link) => (
              <MobileMenuLink key={link.to} to={link.to}>
                {link.label}
              </MobileMenuLink>
            ))}
            <div className="my-2 border-t border-night-700" />
            {account}
          </PopoverPanel>
        </>
      )}
    </Popover>
  );
}
