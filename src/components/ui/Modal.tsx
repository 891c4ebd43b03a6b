import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { useEffect, useRef, type ReactNode } from "react";
import { CloseIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { firstTabbable } from "@/lib/focus";

const widths = { sm: "sm:max-w-md", md: "sm:max-w-lg", lg: "sm:max-w-2xl" } as const;

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Shown above the title (a step counter, an emoji). */
  eyebrow?: ReactNode;
  size?: keyof typeof widths;
  children: ReactNode;
  className?: string;
}

/**
 * The app's dialog: a bottom sheet on phones, a centred card on
 * wider screens; focus is trapped, Escape and the backdrop close it, and it
 * animates in and out (Headless UI transitions, which honour reduced motion
 * through the global CSS rule).
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  eyebrow,
  size = "md",
  children,
  className,
}: ModalProps) {
  // Headless UI moves focus in when a dialog opens, but not when it opens as another one is still
  // closing (a wizard handing over to its share dialog), and the closing one hands focus back to
  // the button that opened it when its transition ends, which on a slow phone can be long after:
  // focus is moved in once drawn and once the 200 ms transitions are over, and whenever it lands
  // on the page behind (the app's root; dialogs, their menus and pickers live outside it).
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const focusInside = () => {
      const node = panel.current;
      if (!node || node.contains(document.activeElement)) return;
      (node.querySelector<HTMLElement>("[data-autofocus]") ?? firstTabbable(node))?.focus();
    };
    const onPageFocused = (event: FocusEvent) => {
      const page = document.getElementById("root");
      if (event.target instanceof Node && page?.contains(event.target)) focusInside();
    };
    const frame = requestAnimationFrame(focusInside);
    const settled = window.setTimeout(focusInside, 300);
    document.addEventListener("focusin", onPageFocused);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(settled);
      document.removeEventListener("focusin", onPageFocused);
    };
  }, [open]);
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-black/70 backdrop-blur-sm transition duration-200 ease-out data-closed:opacity-0"
      />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center sm:items-center sm:p-4">
          <DialogPanel
            ref={panel}
            transition
            className={cn(
              "relative w-full rounded-t-[2rem] bg-night-850 px-5 pt-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] shadow-2xl ring-1 shadow-black/60 ring-night-700 transition duration-200 ease-out data-closed:translate-y-8 data-closed:opacity-0 sm:rounded-[2rem] sm:px-7 sm:pt-7 sm:pb-7",
              widths[size],
              className,
            )}
          >
            <div className="flex items-start gap-4">
              <div className="min-w-0 flex-1">
                {eyebrow && (
                  <p className="text-xs font-bold tracking-widest text-brand-amber uppercase">
                    {eyebrow}
                  </p>
                )}
                <DialogTitle className="mt-1 font-display text-2xl font-extrabold tracking-tight text-balance">
                  {title}
                </DialogTitle>
                {description && (
                  <Description className="mt-1 text-sm text-cream-200">{description}</Description>
                )}
              </div>
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-cream-200 transition hover:bg-night-800 hover:text-cream-50"
              >
                <CloseIcon className="size-5" />
              </button>
            </div>
            <div className="mt-5">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
