/**
 * The demo world: on a fresh local backend, a small believable
 * world so a newcomer sees a living app — six people with profiles, twelve
 * public sessions from "happening now" to next week, one private session and
 * one past session, with RSVPs. The demo people have no sign-in accounts.
 *
 * A `demo_world` row marks it (and lists its people, to wipe it); seeding
 * does nothing while it exists unless forced. Only where debug pages are
 * enabled (a local backend, or CLINK_DEBUG_PAGES=true).
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { DrinkType } from "../../shared/drinks";
import type { DurationType, RsvpStatus, Vibe } from "../../shared/eventOptions";
import { HOUR_MS } from "../../shared/eventTiming";
import { deleteAccount } from "./accountDeletion";
import { requireDebugPagesEnabled } from "./debug";
import { createEvent } from "./events";
import { changeParticipation } from "./participation";
import { ensureProfile, updateOwnProfile } from "./profiles";
import type { FavoriteDrink } from "../../shared/drinks";

type DemoPerson = {
  name: string;
  nickname: string;
  bio: string;
  tagline: string;
  favoriteDrink: FavoriteDrink;
};

const PEOPLE: DemoPerson[] = [
  {
    name: "Maya Ortiz",
    nickname: "Mo",
    bio: "Negroni evangelist. Always knows a rooftop.",
    tagline: "One more round?",
    favoriteDrink: "cocktails",
  },
  {
    name: "Sam Lee",
    nickname: "Sammy",
    bio: "Pub quiz captain, stout enthusiast.",
    tagline: "Pints and trivia",
    favoriteDrink: "beer",
  },
  {
    name: "Priya Shah",
    nickname: "P",
    bio: "Natural wine and long dinners.",
    tagline: "Pour me something orange",
    favoriteDrink: "wine",
  },
  {
    name: "Jonas Berg",
    nickname: "Jo",
    bio: "Collects whiskies he is not allowed to open.",
    tagline: "Neat, please",
    favoriteDrink: "whiskey",
  },
  {
    name: "Aiko Tanaka",
    nickname: "Ai",
    bio: "Sake nerd, karaoke closer.",
    tagline: "Kanpai!",
    favoriteDrink: "sake",
  },
  {
    name: "Leo Martins",
    nickname: "Leo",
    bio: "Will find the party. Will start the party.",
    tagline: "Last one standing",
    favoriteDrink: "tequila",
  },
];

type DemoEvent = {
  title: string;
  host: number;
  /** Hours from now (start); negative for the past. */
  startsIn: number;
  durationType: DurationType;
  /** Hours, for custom. */
  lasts?: number;
  drinkType: DrinkType;
  vibe: Vibe;
  placeNickname?: string;
  location: string;
  place?: { placeName: string; latitude: number; longitude: number };
  notes?: string;
  isPublic?: boolean;
  rsvps: Array<[number, RsvpStatus]>;
};

