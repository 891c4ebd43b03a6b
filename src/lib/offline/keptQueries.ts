/**
 * The queries whose last result stays on the device, each with its version and the keys its
 * screen reads (first page only for paginated lists). A query not listed here is never kept,
 * even when a screen reads it with the caching hooks.
 *
 * Versioning rule: bump a query's `version` when its result changes in a way the screen of the
 * new build cannot read (a field removed, renamed, retyped or meaning something else); the
 * entries kept under another version are then dropped, not shown. Adding a field needs no bump.
 * The keys listed are checked against the generated return types (renaming or removing one
 * fails `tsc` here, the moment to bump) and, at read time, against the kept value: a value
 * missing one is dropped too, so a forgotten bump costs the copy, never a crashed screen.
 */
import { getFunctionName, type FunctionReference, type FunctionReturnType } from "convex/server";
import type { PaginatedQueryItem, PaginatedQueryReference } from "convex/react";
import { api } from "@convex/_generated/api";

export type KeptQuery = {
  version: number;
  /** Kept as the items of its first page, for `usePaginatedQuery` lists. */
  paged: boolean;
  /** Whether a kept value still has the shape the screen reads. */
  isReadable: (value: unknown) => boolean;
};

/** The keys of an object type (not distributed over a union: a key must be in every member). */
type KeysOf<T> = [T] extends [readonly unknown[]]
  ? never
  : [T] extends [object]
    ? keyof T & string
    : never;

function isObjectWith(value: unknown, keys: readonly string[]): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    keys.every((key) => key in value)
  );
}

/** A query returning an object (or null) with at least `keys`. */
function result<Query extends FunctionReference<"query">>(
  query: Query,
  version: number,
  keys: KeysOf<NonNullable<FunctionReturnType<Query>>>[],
): [string, KeptQuery] {
  return [
    getFunctionName(query),
    { version, paged: false, isReadable: (value) => value === null || isObjectWith(value, keys) },
  ];
}

/** A query returning a number. */
function count<Query extends FunctionReference<"query">>(
  query: FunctionReturnType<Query> extends number ? Query : never,
  version: number,
): [string, KeptQuery] {
  return [
    getFunctionName(query),
    { version, paged: false, isReadable: (value) => typeof value === "number" },
  ];
}

/** A paginated query: its first page, each item with at least `keys`. */
function firstPage<Query extends PaginatedQueryReference>(
  query: Query,
  version: number,
  keys: KeysOf<PaginatedQueryItem<Query>>[],
): [string, KeptQuery] {
  return [
    getFunctionName(query),
    {
      version,
      paged: true,
      isReadable: (value) =>
        Array.isArray(value) && value.every((item) => isObjectWith(item, keys)),
    },
  ];
}

export const KEPT_QUERIES: ReadonlyMap<string, KeptQuery> = new Map([
  // A session page: its details, and who's coming.
  // 2: the page carries the seats and the viewer's waitlist place and plus-ones.
  result(api.events.get, 2, ["event", "host", "coHosts", "attendees", "viewer"]),
  // Got home safe: the Home safe button is there on the way home with no signal.
  result(api.checkIns.forEvent, 1, ["mine", "watching", "canStart"]),
  // 2: the viewer's own open check-ins are a list (one per session).
  result(api.checkIns.openForMe, 2, ["mine", "alerts"]),
  firstPage(api.events.attendees, 1, ["userId", "displayName", "role"]),
  // Its bar crawl: a latecomer offline still sees where the crew is.
  result(api.stops.list, 1, ["stops", "currentStopId", "canEdit"]),
  // Its tab: who owes whom, at the bar with no signal.
  result(api.tab.get, 1, ["people", "plan", "currency", "canAddExpense"]),
  firstPage(api.tab.expenses, 1, ["expenseId", "description", "amount"]),
  // Who can share an expense: the form opens offline too.
  result(api.tab.people, 1, ["people"]),
  // Your Sessions (both tabs) and Discover's first page with its count.
  firstPage(api.events.mine, 1, ["_id", "title", "canEdit", "canDelete"]),
  firstPage(api.events.discover, 1, ["_id", "title"]),
  result(api.events.discoverCount, 1, ["count", "more"]),
  // A profile: header, stats, badges, next session, sessions tabs and crews.
  result(api.profiles.byUsername, 1, ["visibility", "profile", "isOwner"]),
  result(api.profiles.stats, 1, ["sessions", "rsvps", "crews", "favoriteDrink"]),
  result(api.badges.preview, 1, ["isOwner", "name", "earnedCount", "shown"]),
  result(api.events.nextForMe, 1, ["_id", "title"]),
  result(api.events.profileCounts, 1, ["upcoming", "past"]),
  firstPage(api.events.forProfile, 1, ["_id", "title"]),
  firstPage(api.crews.forProfile, 3, ["_id", "name"]),
  // A crew page: the crew, its sessions and members.
  result(api.crews.get, 2, ["crew", "viewer"]),
  result(api.crews.sessions, 1, ["upcoming", "past"]),
  firstPage(api.crews.members, 1, ["userId", "displayName", "canRemove"]),
  // The bell: unread count and the first page of notifications.
  count(api.notifications.unreadCount, 1),
  firstPage(api.notifications.list, 1, ["_id", "read"]),
]);
