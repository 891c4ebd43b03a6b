import { useAction, useConvexAuth, useMutation, usePaginatedQuery } from "convex/react";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { errorMessage } from "@shared/errors";
import { IMAGE_ACCEPT } from "@shared/imageTypes";
import {
  CAPTION_MAX_LENGTH,
  RECAP_MESSAGES,
  parseCaption,
  photoFileProblem,
} from "@shared/recapRules";
import { Button } from "@/components/ui/Button";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Field, inputStyles } from "@/components/ui/Field";
import { CameraIcon } from "@/components/ui/icons";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/lib/cn";
import { lazyDialog, preloadOnIntent } from "@/lib/lazyDialog";
import { connectionLostReason } from "@/lib/offline/connectionWatch";
import { runWhileConnected } from "@/lib/offline/useConnectionLost";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { uploadWithProgress } from "@/lib/uploadWithProgress";
import { downscaleIfLarge } from "./resizeImage";

const PHOTOS_PER_PAGE = 20;

// The viewer is its own chunk, loaded when a photo is first opened or pointed at.
const PhotoViewer = lazyDialog(
  () => import("./PhotoViewer"),
  "PhotoViewer",
  (props) => props.index !== null,
);

/** The gallery, newest first, with the upload form for attendees. */
export function PhotoGallery({
  eventId,
  canContribute,
  photoCount,
  hiddenPhotoCount,
}: {
  eventId: Id<"events">;
  canContribute: boolean;
  photoCount: number;
  /** Photos hidden at someone's request (the server tells the hosts only; 0 for others). */
  hiddenPhotoCount: number;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset sm:p-6"
    >
      <div className="mb-4 flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="font-display text-lg font-extrabold tracking-tight">
          Photos
        </h2>
        <span className="text-sm text-cream-400">
          {photoCount} {photoCount === 1 ? "photo" : "photos"}
          {hiddenPhotoCount > 0 && <> · {hiddenPhotoCount} hidden</>}
        </span>
      </div>
      {canContribute && <PhotoUploader eventId={eventId} />}
      <LoadErrorBoundary message={RECAP_MESSAGES.loadPhotosFailed}>
        <PhotoGrid eventId={eventId} canContribute={canContribute} />
      </LoadErrorBoundary>
    </section>
  );
}

