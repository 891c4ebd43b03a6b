import { describe, expect, it } from "vitest";
import {
  DEFAULT_DISCOVER_FILTERS,
  TRENDING_HALF_LIFE_MS,
  addToTrendingKey,
  compareForDiscover,
  discoverDrinkFilterLabel,
  eventSearchText,
  isInTimeWindow,
  matchesDrinkFilter,
  matchesSearch,
  normalizeSearchText,
  removeFromTrendingKey,
  searchTerms,
  timeFilterWindow,
  trendingScore,
  type DiscoverSortable,
} from "./discoverFilters";
import { HOUR_MS, type EventTimes } from "./eventTiming";

const LONDON = "Europe/London";
const utc = (iso: string) => Date.parse(iso);
const event = (startIso: string, durationType: EventTimes["durationType"] = "now"): EventTimes => ({
  startTime: utc(startIso),
  durationType,
});

describe("time filter windows", () => {
  const wednesdayEvening = utc("2025-06-04T18:00:00Z"); // 19:00 BST

  it("defines all, tonight, tomorrow and next-week from now in the viewer's zone", () => {
    expect(timeFilterWindow("all", wednesdayEvening, LONDON)).toEqual({
      from: wednesdayEvening,
      to: null,
    });
    expect(timeFilterWindow("tonight", wednesdayEvening, LONDON)).toEqual({
      from: wednesdayEvening,
      to: utc("2025-06-04T23:00:00Z"),
    });
    expect(timeFilterWindow("tomorrow", wednesdayEvening, LONDON)).toEqual({
      from: utc("2025-06-04T23:00:00Z"),
      to: utc("2025-06-05T23:00:00Z"),
    });
    expect(timeFilterWindow("next-week", wednesdayEvening, LONDON)).toEqual({
      from: wednesdayEvening,
      to: utc("2025-06-11T18:00:00Z"),
    });
  });

  it("takes the coming weekend on a weekday, and the rest of this one on Saturday or Sunday", () => {
    expect(timeFilterWindow("weekend", wednesdayEvening, LONDON)).toEqual({
      from: utc("2025-06-06T23:00:00Z"), // Saturday 00:00 BST
      to: utc("2025-06-08T23:00:00Z"), // Monday 00:00 BST
    });
    const saturday = utc("2025-06-07T12:00:00Z");
    expect(timeFilterWindow("weekend", saturday, LONDON)).toEqual({
      from: saturday,
      to: utc("2025-06-08T23:00:00Z"),
    });
    const sunday = utc("2025-06-08T12:00:00Z");
    expect(timeFilterWindow("weekend", sunday, LONDON)).toEqual({
      from: sunday,
      to: utc("2025-06-08T23:00:00Z"),
    });
  });

  it("reads the weekday in the viewer's zone", () => {
    // Friday 23:30 UTC is already Saturday 00:30 in London.
    const lateFriday = utc("2025-06-06T23:30:00Z");
    expect(timeFilterWindow("weekend", lateFriday, "UTC").from).toBe(utc("2025-06-07T00:00:00Z"));
    expect(timeFilterWindow("weekend", lateFriday, LONDON).from).toBe(lateFriday);
  });

  it("follows the wall clock over a DST change", () => {
    expect(timeFilterWindow("weekend", utc("2025-03-28T12:00:00Z"), LONDON)).toEqual({
      from: utc("2025-03-29T00:00:00Z"), // Saturday 00:00 GMT
      to: utc("2025-03-30T23:00:00Z"), // Monday 00:00 BST
    });
    // Thursday 12:00 GMT + 7 days = Thursday 12:00 BST.
    expect(timeFilterWindow("next-week", utc("2025-03-27T12:00:00Z"), LONDON).to).toBe(
      utc("2025-04-03T11:00:00Z"),
    );
  });
});

