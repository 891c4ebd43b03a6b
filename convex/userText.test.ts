/**
 * The user-text rule (shared/userText.ts) on every field a user
 * writes, through the function that writes it: NFC, no controls (newlines
 * only in multi-line fields), no bidi overrides or isolates, lone surrogates
 * refused, whitespace or zero-width text blank ('required', or stored as null).
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { CREW_MESSAGES } from "../shared/crewRules";
import { EVENT_VALIDATION_MESSAGES } from "../shared/eventRules";
import { RECAP_MESSAGES } from "../shared/recapRules";
import { USER_TEXT_MESSAGES } from "../shared/userText";
import {
  FILE_HEADERS,
  HOUR,
  createEvent,
  createUser,
  eventDoc,
  newTest,
  rsvp,
  storeFile,
  stubDeploymentEnv,
  type TestConvex,
  type TestUser,
} from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

type World = { t: TestConvex; host: TestUser; guest: TestUser; pastEventId: Id<"events"> };

/** A host and a guest of a session that started 5 hours ago (its recap is open). */
async function world(): Promise<World> {
  const t = newTest();
  const host = await createUser(t, { name: "Hana Host" });
  const guest = await createUser(t, { name: "Gus Guest" });
  const { eventId: pastEventId } = await createEvent(t, host, { startTime: Date.now() + HOUR });
  await rsvp(guest, pastEventId);
  await t.run(async (ctx) => {
    const startTime = Date.now() - 5 * HOUR;
    await ctx.db.patch("events", pastEventId, { startTime, endTime: startTime + 4 * HOUR });
  });
  return { t, host, guest, pastEventId };
}

async function storedEvent(w: World, overrides: Record<string, unknown>) {
  const { eventId } = await createEvent(w.t, w.host, overrides);
  return (await eventDoc(w.t, eventId))!;
}

async function profileOf(w: World, user: TestUser) {
  return await w.t.run(async (ctx) =>
    ctx.db
      .query("user_profiles")
      .withIndex("by_user", (q) => q.eq("userId", user.userId))
      .unique(),
  );
}

async function storedCrew(w: World, overrides: Record<string, unknown>) {
  const { crewId } = await w.host.asUser.mutation(api.crews.create, {
    name: "The Regulars",
    vibe: "casual",
    isPublic: true,
    ...overrides,
  });
  return (await w.t.run(async (ctx) => ctx.db.get("crews", crewId)))!;
}

const place = (fields: { placeName?: string; address?: string }) => ({
  place: {
    placeId: "osm:node:1",
    placeName: "The Crown",
    address: "1 High St",
    latitude: 51.5,
    longitude: -0.12,
    ...fields,
  },
});

type Field = {
  name: string;
  multiline: boolean;
  /** The 'required' message; absent for optional fields, which store blank as null. */
  required?: string;
  /** Writes `value` through the field's function; the value stored. */
  store: (w: World, value: string) => Promise<string | null>;
};

