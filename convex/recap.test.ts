/**
 * The recap on the server: ratings, photos, comments with reactions and the recap
 * card — every rule as anonymous, non-attendee, attendee, uploader and host;
 * the unlock boundary; validation; maintained counters; cascades.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { PHOTO_MAX_BYTES } from "../shared/recapRules";
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
  expectError,
} from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

async function fileExists(t: TestConvex, storageId: Id<"_storage">) {
  return await t.run(async (ctx) => (await ctx.db.system.get("_storage", storageId)) !== null);
}

async function countRows(
  t: TestConvex,
  table: "event_ratings" | "event_photos" | "event_comments" | "event_comment_reactions" | "event_user_reactions",
) {
  return await t.run(async (ctx) => (await ctx.db.query(table).collect()).length);
}

const LOCKED = "Ratings, photos and comments open 2 hours after the start, or when the session ends";

type World = {
  t: TestConvex;
  host: TestUser;
  guest: TestUser;
  guest2: TestUser;
  stranger: TestUser;
  eventId: Id<"events">;
};

/** A public session that started 5 hours ago (ended 1 hour ago), with two going guests. */
async function pastWorld(overrides: { isPublic?: boolean } = {}): Promise<World> {
  const t = newTest();
  const host = await createUser(t, { name: "Hana Host" });
  const guest = await createUser(t, { name: "Gus Guest" });
  const guest2 = await createUser(t, { name: "Gia Guest" });
  const stranger = await createUser(t, { name: "Stan Stranger" });
  const { eventId } = await createEvent(t, host, { startTime: Date.now() + HOUR });
  await rsvp(guest, eventId);
  await rsvp(guest2, eventId);
  await moveStart(t, eventId, Date.now() - 5 * HOUR);
  if (overrides.isPublic === false) {
    // Going guests of a private event (as if invited): the access rules read the event's flag.
    await t.run(async (ctx) => {
      await ctx.db.patch("events", eventId, { isPublic: false, discoverable: false });
    });
  }
  return { t, host, guest, guest2, stranger, eventId };
}

/** Each user's per-event reaction map, by user. */
async function reactionMaps(t: TestConvex) {
  const maps = await t.run(async (ctx) => await ctx.db.query("event_user_reactions").collect());
  return new Map(maps.map((m) => [m.userId, m.byComment as Record<string, string[]>]));
}

async function moveStart(t: TestConvex, eventId: Id<"events">, startTime: number) {
  await t.run(async (ctx) => {
    await ctx.db.patch("events", eventId, { startTime, endTime: startTime + 4 * HOUR });
  });
}

async function uploadPhoto(w: World, user: TestUser, caption?: string) {
  const storageId = await storeFile(w.t, { header: FILE_HEADERS.jpeg, size: 2048, type: "image/jpeg" });
  const result = await user.asUser.action(api.photos.add, { eventId: w.eventId, storageId, caption });
  return { ...result, storageId };
}

// ---------------------------------------------------------------- ratings

