/**
 * OpenStreetMap place search through Nominatim (no key). Its usage policy
 * asks for an identifying User-Agent and light use; the client debounces and
 * caches, so each person types into at most a few requests a second.
 */
import type { PlaceDetails, PlacePrediction } from "../../../shared/places";
import { PLACE_PREDICTIONS_LIMIT } from "../../../shared/places";
import { APP_NAME } from "../../../shared/brand";

const NOMINATIM = "https://nominatim.openstreetmap.org";
const HEADERS = { "User-Agent": `${APP_NAME}/1.0 (event planning)`, Accept: "application/json" };

type NominatimPlace = {
  osm_type: "node" | "way" | "relation";
  osm_id: number;
  lat: string;
  lon: string;
  name?: string;
  display_name: string;
};

/** Our place id for an OSM object: "osm:N123" (node), "osm:W…" (way), "osm:R…" (relation). */
function placeIdOf(place: NominatimPlace): string {
  return `osm:${place.osm_type[0].toUpperCase()}${place.osm_id}`;
}

function splitName(place: NominatimPlace): { name: string; address: string } {
  const parts = place.display_name.split(", ");
  const name = place.name || parts[0] || place.display_name;
  return { name, address: parts.filter((part) => part !== name).join(", ") };
}

async function getJson(url: string): Promise<NominatimPlace[]> {
  const response = await fetch(url, { headers: HEADERS });
  if (!response.ok) throw new Error(`OpenStreetMap search failed (${response.status})`);
  return (await response.json()) as NominatimPlace[];
}

export async function searchOsmPlaces(query: string): Promise<PlacePrediction[]> {
  const params = new URLSearchParams({ q: query, format: "jsonv2", limit: String(PLACE_PREDICTIONS_LIMIT) });
  const places = await getJson(`${NOMINATIM}/search?${params}`);
  return places.map((place) => ({ placeId: placeIdOf(place), ...splitName(place) }));
}

export async function osmPlaceDetails(placeId: string): Promise<PlaceDetails | null> {
  const osmId = placeId.replace(/^osm:/, "");
  if (!/^[NWR]\d+$/.test(osmId)) return null;
  const [place] = await getJson(`${NOMINATIM}/lookup?${new URLSearchParams({ osm_ids: osmId, format: "jsonv2" })}`);
  if (!place) return null;
  const { name, address } = splitName(place);
  return { placeId, placeName: name, address, latitude: Number(place.lat), longitude: Number(place.lon) };
}