describe("isInTimeWindow", () => {
  const now = utc("2025-06-04T18:00:00Z"); // Wednesday 19:00 BST
  const tonight = timeFilterWindow("tonight", now, LONDON);
  const tomorrow = timeFilterWindow("tomorrow", now, LONDON);
  const all = timeFilterWindow("all", now, LONDON);

  it("lists live events under tonight and all, not under tomorrow", () => {
    const live = event("2025-06-04T17:00:00Z");
    expect(isInTimeWindow(live, tonight, now, LONDON)).toBe(true);
    expect(isInTimeWindow(live, all, now, LONDON)).toBe(true);
    expect(isInTimeWindow(live, tomorrow, now, LONDON)).toBe(false);
  });

  it("splits tonight and tomorrow at local midnight", () => {
    const beforeMidnight = event("2025-06-04T22:59:00Z");
    const atMidnight = event("2025-06-04T23:00:00Z");
    expect(isInTimeWindow(beforeMidnight, tonight, now, LONDON)).toBe(true);
    expect(isInTimeWindow(atMidnight, tonight, now, LONDON)).toBe(false);
    expect(isInTimeWindow(atMidnight, tomorrow, now, LONDON)).toBe(true);
  });

  it("never lists past events", () => {
    expect(isInTimeWindow(event("2025-06-04T15:00:00Z"), all, now, LONDON)).toBe(false); // ended at now
    expect(isInTimeWindow(event("2025-06-03T15:00:00Z"), all, now, LONDON)).toBe(false);
    expect(isInTimeWindow(event("2025-06-04T15:00:01Z"), all, now, LONDON)).toBe(true);
  });

  it("keeps an all-night session live until midnight", () => {
    const allNight = event("2025-06-04T12:00:00Z", "all_night");
    expect(isInTimeWindow(allNight, tonight, now, LONDON)).toBe(true);
    expect(isInTimeWindow(allNight, tonight, utc("2025-06-04T23:00:00Z"), LONDON)).toBe(false);
  });

  it("lists weekend events by their start", () => {
    const weekend = timeFilterWindow("weekend", now, LONDON);
    expect(isInTimeWindow(event("2025-06-06T22:00:00Z"), weekend, now, LONDON)).toBe(false); // Friday 23:00
    expect(isInTimeWindow(event("2025-06-07T19:00:00Z"), weekend, now, LONDON)).toBe(true); // Saturday
    expect(isInTimeWindow(event("2025-06-08T22:59:00Z"), weekend, now, LONDON)).toBe(true); // Sunday 23:59
    expect(isInTimeWindow(event("2025-06-08T23:00:00Z"), weekend, now, LONDON)).toBe(false); // Monday
  });
});

describe("drink filter", () => {
  it("matches all, a named drink, or 'more' for the others", () => {
    expect(matchesDrinkFilter("sake", "all")).toBe(true);
    expect(matchesDrinkFilter("beer", "beer")).toBe(true);
    expect(matchesDrinkFilter("wine", "beer")).toBe(false);
    expect(matchesDrinkFilter("sake", "more")).toBe(true);
    expect(matchesDrinkFilter("shots", "more")).toBe(true);
    expect(matchesDrinkFilter("whiskey", "more")).toBe(false);
  });

  it("labels the options", () => {
    expect(discoverDrinkFilterLabel("all")).toBe("All Drinks");
    expect(discoverDrinkFilterLabel("cocktails")).toBe("🍸 Cocktails");
    expect(discoverDrinkFilterLabel("more")).toBe("More");
  });
});

describe("sorts", () => {
  const base: DiscoverSortable = {
    createdAt: 0,
    startTime: 0,
    attendeeCount: 1,
    trendingKey: null,
  };
  const a = { ...base, id: "a", createdAt: 3, startTime: 30, attendeeCount: 2, trendingKey: 5 };
  const b = { ...base, id: "b", createdAt: 1, startTime: 10, attendeeCount: 9, trendingKey: null };
  const c = { ...base, id: "c", createdAt: 2, startTime: 20, attendeeCount: 2, trendingKey: 7 };
  const order = (sort: Parameters<typeof compareForDiscover>[0]) =>
    [a, b, c].sort(compareForDiscover(sort)).map((event) => event.id);

  it("orders newest, date, popular and trending", () => {
    expect(order("newest")).toEqual(["a", "c", "b"]);
    expect(order("date")).toEqual(["b", "c", "a"]);
    expect(order("popular")).toEqual(["b", "c", "a"]); // a and c tie on attendees: sooner first
    expect(order("trending")).toEqual(["c", "a", "b"]); // no RSVP activity last
  });

  it("defaults to soonest first, any time, any drink", () => {
    expect(DEFAULT_DISCOVER_FILTERS).toEqual({ sort: "date", time: "all", drink: "all" });
  });
});