describe("ratings", () => {
  test("attendees and the host rate; average and total follow insert, update and delete", async () => {
    const w = await pastWorld();
    expect(await w.t.query(api.ratings.summary, { eventId: w.eventId })).toEqual({ average: null, total: 0 });
    await w.guest.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 5, feedback: "  Epic night  " });
    await w.guest2.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 4 });
    await w.host.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 4 });
    expect(await w.t.query(api.ratings.summary, { eventId: w.eventId })).toEqual({ average: 4.3, total: 3 });
    expect(await w.guest.asUser.query(api.ratings.mine, { eventId: w.eventId })).toMatchObject({ rating: 5, feedback: "Epic night" });

    // Editing changes the sum, not the count.
    await w.guest.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 1, feedback: "" });
    expect(await w.guest.asUser.query(api.ratings.mine, { eventId: w.eventId })).toMatchObject({ rating: 1, feedback: null });
    expect(await w.t.query(api.ratings.summary, { eventId: w.eventId })).toEqual({ average: 3, total: 3 });
    expect(await countRows(w.t, "event_ratings")).toBe(3);

    // Account deletion takes the rating out.
    await w.guest2.asUser.mutation(api.account.deleteMine, { confirmation: "DELETE" });
    expect(await w.t.query(api.ratings.summary, { eventId: w.eventId })).toEqual({ average: 2.5, total: 2 });
    const event = await eventDoc(w.t, w.eventId);
    expect({ sum: event?.ratingSum, count: event?.ratingCount }).toEqual({ sum: 5, count: 2 });

    // Event cards carry the average and total.
    const page = await w.host.asUser.query(api.events.get, { slugOrCodeOrId: w.eventId });
    expect(page?.event).toMatchObject({ averageRating: 2.5, totalRatings: 2 });
  });

  test("who may rate: anonymous, non-attendee, not-going, attendee, host", async () => {
    const w = await pastWorld();
    await expectError(w.t.mutation(api.ratings.rate, { eventId: w.eventId, rating: 3 }), {
      code: "NOT_AUTHENTICATED",
      message: "You must be signed in to rate events",
    });
    await expectError(w.stranger.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 3 }), {
      code: "FORBIDDEN",
      message: "You can only rate events you attended",
    });
    expect(await w.t.query(api.ratings.mine, { eventId: w.eventId })).toBeNull();
    expect(await countRows(w.t, "event_ratings")).toBe(0);
    expect((await eventDoc(w.t, w.eventId))?.ratingCount ?? 0).toBe(0);
  });

  test("a private event's stranger gets the attendance message, not the event", async () => {
    const w = await pastWorld({ isPublic: false });
    await expectError(w.stranger.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 3 }), {
      message: "You can only rate events you attended",
    });
    await expectError(w.stranger.asUser.query(api.ratings.summary, { eventId: w.eventId }), {
      message: "You do not have permission to view this private event",
    });
    expect(await w.guest.asUser.query(api.ratings.summary, { eventId: w.eventId })).toEqual({ average: null, total: 0 });
  });

  test("validation messages; bad input writes nothing", async () => {
    const w = await pastWorld();
    const rate = (args: { rating?: number | null; feedback?: string }) =>
      w.guest.asUser.mutation(api.ratings.rate, { eventId: w.eventId, ...args });
    await expectError(rate({}), { code: "VALIDATION", message: "Please select a rating", field: "rating" });
    await expectError(rate({ rating: null }), { message: "Please select a rating" });
    for (const rating of [0.5, 6, -2, 3.5]) {
      await expectError(rate({ rating }), { message: "Rating must be between 1 and 5 stars" });
    }
    await expectError(rate({ rating: 4, feedback: "x".repeat(501) }), {
      message: "Feedback must be 500 characters or less",
      field: "feedback",
    });
    expect(await countRows(w.t, "event_ratings")).toBe(0);
    await rate({ rating: 4, feedback: "x".repeat(500) });
    expect(await countRows(w.t, "event_ratings")).toBe(1);
  });

  test("the unlock boundary: 2 hours after the start, or the end if sooner", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const now = Date.UTC(2030, 0, 1, 20);
    vi.setSystemTime(now);
    const w = await pastWorld();
    const start = now - 2 * HOUR + 1;
    await moveStart(w.t, w.eventId, start); // ends at start + 4 h: unlock at start + 2 h
    await expectError(w.guest.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 4 }), {
      code: "FORBIDDEN",
      message: LOCKED,
    });
    await w.guest.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "early" }).catch(() => null);
    expect(await countRows(w.t, "event_comments")).toBe(0);
    expect((await w.t.query(api.recap.get, { eventId: w.eventId })).unlocked).toBe(false);
    expect((await w.t.query(api.comments.list, { eventId: w.eventId, paginationOpts: { numItems: 10, cursor: null } })).page).toEqual([]);

    vi.setSystemTime(start + 2 * HOUR); // exactly 2 h after the start
    await w.guest.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 4 });
    expect((await w.t.query(api.recap.get, { eventId: w.eventId })).unlocked).toBe(true);

    // A 1-hour session opens at its end.
    await w.t.run(async (ctx) => {
      await ctx.db.patch("events", w.eventId, { startTime: now, endTime: now + HOUR });
    });
    vi.setSystemTime(now + HOUR - 1);
    await expectError(w.guest2.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 2 }), { message: LOCKED });
    vi.setSystemTime(now + HOUR);
    await w.guest2.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 2 });
    expect(await w.t.query(api.ratings.summary, { eventId: w.eventId })).toEqual({ average: 3, total: 2 });
  });
});

