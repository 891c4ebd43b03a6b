import { lazyDialog } from "@/lib/lazyDialog";

/**
 * The events dialogs, each its own chunk that loads when first opened or when its button is
 * pointed at (src/lib/lazyDialog.tsx): pages import them from here, never the modules.
 */
export const CreateEventWizard = lazyDialog(
  () => import("./create/CreateEventWizard"),
  "CreateEventWizard",
);
export const EditEventDialog = lazyDialog(
  () => import("./edit/EditEventDialog"),
  "EditEventDialog",
);
export const ShareEventDialog = lazyDialog(
  () => import("./share/ShareEventDialog"),
  "ShareEventDialog",
);
