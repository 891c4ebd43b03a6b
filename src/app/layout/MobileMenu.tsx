import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import type { ReactNode } from "react";
import { CloseIcon, MenuIcon } from "@/components/ui/icons";
import { MobileMenuLink } from "./MobileMenuLink";
import { primaryLinks } from "./primaryLinks";

/** The small-screen menu: the same links as the nav bar, in a popover. */
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
            anchor={{ to: "bottom end", gap: 8, padding: 12 }}
            className="z-50 w-64 rounded-2xl bg-night-850 p-2 shadow-2xl ring-1 shadow-black/60 ring-night-700 transition duration-150 ease-out data-closed:scale-95 data-closed:opacity-0"
          >
            <nav aria-label="Mobile">
              {primaryLinks.map((link) => (
                <MobileMenuLink key={link.to} to={link.to}>
                  {link.label}
                </MobileMenuLink>
              ))}
              <div className="my-2 border-t border-night-700" />
              {account}
            </nav>
          </PopoverPanel>
        </>
      )}
    </Popover>
  );
}