const EVENTS: DemoEvent[] = [
  {
    title: "Friday Pints at The Crown",
    host: 1,
    startsIn: -0.5,
    durationType: "now",
    drinkType: "beer",
    vibe: "casual",
    placeNickname: "The usual",
    location: "The Crown, 12 High Street",
    place: { placeName: "The Crown", latitude: 51.5136, longitude: -0.1365 },
    notes: "Back room, by the dartboard.",
    rsvps: [
      [0, "going"],
      [2, "going"],
      [3, "maybe"],
    ],
  },
  {
    title: "Rooftop Negronis",
    host: 0,
    startsIn: 2,
    durationType: "specific_time",
    drinkType: "cocktails",
    vibe: "classy",
    location: "Skyline Bar, 40 Tower Road",
    notes: "Dress nice, the view is worth it.",
    rsvps: [
      [2, "going"],
      [5, "going"],
      [4, "maybe"],
    ],
  },
  {
    title: "Wine & Cheese Night",
    host: 2,
    startsIn: 5,
    durationType: "custom",
    lasts: 3,
    drinkType: "wine",
    vibe: "chill",
    placeNickname: "Priya's",
    location: "18 Vine Street",
    notes: "Bring a bottle you want to talk about.",
    rsvps: [
      [0, "going"],
      [3, "going"],
    ],
  },
  {
    title: "All-Nighter on Dock Street",
    host: 5,
    startsIn: 6,
    durationType: "all_night",
    drinkType: "shots",
    vibe: "party",
    location: "Dock Street Warehouse",
    notes: "DJ from 11. Doors close at 3.",
    rsvps: [
      [0, "going"],
      [1, "maybe"],
      [4, "going"],
    ],
  },
  {
    title: "Sunday Session",
    host: 1,
    startsIn: 26,
    durationType: "specific_time",
    drinkType: "beer",
    vibe: "chill",
    location: "Riverside Beer Garden",
    rsvps: [
      [3, "going"],
      [5, "maybe"],
    ],
  },
  {
    title: "Whiskey Tasting Flight",
    host: 3,
    startsIn: 29,
    durationType: "custom",
    lasts: 2,
    drinkType: "whiskey",
    vibe: "classy",
    location: "The Malt Room, 3 Cask Lane",
    notes: "Five drams, one designated cab.",
    rsvps: [
      [1, "going"],
      [2, "maybe"],
    ],
  },
  {
    title: "Tequila Tuesday",
    host: 5,
    startsIn: 50,
    durationType: "specific_time",
    drinkType: "tequila",
    vibe: "wild",
    location: "Cantina Azul",
    rsvps: [
      [0, "going"],
      [4, "going"],
      [1, "going"],
    ],
  },
  {
    title: "Sake & Sushi",
    host: 4,
    startsIn: 74,
    durationType: "custom",
    lasts: 3,
    drinkType: "sake",
    vibe: "chill",
    location: "Kumo Izakaya",
    notes: "Omakase at 8, sake flights after.",
    rsvps: [[2, "going"]],
  },
  {
    title: "Champagne Brunch",
    host: 2,
    startsIn: 98,
    durationType: "specific_time",
    drinkType: "champagne",
    vibe: "classy",
    location: "The Glasshouse",
    rsvps: [
      [0, "maybe"],
      [4, "going"],
    ],
  },
  {
    title: "Craft Beer Crawl",
    host: 1,
    startsIn: 122,
    durationType: "custom",
    lasts: 5,
    drinkType: "beer",
    vibe: "wild",
    placeNickname: "Brewery row",
    location: "Meet at Hop Yard",
    notes: "Four breweries, one map.",
    rsvps: [
      [3, "going"],
      [5, "going"],
      [0, "maybe"],
    ],
  },
  {
    title: "Gin Garden Party",
    host: 0,
    startsIn: 146,
    durationType: "specific_time",
    drinkType: "gin",
    vibe: "casual",
    location: "Botanic Gardens Pavilion",
    rsvps: [
      [2, "going"],
      [3, "maybe"],
    ],
  },
  {
    title: "Stone Cold Classics Night",
    host: 3,
    startsIn: 166,
    durationType: "specific_time",
    drinkType: "mixed",
    vibe: "stone_cold",
    location: "The Vinyl Lounge",
    notes: "Records only. No requests.",
    rsvps: [
      [1, "going"],
      [5, "going"],
      [4, "maybe"],
    ],
  },
  {
    title: "Maya's Birthday Drinks",
    host: 0,
    startsIn: 52,
    durationType: "specific_time",
    drinkType: "cocktails",
    vibe: "party",
    location: "Secret location (ask Maya)",
    notes: "Private — friends only!",
    isPublic: false,
    rsvps: [
      [2, "going"],
      [4, "going"],
    ],
  },
  {
    title: "Pub Quiz Rematch",
    host: 1,
    startsIn: -7 * 24,
    durationType: "custom",
    lasts: 3,
    drinkType: "beer",
    vibe: "casual",
    location: "The Crown, 12 High Street",
    notes: "We came second. Never again.",
    rsvps: [
      [0, "going"],
      [3, "going"],
      [5, "going"],
    ],
  },
];

async function existingMarker(ctx: MutationCtx) {
  return await ctx.db.query("demo_world").first();
}

/**
 * Seeds the demo world unless it exists (or `force`: wipe, then seed).
 * Returns what it did.
 */
