import type { Id } from "@convex/_generated/dataModel";
import { api } from "@convex/_generated/api";
import { errorMessage } from "@shared/errors";
import { useQueryState } from "@/lib/useQueryState";
import { CommentsSection } from "./CommentsSection";
import { PhotoGallery } from "./PhotoGallery";
import { RatingSection } from "./RatingSection";
import { ToastRecapCard } from "./ToastRecapCard";

/**
 * After the night: the Toast Recap card, the rating, the photo
 * gallery and the comments of an event whose recap has opened. All live.
 */
export function EventRecap({ eventId }: { eventId: Id<"events"> }) {
  const recap = useQueryState(api.recap.get, { eventId });
  if (recap.status === "loading") {
    return <div aria-hidden="true" className="h-48 animate-pulse rounded-3xl bg-night-850" />;
  }
  if (recap.status === "error") {
    return (
      <p role="alert" className="rounded-3xl bg-night-850 p-5 text-red-300">
        {errorMessage(recap.error, "Failed to load the recap")}
      </p>
    );
  }
  const data = recap.data;
  if (!data.unlocked) return null;
  return (
    <>
      <ToastRecapCard recap={data} />
      <RatingSection recap={data} />
      <PhotoGallery
        eventId={eventId}
        canContribute={data.canContribute}
        photoCount={data.photoCount}
        hiddenPhotoCount={data.hiddenPhotoCount}
      />
      <CommentsSection
        eventId={eventId}
        canContribute={data.canContribute}
        commentCount={data.commentCount}
      />
    </>
  );
}
