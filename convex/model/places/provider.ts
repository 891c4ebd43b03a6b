/**
 * Which place provider a deployment uses: PLACES_PROVIDER when set
 * (osm | google | fixture); otherwise Google when GOOGLE_PLACES_API_KEY is set,
 * the offline fixture on the local backend, and OpenStreetMap elsewhere.
 */
import type { PlaceDetails, PlacePrediction, PlaceProviderName } from "../../../shared/places";
import { env } from "../../_generated/server";
import { isLocalDeployment } from "../debug";
import { fixturePlaceDetails, searchFixturePlaces } from "./fixturePlaces";
import { googlePlaceDetails, searchGooglePlaces } from "./googlePlaces";
import { osmPlaceDetails, searchOsmPlaces } from "./osmPlaces";

export type PlaceProvider = {
  name: PlaceProviderName;
  search(query: string): Promise<PlacePrediction[]>;
  details(placeId: string): Promise<PlaceDetails | null>;
};

export function placeProviderName(): PlaceProviderName {
  const configured = env.PLACES_PROVIDER?.trim().toLowerCase();
  if (configured === "osm" || configured === "google" || configured === "fixture") return configured;
  if (env.GOOGLE_PLACES_API_KEY) return "google";
  return isLocalDeployment() ? "fixture" : "osm";
}

export function placeProvider(): PlaceProvider {
  const name = placeProviderName();
  if (name === "google") {
    const apiKey = env.GOOGLE_PLACES_API_KEY;
    if (!apiKey) throw new Error("PLACES_PROVIDER=google needs GOOGLE_PLACES_API_KEY");
    return { name, search: (q) => searchGooglePlaces(q, apiKey), details: (id) => googlePlaceDetails(id, apiKey) };
  }
  if (name === "osm") return { name, search: searchOsmPlaces, details: osmPlaceDetails };
  return {
    name,
    search: (q) => Promise.resolve(searchFixturePlaces(q)),
    details: (id) => Promise.resolve(fixturePlaceDetails(id)),
  };
}
