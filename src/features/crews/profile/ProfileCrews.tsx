import { useConvexAuth } from "convex/react";
import { useEffect, useState, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { crewPath } from "@shared/crewTexts";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import type { ButtonStyleProps } from "@/components/ui/buttonStyles";
import { preloadOnIntent } from "@/lib/lazyDialog";
import { useCachedPaginatedQuery } from "@/lib/offline/useCachedQuery";
import { CrewWizard } from "../lazyDialogs";

/** Crews loaded per page of a profile's Crews tab. */
const CREWS_PAGE_SIZE = 25;

/**
 * A profile's crews as the viewer may see them, newest first, a page at a
 * time: `crews` undefined while loading; `count` how many once every page is
 * loaded (0 when there are none, or they are hidden from the viewer),
 * undefined before; `showMore` loads the next page while there is one.
 */
export function useProfileCrews(username: string) {
  const { results, status, loadMore } = useCachedPaginatedQuery(
    api.crews.forProfile,
    { username },
    { initialNumItems: CREWS_PAGE_SIZE },
  );
  // On someone else's profile only some crews show, so a page may bring none before the last.
  const nothingYet = results.length === 0 && status === "CanLoadMore";
  useEffect(() => {
    if (nothingYet) loadMore(CREWS_PAGE_SIZE);
  }, [nothingYet, loadMore]);
  const loading = status === "LoadingFirstPage" || (results.length === 0 && status !== "Exhausted");
  return {
    crews: loading ? undefined : results,
    count: status === "Exhausted" ? results.length : undefined,
    showMore:
      status === "CanLoadMore" || status === "LoadingMore"
        ? { loading: status === "LoadingMore", load: () => loadMore(CREWS_PAGE_SIZE) }
        : null,
  };
}

/**
 * "Build Crew" (own profile): opens the create wizard when signed
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
