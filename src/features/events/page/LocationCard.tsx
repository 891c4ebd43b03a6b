import { lazy, Suspense, useState } from "react";
import { useNearViewport } from "@/lib/useNearViewport";
import { ExternalIcon, PinIcon } from "../components/icons";
import { SectionCard } from "@/components/ui/SectionCard";

const EventMap = lazy(() => import("./EventMap"));

const mapPlaceholder = <div className="h-56 animate-pulse rounded-2xl bg-night-800 sm:h-64" />;

/** A maps link that works on every device: coordinates when known, else the address. */
function mapsUrl(place: {
  latitude: number | null;
  longitude: number | null;
  query: string;
}): string {
  if (place.latitude !== null && place.longitude !== null) {
    return `https://www.openstreetmap.org/?mlat=${place.latitude}&mlon=${place.longitude}#map=17/${place.latitude}/${place.longitude}`;
  }
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place.query)}`;
}

/** Where: nickname, place name, address, a map when there are coordinates, and an "Open in maps" link. */
export function LocationCard({
  placeNickname,
  placeName,
  location,
  latitude,
  longitude,
  className,
}: {
  className?: string;
  placeNickname: string | null;
  placeName: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
}) {
  const [mapUnavailable, setMapUnavailable] = useState(false);
  // The map (Leaflet, ~45 KB) loads when the card nears the screen, not with the page.
  const [mapSlot, mapNearViewport] = useNearViewport<HTMLDivElement>();
  const name = placeName || placeNickname || location;
  if (!name) return null;
  const hasCoordinates = latitude !== null && longitude !== null;
  // A picked place's location reads "Name, address": show just the address under the name.
  const address =
    location && location !== name
      ? location.startsWith(`${name}, `)
        ? location.slice(name.length + 2)
        : location
      : null;
  return (
    <SectionCard title="Where" className={className}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-2xl bg-pink-400/15 text-brand-pink">
          <PinIcon />
        </span>
        <div className="min-w-0">
          <p className="font-bold text-cream-50">{name}</p>
          {placeNickname && placeNickname !== name && (
            <p className="text-sm text-cream-200">aka “{placeNickname}”</p>
          )}
          {address && <p className="text-sm text-cream-200">{address}</p>}
        </div>
      </div>
      {hasCoordinates && !mapUnavailable && (
        <div ref={mapSlot} className="mt-4">
          <Suspense fallback={mapPlaceholder}>
            {mapNearViewport ? (
              <EventMap
                latitude={latitude}
                longitude={longitude}
                label={name}
                onUnavailable={() => setMapUnavailable(true)}
              />
            ) : (
              mapPlaceholder
            )}
          </Suspense>
        </div>
      )}
      {hasCoordinates && mapUnavailable && (
        <p className="mt-3 text-sm text-cream-400">The map couldn&apos;t load right now.</p>
      )}
      <a
        href={mapsUrl({
          latitude,
          longitude,
          query: [placeName, location].filter(Boolean).join(", ") || name,
        })}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-brand-amber hover:underline"
      >
        <ExternalIcon className="size-4" /> Open in maps
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </SectionCard>
  );
}