const FIELDS: Field[] = [
  {
    name: "session title (create)",
    multiline: false,
    required: EVENT_VALIDATION_MESSAGES.titleRequired,
    store: async (w, title) => (await storedEvent(w, { title })).title,
  },
  {
    name: "session title (edit)",
    multiline: false,
    required: EVENT_VALIDATION_MESSAGES.titleRequired,
    store: async (w, title) => {
      const { eventId } = await createEvent(w.t, w.host);
      const event = (await eventDoc(w.t, eventId))!;
      await w.host.asUser.mutation(api.events.update, {
        eventId,
        title,
        startTime: event.startTime,
        endTime: event.endTime,
        drinkType: event.drinkType,
        vibe: event.vibe,
        isPublic: event.isPublic,
      });
      return (await eventDoc(w.t, eventId))!.title;
    },
  },
  {
    name: "place nickname",
    multiline: false,
    store: async (w, placeNickname) => (await storedEvent(w, { placeNickname })).placeNickname,
  },
  {
    name: "location",
    multiline: false,
    store: async (w, location) => (await storedEvent(w, { location })).location,
  },
  {
    name: "place name",
    multiline: false,
    store: async (w, placeName) => (await storedEvent(w, place({ placeName }))).placeName,
  },
  {
    name: "place address",
    multiline: false,
    store: async (w, address) => (await storedEvent(w, place({ address }))).location,
  },
  {
    name: "session notes",
    multiline: true,
    store: async (w, notes) => (await storedEvent(w, { notes })).notes,
  },
  ...(["displayName", "nickname", "tagline", "bio"] as const).map((key): Field => ({
    name: `profile ${key}`,
    multiline: key === "bio",
    store: async (w, value) => {
      await w.guest.asUser.mutation(api.profiles.update, { [key]: value });
      return (await profileOf(w, w.guest))![key];
    },
  })),
  {
    name: "comment",
    multiline: true,
    required: RECAP_MESSAGES.enterComment,
    store: async (w, content) => {
      const commentId = await w.guest.asUser.mutation(api.comments.add, {
        eventId: w.pastEventId,
        content,
      });
      return (await w.t.run(async (ctx) => ctx.db.get("event_comments", commentId)))!.content;
    },
  },
  {
    name: "rating feedback",
    multiline: true,
    store: async (w, feedback) => {
      const rating = { eventId: w.pastEventId, rating: 4, feedback };
      await w.guest.asUser.mutation(api.ratings.rate, rating);
      return (await w.guest.asUser.query(api.ratings.mine, { eventId: w.pastEventId }))!.feedback;
    },
  },
  {
    name: "photo caption",
    multiline: false,
    store: async (w, caption) => {
      const storageId = await storeFile(w.t, { header: FILE_HEADERS.jpeg, size: 2048 });
      const { photoId } = await w.guest.asUser.action(api.photos.add, {
        eventId: w.pastEventId,
        storageId,
        caption,
      });
      return (await w.t.run(async (ctx) => ctx.db.get("event_photos", photoId)))!.caption;
    },
  },
  {
    name: "crew name",
    multiline: false,
    required: CREW_MESSAGES.nameRequired,
    store: async (w, name) => (await storedCrew(w, { name })).name,
  },
  {
    name: "crew description",
    multiline: true,
    store: async (w, description) => (await storedCrew(w, { description })).description,
  },
];

describe.each(FIELDS)("$name", (field) => {
  test("is stored in NFC, without controls or bidi overrides and isolates, trimmed", async () => {
    const w = await world();
    expect(await field.store(w, " \u202EBe\u0000er at Cafe\u0301\u2066\u2069\t")).toBe(
      "Beer at Caf\u00e9",
    );
  });

  test(
    field.multiline ? "keeps newlines and tabs" : "turns newlines and tabs into spaces",
    async () => {
      const w = await world();
      expect(await field.store(w, "Pints\r\nthen\tpizza")).toBe(
        field.multiline ? "Pints\nthen\tpizza" : "Pints then pizza",
      );
    },
  );

  test("refuses a lone surrogate", async () => {
    const w = await world();
    await expect(field.store(w, "Pints \ud83c")).rejects.toMatchObject({
      data: expect.objectContaining({
        code: "VALIDATION",
        message: USER_TEXT_MESSAGES.invalidCharacters,
      }) as unknown,
    });
  });

  test(
    field.required ? "counts zero-width text as blank: required" : "stores zero-width text as null",
    async () => {
      const w = await world();
      const blank = " \u200B\u200D\uFEFF\u2060 ";
      if (field.required === undefined) {
        expect(await field.store(w, blank)).toBeNull();
      } else {
        await expect(field.store(w, blank)).rejects.toMatchObject({
          data: expect.objectContaining({ message: field.required }) as unknown,
        });
      }
    },
  );
});

test("a new profile's display name from the sign-in provider follows the rule", async () => {
  const t = newTest();
  const user = await createUser(t, { name: "\u202EJose\u0301\u0000", withProfile: false });
  await user.asUser.mutation(api.profiles.ensureMine, {});
  const profile = await t.run(async (ctx) =>
    ctx.db
      .query("user_profiles")
      .withIndex("by_user", (q) => q.eq("userId", user.userId))
      .unique(),
  );
  expect(profile?.displayName).toBe("Jos\u00e9");
});
