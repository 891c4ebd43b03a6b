import { lazyDialog } from "@/lib/lazyDialog";

/**
 * The crew dialogs, each its own chunk that loads when first opened or when its button is
 * pointed at (src/lib/lazyDialog.tsx): screens import them from here, never the modules.
 */
export const CrewWizard = lazyDialog(() => import("./wizard/CrewWizard"), "CrewWizard");
export const InviteMembersDialog = lazyDialog(
  () => import("./invite/InviteMembersDialog"),
  "InviteMembersDialog",
);
export const ShareCrewLinkDialog = lazyDialog(
  () => import("./share/ShareCrewLinkDialog"),
  "ShareCrewLinkDialog",
);
export const CrewCalendarDialog = lazyDialog(
  () => import("./calendar/CrewCalendarDialog"),
  "CrewCalendarDialog",
);
export const StartPollDialog = lazyDialog(
  () => import("./polls/StartPollDialog"),
  "StartPollDialog",
);
export const ConfirmDialog = lazyDialog(
  () => import("@/components/ui/ConfirmDialog"),
  "ConfirmDialog",
);