// ---------------------------------------------------------------- photos

describe("photos", () => {
  test("attendees upload; the gallery is newest first with uploader and URL; counts kept", async () => {
    const w = await pastWorld();
    await uploadPhoto(w, w.guest, "first");
    const second = await uploadPhoto(w, w.host, "  second  ");
    expect(second.url).toMatch(/^https?:\/\//);
    const list = await w.t.query(api.photos.list, { eventId: w.eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(list.page.map((p) => p.caption)).toEqual(["second", "first"]);
    expect(list.page[1].uploader.displayName).toBe("Gus Guest");
    expect(list.page[0].url).toMatch(/^https?:\/\//);
    expect(list.page.every((p) => !p.canDelete)).toBe(true); // anonymous
    const asHost = await w.host.asUser.query(api.photos.list, { eventId: w.eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(asHost.page.every((p) => p.canDelete)).toBe(true);
    const asGuest2 = await w.guest2.asUser.query(api.photos.list, { eventId: w.eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(asGuest2.page.map((p) => p.canDelete)).toEqual([false, false]);
    expect((await eventDoc(w.t, w.eventId))?.photoCount).toBe(2);
  });

  test("who may upload: anonymous, non-attendee, locked; refused files from non-attendees are left alone", async () => {
    const w = await pastWorld();
    const storageId = await storeFile(w.t, { header: FILE_HEADERS.png, size: 100 });
    await expectError(w.t.action(api.photos.add, { eventId: w.eventId, storageId }), {
      code: "NOT_AUTHENTICATED",
      message: "User not authenticated",
    });
    await expectError(w.stranger.asUser.action(api.photos.add, { eventId: w.eventId, storageId }), {
      code: "FORBIDDEN",
      message: "You can only upload photos to events you are attending or have attended",
    });
    await expectError(w.t.mutation(api.photos.generateUploadUrl, {}), { message: "User not authenticated" });
    expect(await w.guest.asUser.mutation(api.photos.generateUploadUrl, {})).toMatch(/^https?:\/\//);
    await moveStart(w.t, w.eventId, Date.now() - HOUR);
    await expectError(w.guest.asUser.action(api.photos.add, { eventId: w.eventId, storageId }), { message: LOCKED });
    expect(await fileExists(w.t, storageId)).toBe(true);
    expect(await countRows(w.t, "event_photos")).toBe(0);
  });

  test("file checks: the real type by bytes and at most 10 MB; refused files are deleted", async () => {
    const w = await pastWorld();
    for (const file of [
      { header: FILE_HEADERS.gif, type: "image/gif" },
      { text: "<svg xmlns='http://www.w3.org/2000/svg'/>", type: "image/png" },
      { text: "not an image" },
    ]) {
      const storageId = await storeFile(w.t, file);
      await expectError(w.guest.asUser.action(api.photos.add, { eventId: w.eventId, storageId }), {
        code: "FILE_TYPE_NOT_ALLOWED",
        message: "Please select an image file",
        field: "photo",
      });
      expect(await fileExists(w.t, storageId)).toBe(false);
    }
    const tooLarge = await storeFile(w.t, { header: FILE_HEADERS.webp, size: PHOTO_MAX_BYTES + 1 });
    await expectError(w.guest.asUser.action(api.photos.add, { eventId: w.eventId, storageId: tooLarge }), {
      code: "FILE_TOO_LARGE",
      message: "Image must be smaller than 10MB",
    });
    expect(await fileExists(w.t, tooLarge)).toBe(false);
    const justRight = await storeFile(w.t, { header: FILE_HEADERS.webp, size: PHOTO_MAX_BYTES });
    await w.guest.asUser.action(api.photos.add, { eventId: w.eventId, storageId: justRight });
    expect(await fileExists(w.t, justRight)).toBe(true);
    // The same file cannot be added twice (or claimed by someone else).
    await expectError(w.guest2.asUser.action(api.photos.add, { eventId: w.eventId, storageId: justRight }), { code: "FORBIDDEN" });
    expect(await fileExists(w.t, justRight)).toBe(true);
    const longCaption = await storeFile(w.t, { header: FILE_HEADERS.png, size: 10 });
    await expectError(w.guest.asUser.action(api.photos.add, { eventId: w.eventId, storageId: longCaption, caption: "x".repeat(201) }), {
      message: "Caption must be 200 characters or less",
    });
    expect(await countRows(w.t, "event_photos")).toBe(1);
  });

  test("delete: uploader or host; others refused; the file goes", async () => {
    const w = await pastWorld();
    const a = await uploadPhoto(w, w.guest);
    const b = await uploadPhoto(w, w.guest);
    await expectError(w.t.mutation(api.photos.remove, { photoId: a.photoId }), { message: "User not authenticated" });
    for (const user of [w.stranger, w.guest2]) {
      await expectError(user.asUser.mutation(api.photos.remove, { photoId: a.photoId }), {
        code: "FORBIDDEN",
        message: "You can only delete your own photos or photos from events you host",
      });
    }
    await w.guest.asUser.mutation(api.photos.remove, { photoId: a.photoId });
    expect(await fileExists(w.t, a.storageId)).toBe(false);
    await expectError(w.guest.asUser.mutation(api.photos.remove, { photoId: a.photoId }), {
      code: "NOT_FOUND",
      message: "Photo not found",
    });
    await w.host.asUser.mutation(api.photos.remove, { photoId: b.photoId });
    expect(await fileExists(w.t, b.storageId)).toBe(false);
    expect((await eventDoc(w.t, w.eventId))?.photoCount).toBe(0);
  });

  test("a private event's gallery is for those who may see it", async () => {
    const w = await pastWorld({ isPublic: false });
    await uploadPhoto(w, w.guest);
    const opts = { eventId: w.eventId, paginationOpts: { numItems: 10, cursor: null } };
    await expectError(w.t.query(api.photos.list, opts), { code: "NOT_AUTHENTICATED" });
    await expectError(w.stranger.asUser.query(api.photos.list, opts), { code: "FORBIDDEN" });
    expect((await w.guest2.asUser.query(api.photos.list, opts)).page).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- comments

describe("comments and reactions", () => {
  test("attendees post (trimmed), oldest first, with authors; others refused", async () => {
    const w = await pastWorld();
    await w.guest.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "  What a night  " });
    await w.host.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "Thanks all" });
    await expectError(w.t.mutation(api.comments.add, { eventId: w.eventId, content: "hi" }), {
      code: "NOT_AUTHENTICATED",
      message: "User not authenticated",
    });
    await expectError(w.stranger.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "hi" }), {
      code: "FORBIDDEN",
      message: "You can only comment on events you are attending or have attended",
    });
    await expectError(w.guest.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "   " }), {
      code: "VALIDATION",
      message: "Please enter a comment",
    });
    await expectError(w.guest.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "x".repeat(501) }), {
      message: "Comment must be 500 characters or less",
    });
    const list = await w.stranger.asUser.query(api.comments.list, { eventId: w.eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(list.page.map((c) => [c.content, c.author.displayName])).toEqual([
      ["What a night", "Gus Guest"],
      ["Thanks all", "Hana Host"],
    ]);
    expect(list.page[0].reactions).toHaveLength(7);
    expect((await eventDoc(w.t, w.eventId))?.commentCount).toBe(2);
  });

  test("reactions: sign-in needed, toggled per user, counts and the viewer's own", async () => {
    const w = await pastWorld();
    const commentId = await w.guest.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "Cheers" });
    await expectError(w.t.mutation(api.comments.toggleReaction, { commentId, reaction: "🍻" }), { code: "NOT_AUTHENTICATED" });
    await expectError(w.guest.asUser.mutation(api.comments.toggleReaction, { commentId, reaction: "👍" }), {
      code: "VALIDATION",
      message: "Please pick one of the reactions",
    });
    expect(await w.guest.asUser.mutation(api.comments.toggleReaction, { commentId, reaction: "🍻" })).toEqual({ reacted: true, count: 1 });
    // A signed-in non-attendee may react on a public event.
    expect(await w.stranger.asUser.mutation(api.comments.toggleReaction, { commentId, reaction: "🍻" })).toEqual({ reacted: true, count: 2 });
    await w.guest.asUser.mutation(api.comments.toggleReaction, { commentId, reaction: "🔥" });
    const opts = { eventId: w.eventId, paginationOpts: { numItems: 10, cursor: null } };
    const mine = (await w.guest.asUser.query(api.comments.list, opts)).page[0];
    expect(mine.reactions.filter((r) => r.count > 0)).toEqual([
      { reaction: "🍻", count: 2, mine: true },
      { reaction: "🔥", count: 1, mine: true },
    ]);
    expect(mine.reactionTotal).toBe(3);
    expect(await w.guest.asUser.mutation(api.comments.toggleReaction, { commentId, reaction: "🍻" })).toEqual({ reacted: false, count: 1 });
    const anon = (await w.t.query(api.comments.list, opts)).page[0];
    expect(anon.reactions.filter((r) => r.count > 0)).toEqual([
      { reaction: "🍻", count: 1, mine: false },
      { reaction: "🔥", count: 1, mine: false },
    ]);
    expect(await countRows(w.t, "event_comment_reactions")).toBe(2);
    // The per-user maps follow the rows; an emptied map is deleted.
    let maps = await reactionMaps(w.t);
    expect(maps.get(w.guest.userId)).toEqual({ [commentId]: ["fire"] });
    expect(maps.get(w.stranger.userId)).toEqual({ [commentId]: ["beers"] });
    const strangerMine = (await w.stranger.asUser.query(api.comments.list, opts)).page[0];
    expect(strangerMine.reactions.filter((r) => r.mine).map((r) => r.reaction)).toEqual(["🍻"]);
    await w.stranger.asUser.mutation(api.comments.toggleReaction, { commentId, reaction: "🍻" });
    maps = await reactionMaps(w.t);
    expect(maps.has(w.stranger.userId)).toBe(false);
    expect(await countRows(w.t, "event_user_reactions")).toBe(1);
  });

  test("an overflowed reaction map falls back to the rows for comments it does not hold", async () => {
    const w = await pastWorld();
    const first = await w.guest.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "in the map" });
    const second = await w.guest.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "past the cap" });
    await w.host.asUser.mutation(api.comments.toggleReaction, { commentId: first, reaction: "😂" });
    // As if the host's map were full: the second comment's reaction is only a row.
    await w.t.run(async (ctx) => {
      const map = (await ctx.db.query("event_user_reactions").collect())[0];
      await ctx.db.patch("event_user_reactions", map._id, { overflow: true });
    });
    await w.host.asUser.mutation(api.comments.toggleReaction, { commentId: second, reaction: "🤘" });
    await w.t.run(async (ctx) => {
      const map = (await ctx.db.query("event_user_reactions").collect())[0];
      await ctx.db.patch("event_user_reactions", map._id, { byComment: { [first]: ["laughing"] } });
    });
    const list = await w.host.asUser.query(api.comments.list, { eventId: w.eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(list.page.map((c) => c.reactions.filter((r) => r.mine).map((r) => r.reaction))).toEqual([["😂"], ["🤘"]]);
  });

  test("a private event: strangers can neither read nor react", async () => {
    const w = await pastWorld({ isPublic: false });
    const commentId = await w.guest.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "Private fun" });
    await expectError(w.stranger.asUser.mutation(api.comments.toggleReaction, { commentId, reaction: "🍻" }), { code: "FORBIDDEN" });
    await expectError(w.stranger.asUser.query(api.comments.list, { eventId: w.eventId, paginationOpts: { numItems: 5, cursor: null } }), {
      code: "FORBIDDEN",
    });
  });
});

