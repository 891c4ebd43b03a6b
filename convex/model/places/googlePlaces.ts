/** Google Places (New) autocomplete and details, used when GOOGLE_PLACES_API_KEY is set. */
import type { PlaceDetails, PlacePrediction } from "../../../shared/places";
import { PLACE_PREDICTIONS_LIMIT } from "../../../shared/places";

const PLACES_API = "https://places.googleapis.com/v1";

type AutocompleteResponse = {
  suggestions?: Array<{
    placePrediction?: {
      placeId: string;
      structuredFormat?: { mainText?: { text: string }; secondaryText?: { text: string } };
      text?: { text: string };
    };
  }>;
};

type PlaceResponse = {
  id: string;
  displayName?: { text: string };
  formattedAddress?: string;
  location?: { latitude: number; longitude: number };
};

export async function searchGooglePlaces(query: string, apiKey: string): Promise<PlacePrediction[]> {
  const response = await fetch(`${PLACES_API}/places:autocomplete`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Goog-Api-Key": apiKey },
    body: JSON.stringify({ input: query }),
  });
  if (!response.ok) throw new Error(`Google Places search failed (${response.status})`);
  const { suggestions = [] } = (await response.json()) as AutocompleteResponse;
  return suggestions
    .flatMap(({ placePrediction }) => (placePrediction ? [placePrediction] : []))
    .slice(0, PLACE_PREDICTIONS_LIMIT)
    .map((prediction) => ({
      placeId: `google:${prediction.placeId}`,
      name: prediction.structuredFormat?.mainText?.text ?? prediction.text?.text ?? "",
      address: prediction.structuredFormat?.secondaryText?.text ?? "",
    }));
}

export async function googlePlaceDetails(placeId: string, apiKey: string): Promise<PlaceDetails | null> {
  const id = placeId.replace(/^google:/, "");
  const response = await fetch(`${PLACES_API}/places/${encodeURIComponent(id)}`, {
    headers: { "X-Goog-Api-Key": apiKey, "X-Goog-FieldMask": "id,displayName,formattedAddress,location" },
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Google Places details failed (${response.status})`);
  const place = (await response.json()) as PlaceResponse;
  if (!place.location) return null;
  return {
    placeId,
    placeName: place.displayName?.text ?? place.formattedAddress ?? "",
    address: place.formattedAddress ?? "",
    latitude: place.location.latitude,
    longitude: place.location.longitude,
  };
}
