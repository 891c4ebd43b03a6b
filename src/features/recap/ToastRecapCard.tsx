import { useId } from "react";
import { Avatar } from "@/components/ui/Avatar";
import { StarRow } from "./RatingSection";
import { ratingText, type RecapData } from "./types";

/** The Toast Recap: who came, the rating, the photo count and the top comment or latest photo. */
export function ToastRecapCard({ recap }: { recap: RecapData }) {
  const headingId = useId();
  const { average, total } = recap.rating;
  const extra = recap.attendeeCount - recap.whoCame.length;

  return (
    <section
      aria-labelledby={headingId}
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-amber/20 via-night-850 to-brand-pink/15 p-5 ring-1 ring-night-700 ring-inset sm:p-6"
    >
      <p aria-hidden="true" className="absolute -top-3 -right-2 rotate-12 text-6xl opacity-30">
        🥂
      </p>
      <p className="text-xs font-bold tracking-widest text-brand-amber uppercase">
        After the night
      </p>
      <h2 id={headingId} className="mt-1 font-display text-2xl font-black tracking-tight">
        Toast Recap
      </h2>
      {recap.crawl !== null && (
        <p className="mt-1 text-sm font-semibold text-cream-200">
          <span aria-hidden="true">🍻 </span>
          {recap.crawl}
        </p>
      )}

      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className="col-span-2 rounded-2xl bg-night-900/60 p-3">
          <dt className="text-xs font-semibold text-cream-400">Who came</dt>
          <dd className="mt-2 flex items-center gap-3">
            <span className="flex -space-x-2">
              {recap.whoCame.map((person) => (
                <Avatar
                  key={person.userId}
                  name={person.displayName}
                  url={person.avatarUrl}
                  size="sm"
                />
              ))}
            </span>
            <span className="text-sm font-bold text-cream-50">
              {recap.attendeeCount} {recap.attendeeCount === 1 ? "person" : "people"}
              {extra > 0 && <span className="font-normal text-cream-200"> (+{extra} more)</span>}
            </span>
          </dd>
        </div>
        <div className="rounded-2xl bg-night-900/60 p-3">
          <dt className="text-xs font-semibold text-cream-400">Rating</dt>
          <dd className="mt-2 text-sm font-bold text-cream-50">
            <StarRow value={average ?? 0} className="flex text-base" />
            <span className="mt-1 block">{ratingText(average, total)}</span>
          </dd>
        </div>
        <div className="rounded-2xl bg-night-900/60 p-3">
          <dt className="text-xs font-semibold text-cream-400">Photos</dt>
          <dd className="mt-2 font-display text-2xl font-black text-cream-50">
            {recap.photoCount}
            <span className="sr-only"> {recap.photoCount === 1 ? "photo" : "photos"}</span>
          </dd>
        </div>
      </dl>

      {recap.topComment ? (
        <figure className="mt-4 rounded-2xl bg-night-900/60 p-4">
          <p className="text-xs font-semibold text-cream-400">Top comment</p>
          <blockquote className="mt-1 text-lg font-semibold break-words text-cream-50">
            “{recap.topComment.content}”
          </blockquote>
          <figcaption className="mt-2 flex items-center gap-2 text-sm text-cream-200">
            <Avatar
              name={recap.topComment.author.displayName}
              url={recap.topComment.author.avatarUrl}
              size="sm"
            />
            {recap.topComment.author.displayName}
            <span aria-hidden="true">·</span>
            {recap.topComment.reactionTotal}{" "}
            {recap.topComment.reactionTotal === 1 ? "reaction" : "reactions"}
          </figcaption>
        </figure>
      ) : recap.latestPhoto?.url ? (
        <figure className="mt-4 overflow-hidden rounded-2xl bg-night-900/60">
          <img
            src={recap.latestPhoto.url}
            alt={
              recap.latestPhoto.caption ??
              `Latest photo by ${recap.latestPhoto.uploader.displayName}`
            }
            className="aspect-[16/9] w-full object-cover"
          />
          <figcaption className="p-3 text-sm text-cream-200">
            Latest photo by{" "}
            <span className="font-semibold text-cream-50">
              {recap.latestPhoto.uploader.displayName}
            </span>
            {recap.latestPhoto.caption && <> · {recap.latestPhoto.caption}</>}
          </figcaption>
        </figure>
      ) : null}

      {!recap.viewerAttended && (
        <p className="mt-4 text-sm text-cream-200">
          Only people who were there can rate, add photos and comment.
        </p>
      )}
    </section>
  );
}