// ---------------------------------------------------------------- recap card and cascades

describe("recap card", () => {
  test("who came, rating, counts, top comment or latest photo, viewerAttended", async () => {
    const w = await pastWorld();
    let recap = await w.stranger.asUser.query(api.recap.get, { eventId: w.eventId });
    expect(recap).toMatchObject({ unlocked: true, viewerAttended: false, canContribute: false, photoCount: 0, topComment: null, latestPhoto: null });
    expect(recap.whoCame.map((p) => p.displayName)).toEqual(["Hana Host", "Gus Guest", "Gia Guest"]);
    expect(recap.attendeeCount).toBe(3);

    await uploadPhoto(w, w.guest2, "the gang");
    await w.guest.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 5 });
    recap = await w.guest.asUser.query(api.recap.get, { eventId: w.eventId });
    expect(recap).toMatchObject({ viewerAttended: true, canContribute: true, photoCount: 1, rating: { average: 5, total: 1 }, myRating: { rating: 5 } });
    expect(recap.latestPhoto?.caption).toBe("the gang");

    const quiet = await w.guest.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "quiet one" });
    const loved = await w.host.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "loved one" });
    void quiet;
    await w.guest.asUser.mutation(api.comments.toggleReaction, { commentId: loved, reaction: "❤️" });
    recap = await w.t.query(api.recap.get, { eventId: w.eventId });
    expect(recap.topComment?.content).toBe("loved one");
    expect(recap.latestPhoto).toBeNull();
    expect(recap.viewerAttended).toBe(false);
  });

  test("deleting the event removes ratings, photos with files, comments and reactions", async () => {
    const w = await pastWorld();
    await w.guest.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 4 });
    const photo = await uploadPhoto(w, w.guest);
    const commentId = await w.guest.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "bye" });
    await w.host.asUser.mutation(api.comments.toggleReaction, { commentId, reaction: "😂" });
    await w.guest2.asUser.mutation(api.comments.toggleReaction, { commentId, reaction: "🔥" });
    expect(await countRows(w.t, "event_user_reactions")).toBe(2);
    await w.host.asUser.mutation(api.events.remove, { eventId: w.eventId });
    for (const table of ["event_ratings", "event_photos", "event_comments", "event_comment_reactions", "event_user_reactions"] as const) {
      expect({ table, rows: await countRows(w.t, table) }).toEqual({ table, rows: 0 });
    }
    expect(await fileExists(w.t, photo.storageId)).toBe(false);
  });

  test("deleting an account removes its ratings, photos, comments and reactions, fixing counts", async () => {
    const w = await pastWorld();
    await w.guest.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 2 });
    await w.guest2.asUser.mutation(api.ratings.rate, { eventId: w.eventId, rating: 5 });
    const photo = await uploadPhoto(w, w.guest);
    await uploadPhoto(w, w.guest2);
    const gusComment = await w.guest.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "mine" });
    const hostComment = await w.host.asUser.mutation(api.comments.add, { eventId: w.eventId, content: "host's" });
    await w.guest2.asUser.mutation(api.comments.toggleReaction, { commentId: gusComment, reaction: "🔥" });
    await w.guest.asUser.mutation(api.comments.toggleReaction, { commentId: hostComment, reaction: "🔥" });
    await w.guest2.asUser.mutation(api.comments.toggleReaction, { commentId: hostComment, reaction: "🔥" });

    await w.guest.asUser.mutation(api.account.deleteMine, { confirmation: "DELETE" });

    const event = await eventDoc(w.t, w.eventId);
    expect(event).toMatchObject({ ratingSum: 5, ratingCount: 1, photoCount: 1, commentCount: 1 });
    expect(await fileExists(w.t, photo.storageId)).toBe(false);
    const list = await w.host.asUser.query(api.comments.list, { eventId: w.eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(list.page.map((c) => c.content)).toEqual(["host's"]);
    expect(list.page[0].reactions.find((r) => r.reaction === "🔥")?.count).toBe(1);
    expect(list.page[0].reactions.find((r) => r.reaction === "🔥")?.mine).toBe(false);
    expect(await countRows(w.t, "event_comment_reactions")).toBe(1);
    // Gus's map is gone; Gia's lost the deleted comment's entry.
    const maps = await reactionMaps(w.t);
    expect([...maps.keys()]).toEqual([w.guest2.userId]);
    expect(maps.get(w.guest2.userId)).toEqual({ [hostComment]: ["fire"] });
    const gia = await w.guest2.asUser.query(api.comments.list, { eventId: w.eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(gia.page[0].reactions.find((r) => r.reaction === "🔥")?.mine).toBe(true);
    expect(await countRows(w.t, "event_photos")).toBe(1);
  });
});
