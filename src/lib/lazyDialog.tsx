import { useState } from "react";
import { DialogSkeleton } from "@/components/ui/DialogSkeleton";
import { lazyComponent, type LazyComponent, type PropsOf } from "./lazyComponent";

/**
 * A dialog split out of its page: `const ShareEventDialog = lazyDialog(() => import("…"),
 * "ShareEventDialog")`, used like the dialog itself. Nothing loads until it first opens (or
 * its button is pointed at: spread `{...preloadOnIntent(ShareEventDialog)}` on that button);
 * a skeleton sheet shows while it loads; once opened it stays mounted, so it animates closed.
 * `isOpen` reads "open" from its props (default: the `open` prop).
 */
export function lazyDialog<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  isOpen: (props: PropsOf<Module[Name]>) => boolean = (props) =>
    (props as { open?: boolean }).open === true,
): LazyComponent<PropsOf<Module[Name]>> {
  type Props = PropsOf<Module[Name]>;
  const Dialog = lazyComponent(load, name, <DialogSkeleton />);
  function LazyDialog(props: Props) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    return opened ? <Dialog {...(props as Props & object)} /> : null;
  }
  LazyDialog.displayName = `LazyDialog(${String(name)})`;
  return Object.assign(LazyDialog, { preload: Dialog.preload });
}

/** Handlers for the button that opens a lazy dialog: pointing at, focusing or touching it preloads. */
export function preloadOnIntent(component: { preload: () => Promise<unknown> }) {
  const preload = () => void component.preload();
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
}