export async function seedDemoWorld(
  ctx: MutationCtx,
  options: { force?: boolean; timeZone?: string } = {},
  now: number = Date.now(),
): Promise<{ seeded: boolean; users: number; events: number }> {
  requireDebugPagesEnabled();
  if ((await existingMarker(ctx)) !== null) {
    if (!options.force) return { seeded: false, users: 0, events: 0 };
    await wipeDemoWorld(ctx);
  }
  const timeZone = options.timeZone ?? "UTC";
  const userIds: Id<"users">[] = [];
  for (const person of PEOPLE) {
    const email = `${person.name.split(" ")[0].toLowerCase()}.demo@example.com`;
    const userId = await ctx.db.insert("users", { name: person.name, email });
    await ensureProfile(ctx, userId, { name: person.name, email });
    await updateOwnProfile(ctx, userId, {
      nickname: person.nickname,
      bio: person.bio,
      tagline: person.tagline,
      favoriteDrink: person.favoriteDrink,
    });
    userIds.push(userId);
  }
  for (const demo of EVENTS) {
    const start = Math.round((now + demo.startsIn * HOUR_MS) / 60_000) * 60_000;
    let event = await createEvent(
      ctx,
      userIds[demo.host],
      {
        title: demo.title,
        placeNickname: demo.placeNickname ?? null,
        location: demo.location,
        place: demo.place
          ? { placeId: `demo:${demo.place.placeName}`, address: demo.location, ...demo.place }
          : null,
        durationType: demo.durationType,
        startTime: demo.durationType === "now" ? null : start,
        endTime: demo.durationType === "custom" ? start + (demo.lasts ?? 3) * HOUR_MS : null,
        timeZone,
        drinkType: demo.drinkType,
        vibe: demo.vibe,
        notes: demo.notes ?? null,
        isPublic: demo.isPublic ?? true,
      },
      // "Right now" sessions started a little while ago; past ones were created just before they started.
      demo.durationType === "now" ? start : Math.min(now, start - 60_000),
    );
    for (const [person, status] of demo.rsvps) {
      event = await changeParticipation(ctx, event, userIds[person], { rsvp: status }, now);
    }
  }
  await ctx.db.insert("demo_world", { userIds, createdAt: now });
  return { seeded: true, users: userIds.length, events: EVENTS.length };
}

/** Deletes the demo people (as account deletion does: their events, RSVPs, profiles) and the marker. */
export async function wipeDemoWorld(ctx: MutationCtx): Promise<{ wiped: boolean }> {
  requireDebugPagesEnabled();
  const marker = await existingMarker(ctx);
  if (marker === null) return { wiped: false };
  for (const userId of marker.userIds) {
    if ((await ctx.db.get("users", userId)) !== null) await deleteAccount(ctx, userId);
  }
  await ctx.db.delete("demo_world", marker._id);
  return { wiped: true };
}

/**
 * A session that already happened, hosted by and attended by existing users
 * (found by e-mail) — for end-to-end tests and demos of the recap, since the
 * wizard only accepts future times. Local/debug deployments only.
 */
export async function seedPastEvent(
  ctx: MutationCtx,
  options: {
    hostEmail: string;
    attendeeEmails: string[];
    title: string;
    startedHoursAgo: number;
    isPublic?: boolean;
  },
  now: number = Date.now(),
): Promise<{ eventId: Id<"events">; publicSlug: string; privateSlug: string }> {
  requireDebugPagesEnabled();
  const userIdOf = async (email: string) => {
    const user = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", email))
      .unique();
    if (user === null) throw new Error(`No user with e-mail ${email}`);
    return user._id;
  };
  const start = now - options.startedHoursAgo * HOUR_MS;
  let event = await createEvent(
    ctx,
    await userIdOf(options.hostEmail),
    {
      title: options.title,
      placeNickname: null,
      location: "The Crown & Anchor, 22 Neal Street, London",
      place: null,
      durationType: "custom",
      startTime: start,
      endTime: start + HOUR_MS,
      timeZone: "UTC",
      drinkType: "beer",
      vibe: "casual",
      notes: null,
      isPublic: options.isPublic ?? true,
    },
    // Created just before it started, as it would have been.
    start - 60_000,
  );
  for (const email of options.attendeeEmails) {
    event = await changeParticipation(ctx, event, await userIdOf(email), { rsvp: "going" }, start);
  }
  return { eventId: event._id, publicSlug: event.publicSlug, privateSlug: event.privateSlug };
}
