import { api } from "../../../../convex/_generated/api";

/**
 * The event page's query for `/event/{ref}` or `/private-event/{ref}`: the page subscribes to
 * it, and its routes name it (src/app/eventRoutes.tsx) so it starts with the address.
 */
export function eventPageQuery(ref: string) {
  return { query: api.events.get, args: { slugOrCodeOrId: ref } };
}
