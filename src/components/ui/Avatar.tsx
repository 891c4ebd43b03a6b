import { useState } from "react";
import { cn } from "@/lib/cn";

const sizes = {
  sm: "size-8 text-xs",
  md: "size-11 text-sm",
  lg: "size-20 text-2xl",
  xl: "size-28 text-4xl sm:size-32",
} as const;

/** 'Sam Lee' → 'SL', 'sam' → 'S'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters.map((word) => [...word][0]?.toUpperCase() ?? "").join("") || "?";
}

interface AvatarProps {
  name: string;
  url?: string | null;
  size?: keyof typeof sizes;
  /** Alternative text when the picture carries meaning; decorative (alt="") by default. */
  alt?: string;
  className?: string;
}

/** A round profile picture, or the person's initials on the brand gradient. */
export function Avatar({ name, url, size = "md", alt = "", className }: AvatarProps) {
  // A broken picture URL (expired Google photo…) falls back to the initials.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = Boolean(url) && failedUrl !== url;

  return (
    <span
      className={cn(
        "relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ring-2 ring-night-700",
        sizes[size],
        className,
      )}
    >
      {showImage ? (
        <img
          src={url ?? undefined}
          alt={alt}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailedUrl(url ?? null)}
        />
      ) : (
        <span
          role={alt ? "img" : undefined}
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
          className="flex size-full items-center justify-center bg-brand-gradient font-display font-extrabold text-brand-ink"
        >
          {initialsOf(name)}
        </span>
      )}
    </span>
  );
}
