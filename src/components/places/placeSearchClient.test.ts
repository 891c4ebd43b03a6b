import { describe, expect, it, vi } from "vitest";
import {
  PLACE_DETAILS_CACHE_MS,
  PLACE_PREDICTIONS_CACHE_MS,
  PLACE_SEARCH_MIN_INTERVAL_MS,
} from "@shared/places";
import {
  PlaceSearchClient,
  predictionCacheKey,
  type PlaceSearchBackend,
} from "./placeSearchClient";

function fakeClock() {
  const clock = {
    time: 10_000,
    slept: [] as number[],
    now: () => clock.time,
    sleep: (ms: number) => {
      clock.slept.push(ms);
      clock.time += ms;
      return Promise.resolve();
    },
  };
  return clock;
}

function fakeBackend(): PlaceSearchBackend & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    autocomplete: vi.fn((query: string) => {
      calls.push(`search:${query}`);
      return Promise.resolve([{ placeId: `id:${query}`, name: query, address: "London" }]);
    }),
    details: vi.fn((placeId: string) => {
      calls.push(`details:${placeId}`);
      return Promise.resolve({
        placeId,
        placeName: "X",
        address: "London",
        latitude: 1,
        longitude: 2,
      });
    }),
  };
}

describe("PlaceSearchClient", () => {
  it("does not search under 3 characters", async () => {
    const backend = fakeBackend();
    const client = new PlaceSearchClient(fakeClock());
    expect(await client.predictions(backend, " cr ")).toEqual([]);
    expect(backend.calls).toEqual([]);
  });

  it("caches predictions for 5 minutes, ignoring case and spacing", async () => {
    const clock = fakeClock();
    const backend = fakeBackend();
    const client = new PlaceSearchClient(clock);
    await client.predictions(backend, "Crown  Anchor");
    await client.predictions(backend, " crown anchor ");
    expect(backend.calls).toEqual(["search:Crown  Anchor"]);
    clock.time += PLACE_PREDICTIONS_CACHE_MS;
    await client.predictions(backend, "crown anchor");
    expect(backend.calls).toHaveLength(2);
    expect(predictionCacheKey("  The  Crown ")).toBe("the crown");
  });

  it("caches details for an hour", async () => {
    const clock = fakeClock();
    const backend = fakeBackend();
    const client = new PlaceSearchClient(clock);
    await client.details(backend, "fixture:crown");
    clock.time += PLACE_DETAILS_CACHE_MS - 1;
    await client.details(backend, "fixture:crown");
    expect(backend.calls).toEqual(["details:fixture:crown"]);
  });

  it("leaves at least 100 ms between requests", async () => {
    const clock = fakeClock();
    const backend = fakeBackend();
    const client = new PlaceSearchClient(clock);
    await Promise.all([client.predictions(backend, "crown"), client.predictions(backend, "lamb")]);
    expect(backend.calls).toEqual(["search:crown", "search:lamb"]);
    expect(clock.slept).toEqual([PLACE_SEARCH_MIN_INTERVAL_MS]);
  });

  it("keeps going after a failed request", async () => {
    const clock = fakeClock();
    const backend = fakeBackend();
    backend.autocomplete = vi.fn(() => Promise.reject(new Error("offline")));
    const client = new PlaceSearchClient(clock);
    await expect(client.predictions(backend, "crown")).rejects.toThrow("offline");
    backend.autocomplete = vi.fn(() => Promise.resolve([]));
    await expect(client.predictions(backend, "lamb")).resolves.toEqual([]);
  });
});
