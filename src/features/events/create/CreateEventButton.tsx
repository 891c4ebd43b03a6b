import { useConvexAuth } from "convex/react";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import type { ButtonStyleProps } from "@/components/ui/buttonStyles";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { cn } from "@/lib/cn";
import { preloadOnIntent } from "@/lib/lazyDialog";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { CreateEventWizard, ShareEventDialog } from "../lazyDialogs";
import type { CreatedEvent } from "./CreateEventWizard";

/**
 * The create flow as a hook: `open()` starts the wizard; `dialogs` must be
 * rendered somewhere on the page. After creating: the share dialog, then the
 * new event's page (its "Go to Event" button, or closing it).
 */
function useCreateEventDialog() {
  const navigate = useNavigate();
  const [wizardOpen, setWizardOpen] = useState(false);
  const [created, setCreated] = useState<CreatedEvent | null>(null);
  const [shareOpen, setShareOpen] = useState(false);

  function finish() {
    setShareOpen(false);
    if (created) void navigate(created.path);
  }

  const dialogs = (
    <>
      <CreateEventWizard
        open={wizardOpen}
        onClose={() => setWizardOpen(false)}
        onCreated={(event) => {
          setWizardOpen(false);
          setCreated(event);
          setShareOpen(true);
        }}
      />
      <ShareEventDialog
        open={shareOpen}
        event={created}
        onClose={finish}
        title="Your session is live! 🎉"
        footer={
          <Button onClick={finish} size="lg" className="w-full">
            Go to Event
          </Button>
        }
      />
    </>
  );

  return { open: () => setWizardOpen(true), dialogs };
}

/**
 * "Start a Night" / "Create Session": opens the wizard when signed in, and is
 * a link to /login otherwise. Offline it stays put, off, with the reason under it
 * (`className` places the two together).
 */
export function CreateEventButton({
  children,
  variant,
  size,
  className,
}: ButtonStyleProps & { children: ReactNode; className?: string }) {
  const { isAuthenticated } = useConvexAuth();
  const { open, dialogs } = useCreateEventDialog();
  const network = useNetworkNeeded("creating a session");
  if (!isAuthenticated) {
    return (
      <ButtonLink to="/login" variant={variant} size={size} className={className}>
        {children}
      </ButtonLink>
    );
  }
  return (
    <span className={cn("inline-flex flex-col items-center gap-1.5", className)}>
      <Button
        variant={variant}
        size={size}
        {...network.control}
        onClick={() => {
          if (!network.blocked) open();
        }}
        {...preloadOnIntent(CreateEventWizard)}
      >
        {children}
      </Button>
      <NeedsNetworkNote need={network} className="max-w-64 text-center" />
      {dialogs}
    </span>
  );
}
