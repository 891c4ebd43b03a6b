import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import { createUser, newTest, stubDeploymentEnv } from "./test.setup";
import { placeProviderName } from "./model/places/provider";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe("place search", () => {
  test("needs sign-in", async () => {
    stubDeploymentEnv({ PLACES_PROVIDER: "fixture" });
    const t = newTest();
    await expect(t.action(api.places.autocomplete, { query: "crown" })).rejects.toThrow("Not authenticated");
    await expect(t.action(api.places.details, { placeId: "fixture:crown-anchor" })).rejects.toThrow("Not authenticated");
  });

  test("the fixture provider matches every word and gives details with coordinates", async () => {
    stubDeploymentEnv({ PLACES_PROVIDER: "fixture" });
    const t = newTest();
    const { asUser } = await createUser(t);
    expect(await asUser.action(api.places.autocomplete, { query: "cr" })).toEqual([]);
    const [first] = await asUser.action(api.places.autocomplete, { query: "crown london" });
    expect(first).toEqual({ placeId: "fixture:crown-anchor", name: "The Crown & Anchor", address: "22 Neal Street, London" });
    expect(await asUser.action(api.places.autocomplete, { query: "hofbrau" })).toHaveLength(1); // accents folded
    const details = await asUser.action(api.places.details, { placeId: first.placeId });
    expect(details).toMatchObject({ placeName: "The Crown & Anchor", latitude: 51.5143, longitude: -0.1262 });
    expect(await asUser.action(api.places.details, { placeId: "fixture:nowhere" })).toBeNull();
  });

  test("OpenStreetMap results become predictions and details", async () => {
    stubDeploymentEnv({ PLACES_PROVIDER: "osm" });
    const requests: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) => {
        requests.push(url);
        const place = { osm_type: "node", osm_id: 42, lat: "51.5", lon: "-0.12", name: "The Lamb", display_name: "The Lamb, 94 Lamb's Conduit St, London" };
        return Promise.resolve(new Response(JSON.stringify([place])));
      }),
    );
    const t = newTest();
    const { asUser } = await createUser(t);
    expect(await asUser.action(api.places.autocomplete, { query: "the lamb" })).toEqual([
      { placeId: "osm:N42", name: "The Lamb", address: "94 Lamb's Conduit St, London" },
    ]);
    expect(await asUser.action(api.places.details, { placeId: "osm:N42" })).toEqual({
      placeId: "osm:N42",
      placeName: "The Lamb",
      address: "94 Lamb's Conduit St, London",
      latitude: 51.5,
      longitude: -0.12,
    });
    expect(requests[0]).toContain("nominatim.openstreetmap.org/search?q=the+lamb");
    expect(requests[1]).toContain("lookup?osm_ids=N42");
  });

  test("an overlong query or place id never reaches the provider", async () => {
    stubDeploymentEnv({ PLACES_PROVIDER: "osm" });
    const fetch = vi.fn(() => Promise.resolve(new Response("[]")));
    vi.stubGlobal("fetch", fetch);
    const t = newTest();
    const { asUser } = await createUser(t);
    expect(await asUser.action(api.places.autocomplete, { query: "pub ".repeat(10_000) })).toEqual([]);
    expect(await asUser.action(api.places.details, { placeId: `osm:N${"4".repeat(10_000)}` })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  test("Google Places results become predictions and details", async () => {
    stubDeploymentEnv({ GOOGLE_PLACES_API_KEY: "key" });
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) =>
        Promise.resolve(
          new Response(
            JSON.stringify(
              url.endsWith(":autocomplete")
                ? { suggestions: [{ placePrediction: { placeId: "abc", structuredFormat: { mainText: { text: "Nightjar" }, secondaryText: { text: "City Rd, London" } } } }] }
                : { id: "abc", displayName: { text: "Nightjar" }, formattedAddress: "129 City Rd, London", location: { latitude: 51.52, longitude: -0.08 } },
            ),
          ),
        ),
      ),
    );
    const t = newTest();
    const { asUser } = await createUser(t);
    expect(await asUser.action(api.places.autocomplete, { query: "nightjar" })).toEqual([
      { placeId: "google:abc", name: "Nightjar", address: "City Rd, London" },
    ]);
    expect(await asUser.action(api.places.details, { placeId: "google:abc" })).toMatchObject({ placeName: "Nightjar", latitude: 51.52 });
  });

  test("provider choice: explicit, then Google with a key, then fixture locally, then OpenStreetMap", () => {
    stubDeploymentEnv({ PLACES_PROVIDER: "osm", GOOGLE_PLACES_API_KEY: "key" });
    expect(placeProviderName()).toBe("osm");
    stubDeploymentEnv({ PLACES_PROVIDER: undefined, GOOGLE_PLACES_API_KEY: "key" });
    expect(placeProviderName()).toBe("google");
    stubDeploymentEnv({ PLACES_PROVIDER: undefined, GOOGLE_PLACES_API_KEY: undefined, CONVEX_CLOUD_URL: "http://127.0.0.1:3210", CLINK_LOCAL_BACKEND: "1" });
    expect(placeProviderName()).toBe("fixture");
    stubDeploymentEnv({ CONVEX_CLOUD_URL: "https://happy-otter-123.convex.cloud" });
    expect(placeProviderName()).toBe("osm");
    // A self-hosted Convex backend at its default localhost address is not the local backend.
    stubDeploymentEnv({ CONVEX_CLOUD_URL: "http://127.0.0.1:3210" });
    expect(placeProviderName()).toBe("osm");
  });
});
