import { useState } from "react";
import { cn } from "@/lib/cn";
import { defaultCover } from "./defaultCovers";

/**
 * The event's cover, or its vibe's illustrated cover when there is none or
 * the image fails to load. Decorative: the title next to it names the event.
 */
export function EventCover({
  coverUrl,
  vibe,
  className,
  eager = false,
}: {
  coverUrl?: string | null;
  vibe: string;
  className?: string;
  eager?: boolean;
}) {
  const fallback = defaultCover(vibe);
  const [failed, setFailed] = useState<string | null>(null);
  const src = coverUrl && failed !== coverUrl ? coverUrl : fallback;
  return (
    <img
      src={src}
      alt=""
      loading={eager ? "eager" : "lazy"}
      // An eager cover is the page's hero (its largest paint): fetch it before other images.
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
      onError={() => {
        if (coverUrl && src === coverUrl) setFailed(coverUrl);
      }}
      className={cn("size-full object-cover", className)}
    />
  );
}
