import "leaflet/dist/leaflet.css";
import { divIcon } from "leaflet";
import { useMemo, useState } from "react";
import { MapContainer, Marker, TileLayer } from "react-leaflet";

const pin = divIcon({
  className: "",
  html: '<span style="display:flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:9999px 9999px 9999px 0;transform:rotate(-45deg);background:linear-gradient(120deg,#fbbf24,#fb923c 50%,#f472b6);box-shadow:0 6px 16px rgb(0 0 0 / .45);border:3px solid #1a0f0a"><span style="transform:rotate(45deg);font-size:18px">🍻</span></span>',
  iconSize: [40, 40],
  iconAnchor: [20, 40],
});

/**
 * An OpenStreetMap map of the event's place (Leaflet). Loaded lazily. When
 * the tiles cannot load (offline), the map steps aside and reports it, so the
 * page shows the address and the "Open in maps" link instead.
 */
export default function EventMap({
  latitude,
  longitude,
  label,
  onUnavailable,
}: {
  latitude: number;
  longitude: number;
  label: string;
  onUnavailable: () => void;
}) {
  const [failed, setFailed] = useState(false);
  const center = useMemo(() => [latitude, longitude] as [number, number], [latitude, longitude]);
  if (failed) return null;
  return (
    <div
      role="group"
      aria-label={`Map of ${label}`}
      className="h-56 overflow-hidden rounded-2xl ring-1 ring-night-600 sm:h-64"
    >
      <MapContainer
        center={center}
        zoom={15}
        scrollWheelZoom={false}
        className="size-full bg-night-800"
        attributionControl
      >
        <TileLayer
          url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
          eventHandlers={{
            tileerror: () => {
              setFailed(true);
              onUnavailable();
            },
          }}
        />
        <Marker position={center} icon={pin} keyboard={false} />
      </MapContainer>
    </div>
  );
}
