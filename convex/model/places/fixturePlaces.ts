/**
 * The offline place provider for local development and tests: a fixed set of
 * real-looking bars, matched by every word of the query.
 */
import type { PlaceDetails, PlacePrediction } from "../../../shared/places";
import { PLACE_PREDICTIONS_LIMIT } from "../../../shared/places";

export const FIXTURE_PLACES: ReadonlyArray<PlaceDetails> = [
  { placeId: "fixture:crown-anchor", placeName: "The Crown & Anchor", address: "22 Neal Street, London", latitude: 51.5143, longitude: -0.1262 },
  { placeId: "fixture:lamb-flag", placeName: "The Lamb & Flag", address: "33 Rose Street, London", latitude: 51.5117, longitude: -0.1255 },
  { placeId: "fixture:nightjar", placeName: "Nightjar", address: "129 City Road, London", latitude: 51.5269, longitude: -0.0877 },
  { placeId: "fixture:bar-termini", placeName: "Bar Termini", address: "7 Old Compton Street, London", latitude: 51.5134, longitude: -0.1309 },
  { placeId: "fixture:brewdog-camden", placeName: "BrewDog Camden", address: "113 Bayham Street, London", latitude: 51.5375, longitude: -0.1406 },
  { placeId: "fixture:prince-arthur", placeName: "The Prince Arthur", address: "95 Forest Road, London", latitude: 51.5455, longitude: -0.0664 },
  { placeId: "fixture:gordons", placeName: "Gordon's Wine Bar", address: "47 Villiers Street, London", latitude: 51.5078, longitude: -0.1226 },
  { placeId: "fixture:harrys-bar", placeName: "Harry's New York Bar", address: "5 Rue Daunou, Paris", latitude: 48.8696, longitude: 2.3316 },
  { placeId: "fixture:le-syndicat", placeName: "Le Syndicat", address: "51 Rue du Faubourg Saint-Denis, Paris", latitude: 48.8718, longitude: 2.3537 },
  { placeId: "fixture:hofbrauhaus", placeName: "Hofbräuhaus", address: "Platzl 9, Munich", latitude: 48.1376, longitude: 11.5799 },
  { placeId: "fixture:dead-rabbit", placeName: "The Dead Rabbit", address: "30 Water Street, New York", latitude: 40.7033, longitude: -74.0112 },
  { placeId: "fixture:employees-only", placeName: "Employees Only", address: "510 Hudson Street, New York", latitude: 40.7334, longitude: -74.0064 },
  { placeId: "fixture:brewpub-central", placeName: "Central Station Brewpub", address: "1 Station Square, Manchester", latitude: 53.4774, longitude: -2.2309 },
  { placeId: "fixture:sky-garden", placeName: "Sky Garden Bar", address: "20 Fenchurch Street, London", latitude: 51.5113, longitude: -0.0836 },
];

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

export function searchFixturePlaces(query: string): PlacePrediction[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return FIXTURE_PLACES.filter((place) => {
    const haystack = fold(`${place.placeName} ${place.address}`);
    return words.every((word) => haystack.includes(word));
  })
    .slice(0, PLACE_PREDICTIONS_LIMIT)
    .map(({ placeId, placeName, address }) => ({ placeId, name: placeName, address }));
}

export function fixturePlaceDetails(placeId: string): PlaceDetails | null {
  return FIXTURE_PLACES.find((place) => place.placeId === placeId) ?? null;
}