/** The gallery itself, newest first, live; a failed query shows 'Failed to load photos' (its boundary). */
function PhotoGrid({ eventId, canContribute }: { eventId: Id<"events">; canContribute: boolean }) {
  const photos = usePaginatedQuery(
    api.photos.list,
    { eventId },
    { initialNumItems: PHOTOS_PER_PAGE },
  );
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <>
      {photos.status === "LoadingFirstPage" ? (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="aspect-square animate-pulse rounded-2xl bg-night-800" />
          ))}
        </div>
      ) : photos.results.length === 0 ? (
        <p className="text-cream-200">
          {canContribute ? "No photos yet. Share the first shot of the night!" : "No photos yet."}
        </p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Photos of the night">
          {photos.results.map((photo, index) => (
            <li key={photo._id}>
              <button
                type="button"
                onClick={() => setOpenIndex(index)}
                {...preloadOnIntent(PhotoViewer)}
                className="group relative block aspect-square w-full overflow-hidden rounded-2xl bg-night-800 ring-1 ring-night-700 focus-visible:ring-2 focus-visible:ring-brand-amber focus-visible:outline-none"
              >
                {photo.url && (
                  <img
                    src={photo.url}
                    alt={photo.caption ?? `Photo by ${photo.uploader.displayName}`}
                    loading="lazy"
                    className={cn(
                      "size-full object-cover transition duration-300 group-hover:scale-105",
                      photo.hiddenReason !== null && "opacity-50",
                    )}
                  />
                )}
                {photo.hiddenReason !== null && (
                  <span className="absolute inset-x-1 bottom-1 rounded-lg bg-night-950/85 px-1.5 py-0.5 text-xs font-semibold text-cream-50">
                    Hidden<span className="sr-only">. {photo.hiddenReason}</span>
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {photos.status === "CanLoadMore" && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-4"
          onClick={() => photos.loadMore(PHOTOS_PER_PAGE)}
        >
          Load more photos
        </Button>
      )}
      {photos.status === "LoadingMore" && <Spinner className="mt-4 size-5" />}
      <PhotoViewer
        photos={photos.results}
        index={openIndex}
        onIndexChange={setOpenIndex}
        onClose={() => setOpenIndex(null)}
      />
    </>
  );
}

function PhotoUploader({ eventId }: { eventId: Id<"events"> }) {
  const { isAuthenticated } = useConvexAuth();
  const generateUploadUrl = useMutation(api.photos.generateUploadUrl);
  const addPhoto = useAction(api.photos.add);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // Choosing a photo and its caption work offline; only the upload waits for the connection.
  const network = useNetworkNeeded("uploading a photo", progress !== null);

  const preview = useMemo(() => (file === null ? null : URL.createObjectURL(file)), [file]);
  useEffect(
    () => () => {
      if (preview !== null) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  if (!isAuthenticated) return null;

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    const problem = photoFileProblem({ type: chosen.type, size: chosen.size });
    if (problem !== null) {
      setError(problem.message);
      setFile(null);
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    setError(null);
    setFile(chosen);
  }

  function reset() {
    setFile(null);
    setCaption("");
    setProgress(null);
    if (inputRef.current) inputRef.current.value = "";
  }

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (network.blocked) return;
    if (file === null) {
      setError("Please select an image file");
      return;
    }
    const parsed = parseCaption(caption);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const ready = await downscaleIfLarge(file);
      const url = await generateUploadUrl();
      const storageId = await runWhileConnected((signal) =>
        uploadWithProgress(url, ready, setProgress, signal),
      );
      await addPhoto({ eventId, storageId: storageId as Id<"_storage">, caption: parsed.caption });
      toast.success("Photo added! 📸");
      reset();
    } catch (err) {
      setProgress(null);
      setError(
        errorMessage(
          err,
          connectionLostReason(err) ??
            (err instanceof Error && err.message ? err.message : "Failed to upload photo"),
        ),
      );
    }
  }

  const busy = progress !== null;
  return (
    <form
      noValidate
      onSubmit={(e) => void upload(e)}
      className="mb-5 flex flex-col gap-3 rounded-2xl bg-night-800/60 p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => choose(e.target.files?.[0])}
          disabled={busy}
        />
        <label
          htmlFor={inputId}
          className={cn(
            "inline-flex h-11 cursor-pointer items-center gap-2 rounded-full bg-night-700 px-5 text-sm font-semibold text-cream-50 transition hover:bg-night-600",
            "focus-within:ring-2 focus-within:ring-brand-amber",
            busy && "pointer-events-none opacity-70",
          )}
        >
          <CameraIcon className="size-4" /> {file ? "Choose another photo" : "Add a photo"}
        </label>
        <span className="text-xs text-cream-400">JPEG, PNG or WebP, up to 10 MB</span>
      </div>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-300">
          {error}
        </p>
      )}
      {file && (
        <>
          <div className="flex items-start gap-3">
            {preview && (
              <img
                src={preview}
                alt="Your selection"
                className="size-20 shrink-0 rounded-xl object-cover"
              />
            )}
            <Field
              label="Caption (optional)"
              counter={{ used: [...caption].length, max: CAPTION_MAX_LENGTH }}
              className="min-w-0 flex-1"
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  value={caption}
                  onChange={(e) => setCaption(e.target.value)}
                  placeholder="Say something about it"
                  disabled={busy}
                  className={inputStyles}
                />
              )}
            </Field>
          </div>
          {busy && (
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 overflow-hidden rounded-full bg-night-700"
            >
              <div
                className="h-full rounded-full bg-gradient-to-r from-brand-amber to-brand-orange transition-[width]"
                style={{ width: `${progress}%` }}
              />
            </div>
          )}
          <div className="flex gap-3">
            <Button type="submit" disabled={busy} {...network.control}>
              {busy && <Spinner className="size-4" />}
              {busy ? network.busyLabel(`Uploading… ${progress}%`) : "Upload Photo"}
            </Button>
            <Button variant="ghost" onClick={reset} disabled={busy}>
              Cancel
            </Button>
          </div>
          <NeedsNetworkNote need={network} />
        </>
      )}
    </form>
  );
}
