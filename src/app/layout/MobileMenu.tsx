import { useId, useState, type MouseEvent, type ReactNode } from "react";
import { CloseIcon, MenuIcon } from "@/components/ui/icons";
import { MobileMenuLink } from "./MobileMenuLink";
import { primaryLinks } from "./primaryLinks";

/** Following a link or pressing a button in the menu closes it. */
function closeOnChoice(event: MouseEvent<HTMLDivElement>) {
  if (event.target instanceof Element && event.target.closest("a, button"))
    event.currentTarget.hidePopover();
}

/**
 * The small-screen menu: the same links as the nav bar, in a native popover (no script
 * library on the first screen; the browser gives Escape, outside clicks and aria-expanded).
 * The panel stays inside the Main nav in the DOM and is drawn in the top layer below the
 * sticky header.
 */
export function MobileMenu({ account }: { account: ReactNode }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="sm:hidden">
      <button
        type="button"
        popoverTarget={panelId}
        aria-label="Menu"
        className="inline-flex size-11 items-center justify-center rounded-full text-cream-50 transition hover:bg-night-800"
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      {/* Clicks only bubble up from the links and buttons inside; keys work on those. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        id={panelId}
        popover="auto"
        onToggle={(event) => setOpen(event.newState === "open")}
        onClick={closeOnChoice}
        className="inset-auto top-18 right-3 m-0 w-64 origin-top-right rounded-2xl border-0 bg-night-850 p-2 text-cream-50 shadow-2xl ring-1 shadow-black/60 ring-night-700 transition-[opacity,scale] duration-150 ease-out starting:scale-95 starting:opacity-0"
      >
        {primaryLinks.map((link) => (
          <MobileMenuLink key={link.to} to={link.to}>
            {link.label}
          </MobileMenuLink>
        ))}
        <div className="my-2 border-t border-night-700" />
        {account}
      </div>
    </div>
  );
}
