import { useEffect, useId, useMemo, useRef, useState } from "react";
import { coverImageProblem } from "@shared/eventRules";
import { IMAGE_ACCEPT } from "@shared/imageTypes";
import { Button } from "@/components/ui/Button";
import { EventCover } from "../components/EventCover";
import { ImageIcon } from "../components/icons";

/**
 * The optional cover: JPEG, PNG or WebP up to 5 MB, checked here
 * before anything is sent (the server checks the bytes again). Without one,
 * the vibe's own cover is used, previewed here.
 */
export function CoverPicker({
  file,
  onChange,
  vibe,
  currentUrl,
  progress,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  vibe: string;
  /** The event's cover when editing. */
  currentUrl?: string | null;
  /** 0…1 while uploading. */
  progress?: number | null;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    const problem = coverImageProblem(chosen);
    if (problem) {
      setError(problem.message);
      if (input.current) input.current.value = "";
      return;
    }
    setError(null);
    onChange(chosen);
  }

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-semibold text-cream-200" id={`${id}-label`}>
        Cover image <span className="font-normal text-cream-400">(optional)</span>
      </span>
      <div className="relative aspect-[1200/630] w-full overflow-hidden rounded-2xl bg-night-800 ring-1 ring-night-600">
        {preview ? (
          <img src={preview} alt="Chosen cover preview" className="size-full object-cover" />
        ) : (
          <EventCover coverUrl={currentUrl} vibe={vibe} eager />
        )}
        {!preview && !currentUrl && (
          <span className="absolute bottom-2 left-2 rounded-full bg-night-900/90 px-2.5 py-1 text-xs font-semibold text-cream-50">
            Default cover for this vibe
          </span>
        )}
        {typeof progress === "number" && (
          <div className="absolute inset-x-3 bottom-3 rounded-full bg-night-900/90 p-1">
            <div
              role="progressbar"
              aria-label="Cover upload"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 overflow-hidden rounded-full bg-night-700"
            >
              <div
                className="h-full rounded-full bg-brand-gradient transition-[width]"
                style={{ width: `${Math.round(progress * 100)}%` }}
              />
            </div>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          className="peer sr-only"
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <label
          htmlFor={id}
          className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-full bg-night-800 px-5 text-sm font-semibold text-cream-50 ring-1 ring-night-600 transition ring-inset hover:bg-night-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-3 peer-focus-visible:outline-brand-amber"
        >
          <ImageIcon className="size-4" />
          {file || currentUrl ? "Change cover image" : "Choose cover image"}
        </label>
        {file && (
          <Button
            variant="ghost"
            onClick={() => {
              onChange(null);
              if (input.current) input.current.value = "";
            }}
          >
            Remove
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-300">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="text-sm text-cream-400">
        JPEG, PNG or WebP, up to 5MB.
      </p>
    </div>
  );
}
