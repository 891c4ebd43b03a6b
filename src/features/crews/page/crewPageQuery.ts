import { api } from "@convex/_generated/api";

/**
 * The crew page's query for `/crew/{crewId}`: the page subscribes to it, and its route names it
 * (src/app/crewRoutes.tsx) so it starts with the address.
 */
export function crewPageQuery(crewId: string) {
  return { query: api.crews.get, args: { crewId } };
}
