import { DISCOVER_DRINK_FILTERS } from "@shared/drinks";
import {
  DEFAULT_DISCOVER_FILTERS,
  DISCOVER_SORTS,
  DISCOVER_TIME_FILTERS,
  type DiscoverDrinkFilter,
  type DiscoverSort,
  type DiscoverTimeFilter,
} from "@shared/discoverFilters";

export type DiscoverFilters = {
  sort: DiscoverSort;
  time: DiscoverTimeFilter;
  drink: DiscoverDrinkFilter;
};

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((option) => option === value) ?? fallback;
}

/** Filters from the address (?sort=…&time=…&drink=…), so a filtered view can be shared or reloaded. */
export function filtersFromParams(params: URLSearchParams): DiscoverFilters {
  return {
    sort: pick(params.get("sort"), DISCOVER_SORTS, DEFAULT_DISCOVER_FILTERS.sort),
    time: pick(params.get("time"), DISCOVER_TIME_FILTERS, DEFAULT_DISCOVER_FILTERS.time),
    drink: pick(params.get("drink"), DISCOVER_DRINK_FILTERS, DEFAULT_DISCOVER_FILTERS.drink),
  };
}

/** The address's parameters for `filters` and `search`; defaults are left out. */
export function paramsFor(filters: DiscoverFilters, search: string): URLSearchParams {
  const params = new URLSearchParams();
  if (search.trim()) params.set("q", search);
  for (const key of ["sort", "time", "drink"] as const) {
    if (filters[key] !== DEFAULT_DISCOVER_FILTERS[key]) params.set(key, filters[key]);
  }
  return params;
}

/** How many filters differ from the defaults (the filter button's badge). */
export function activeFilterCount(filters: DiscoverFilters): number {
  return (["sort", "time", "drink"] as const).filter(
    (key) => filters[key] !== DEFAULT_DISCOVER_FILTERS[key],
  ).length;
}
