/**
 * The wizard's place search, apart from React: at least
 * 3 characters, at most one request every 100 ms,
 * predictions cached 5 minutes and details 1 hour, expired entries cleared
 * every 10 minutes. Debouncing (300 ms) happens in the hook that types.
 */
import {
  PLACE_CACHE_CLEANUP_MS,
  PLACE_DETAILS_CACHE_MS,
  PLACE_PREDICTIONS_CACHE_MS,
  PLACE_SEARCH_MIN_INTERVAL_MS,
  isSearchablePlaceQuery,
  type PlaceDetails,
  type PlacePrediction,
} from "@shared/places";
import { TtlCache } from "@/lib/ttlCache";

export type PlaceSearchBackend = {
  autocomplete: (query: string) => Promise<PlacePrediction[]>;
  details: (placeId: string) => Promise<PlaceDetails | null>;
};

type PlaceSearchClock = {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
};

const realClock: PlaceSearchClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The cache key of a query: trimmed, case and spacing ignored. */
export function predictionCacheKey(query: string): string {
  return query.trim().replace(/\s+/g, " ").toLowerCase();
}

export class PlaceSearchClient {
  readonly predictionsCache: TtlCache<PlacePrediction[]>;
  readonly detailsCache: TtlCache<PlaceDetails | null>;
  private lastRequestAt = Number.NEGATIVE_INFINITY;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly clock: PlaceSearchClock = realClock) {
    this.predictionsCache = new TtlCache(PLACE_PREDICTIONS_CACHE_MS, clock.now);
    this.detailsCache = new TtlCache(PLACE_DETAILS_CACHE_MS, clock.now);
  }

  /** Suggestions for `query` ([] under 3 characters), from the cache when fresh. */
  async predictions(backend: PlaceSearchBackend, query: string): Promise<PlacePrediction[]> {
    if (!isSearchablePlaceQuery(query)) return [];
    const key = predictionCacheKey(query);
    const cached = this.predictionsCache.get(key);
    if (cached !== undefined) return cached;
    const result = await this.spaced(() => backend.autocomplete(query.trim()));
    this.predictionsCache.set(key, result);
    return result;
  }

  /** A picked suggestion's name, address and coordinates (null if the provider lost it). */
  async details(backend: PlaceSearchBackend, placeId: string): Promise<PlaceDetails | null> {
    const cached = this.detailsCache.get(placeId);
    if (cached !== undefined) return cached;
    const result = await this.spaced(() => backend.details(placeId));
    this.detailsCache.set(placeId, result);
    return result;
  }

  prune(): void {
    this.predictionsCache.prune();
    this.detailsCache.prune();
  }

  /** Runs `request` no sooner than 100 ms after the previous one started, one at a time. */
  private spaced<T>(request: () => Promise<T>): Promise<T> {
    const run = async () => {
      const wait = this.lastRequestAt + PLACE_SEARCH_MIN_INTERVAL_MS - this.clock.now();
      if (wait > 0) await this.clock.sleep(wait);
      this.lastRequestAt = this.clock.now();
      return await request();
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

/** The app's one client, so the caches outlive a closed wizard. */
export const placeSearchClient = new PlaceSearchClient();

let cleanupTimer: ReturnType<typeof setInterval> | null = null;

/** Starts the 10-minute cache clean-up once, the first time place search is used. */
export function startPlaceCacheCleanup(): void {
  if (cleanupTimer !== null || typeof window === "undefined") return;
  cleanupTimer = setInterval(() => placeSearchClient.prune(), PLACE_CACHE_CLEANUP_MS);
}
