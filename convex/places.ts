/**
 * Place search for the event wizard: actions,
 * because providers are reached over the network. Signed-in only, so the
 * deployment is not an open proxy; free-text locations never need this.
 */
import { v } from "convex/values";
import { action } from "./_generated/server";
import { isPlaceIdWithinBounds, isSearchablePlaceQuery, type PlaceDetails, type PlacePrediction } from "../shared/places";
import { placeProvider } from "./model/places/provider";
import { requireViewerIdInAction } from "./model/viewer";

/** Up to 5 suggestions for what the user typed (nothing under 3 characters or over 200). */
export const autocomplete = action({
  args: { query: v.string() },
  handler: async (ctx, { query }): Promise<PlacePrediction[]> => {
    await requireViewerIdInAction(ctx);
    if (!isSearchablePlaceQuery(query)) return [];
    return await placeProvider().search(query.trim());
  },
});

/** Name, address and coordinates of a suggestion the user picked, or null if it is gone. */
export const details = action({
  args: { placeId: v.string() },
  handler: async (ctx, { placeId }): Promise<PlaceDetails | null> => {
    await requireViewerIdInAction(ctx);
    if (!isPlaceIdWithinBounds(placeId)) return null;
    return await placeProvider().details(placeId);
  },
});