describe("trending key", () => {
  const t = utc("2025-06-04T18:00:00Z");

  it("scores a fresh RSVP 1, halving every 6 hours", () => {
    const key = addToTrendingKey(null, t);
    expect(trendingScore(key, t)).toBeCloseTo(1);
    expect(trendingScore(key, t + TRENDING_HALF_LIFE_MS)).toBeCloseTo(0.5);
    expect(trendingScore(key, t + 24 * HOUR_MS)).toBeCloseTo(1 / 16);
    expect(trendingScore(null, t)).toBe(0);
  });

  it("adds RSVPs up", () => {
    const key = addToTrendingKey(
      addToTrendingKey(addToTrendingKey(null, t), t),
      t - TRENDING_HALF_LIFE_MS,
    );
    expect(trendingScore(key, t)).toBeCloseTo(2.5);
  });

  it("ranks fresh activity above older, larger activity, whatever now is", () => {
    let yesterdayCrowd: number | null = null;
    for (let i = 0; i < 3; i++) yesterdayCrowd = addToTrendingKey(yesterdayCrowd, t - 24 * HOUR_MS);
    const justNow = addToTrendingKey(null, t);
    expect(justNow).toBeGreaterThan(yesterdayCrowd ?? -Infinity);
    expect(trendingScore(justNow, t + 100 * HOUR_MS)).toBeGreaterThan(
      trendingScore(yesterdayCrowd, t + 100 * HOUR_MS),
    );
  });

  it("takes an RSVP back, and is null when none is left", () => {
    const earlier = t - 2 * HOUR_MS;
    const both = addToTrendingKey(addToTrendingKey(null, earlier), t);
    const onlyLater = removeFromTrendingKey(both, earlier);
    expect(trendingScore(onlyLater, t)).toBeCloseTo(1);
    expect(removeFromTrendingKey(onlyLater, t)).toBeNull();
    expect(removeFromTrendingKey(null, t)).toBeNull();
  });
});

describe("search", () => {
  const text = eventSearchText({
    title: "Café Crawl: Round #2",
    location: "12 Rue de Rivoli, Paris",
    placeName: "Le Procope",
    placeNickname: "The Old Place",
    notes: "Bring a jacket!",
    hostDisplayName: "Zoë Martín",
    hostNickname: "ZM",
    drinkType: "cocktails",
    vibe: "stone_cold",
  });

  it("normalises case, accents and punctuation", () => {
    expect(normalizeSearchText("  Café—CRAWL!! Zoë ")).toBe("cafe crawl zoe");
    expect(normalizeSearchText("Москва 東京")).toBe("москва 東京");
    expect(searchTerms("  Café  cafe CAFÉ crawl ")).toEqual(["cafe", "crawl"]);
  });

  it("stores every searched field once, with drink and vibe labels", () => {
    expect(text).toBe(
      "cafe crawl round 2 12 rue de rivoli paris le procope the old place bring a jacket zoe martin zm cocktails stone cold",
    );
  });

  it("matches each searched field", () => {
    for (const query of [
      "café",
      "rivoli",
      "procope",
      "old place",
      "jacket",
      "zoe",
      "zm",
      "cocktails",
      "stone cold",
    ]) {
      expect(matchesSearch(text, query)).toBe(true);
    }
  });

  it("needs every word to match, anywhere, in any case", () => {
    expect(matchesSearch(text, "PARIS crawl")).toBe(true);
    expect(matchesSearch(text, "cock")).toBe(true);
    expect(matchesSearch(text, "paris beer")).toBe(false);
  });

  it("matches everything for an empty query", () => {
    expect(matchesSearch(text, "")).toBe(true);
    expect(matchesSearch(text, "  !! ")).toBe(true);
  });
});
