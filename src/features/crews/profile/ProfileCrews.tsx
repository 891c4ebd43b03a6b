import { useConvexAuth, useQuery } from "convex/react";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import { crewPath } from "../../../../shared/crewTexts";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import type { ButtonStyleProps } from "@/components/ui/buttonStyles";
import { preloadOnIntent } from "@/lib/lazyDialog";
import { CrewWizard } from "../lazyDialogs";

/**
 * A profile's crews as the viewer may see them: undefined while loading,
 * null when hidden (show_crews_publicly off, or the profile hidden).
 */
export function useProfileCrews(username: string) {
  return useQuery(api.crews.forProfile, { username });
}

/**
 * "Build Crew" (spec 1 §2, own profile): opens the create wizard when signed
 * in (a link to /login otherwise); the new crew's page opens after creating.
 */
export function BuildCrewButton({
  children = "Build Crew",
  variant = "secondary",
  size,
  className,
}: ButtonStyleProps & { children?: ReactNode; className?: string }) {
  const { isAuthenticated } = useConvexAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (!isAuthenticated) {
    return (
      <ButtonLink to="/login" variant={variant} size={size} className={className}>
        {children}
      </ButtonLink>
    );
  }
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        onClick={() => setOpen(true)}
        {...preloadOnIntent(CrewWizard)}
      >
        {children}
      </Button>
      <CrewWizard
        open={open}
        onClose={() => setOpen(false)}
        onCreated={(crewId: Id<"crews">) => void navigate(crewPath(crewId))}
      />
    </>
  );
}
