import type { FunctionReturnType } from "convex/server";
import type { Params } from "react-router-dom";
import { api } from "@convex/_generated/api";

/** What the event page's query returns: the page and every part of it read this. */
export type EventPageData = FunctionReturnType<typeof api.events.get>;

/** The event's reference in `/event/{ref}` or `/private-event/{slug}`. */
export function eventRefOf(params: Params): string {
  return params.ref ?? params.slug ?? "";
}

/**
 * The event page's query for an event reference: the page subscribes to it, and its routes
 * name it (src/app/eventRoutes.tsx) so it starts with the address.
 */
export function eventPageQuery(ref: string) {
  return { query: api.events.get, args: { slugOrCodeOrId: ref } };
}
