import { api } from "@convex/_generated/api";

/** The poll page's query for `/crew/{crewId}/poll/{pollId}`: its route names it, so it starts with the address. */
export function pollPageQuery(pollId: string) {
  return { query: api.crewPolls.get, args: { pollId } };
}
