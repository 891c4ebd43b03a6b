/**
 * Photo consent on the server: "I'm in this — don't show it" as anonymous, a
 * stranger, a person at the session, the uploader and a host; who still sees
 * a hidden photo and why; several objections; the counts the recap shows;
 * deletion and clean-up.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  FILE_HEADERS,
  HOUR,
  createEvent,
  createUser,
  eventDoc,
  expectError,
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

type World = {
  t: TestConvex;
  host: TestUser;
  uploader: TestUser;
  objector: TestUser;
  other: TestUser;
  stranger: TestUser;
  eventId: Id<"events">;
  photoId: Id<"event_photos">;
};

/** A session that ended an hour ago (public unless told), three going guests, one photo by the uploader. */
async function world(options: { isPublic?: boolean } = {}): Promise<World> {
  const t = newTest();
  const host = await createUser(t, { name: "Hana Host" });
  const uploader = await createUser(t, { name: "Ulla Uploader" });
  const objector = await createUser(t, { name: "Otto Objector" });
  const other = await createUser(t, { name: "Olga Other" });
  const stranger = await createUser(t, { name: "Stan Stranger" });
  const { eventId } = await createEvent(t, host, { startTime: Date.now() + HOUR });
  for (const guest of [uploader, objector, other]) await rsvp(guest, eventId);
  await t.run(async (ctx) => {
    const startTime = Date.now() - 5 * HOUR;
    await ctx.db.patch("events", eventId, {
      startTime,
      endTime: startTime + 4 * HOUR,
      ...(options.isPublic === false ? { isPublic: false, discoverable: false } : {}),
    });
  });
  const storageId = await storeFile(t, { header: FILE_HEADERS.jpeg, size: 2048, type: "image/jpeg" });
  const { photoId } = await uploader.asUser.action(api.photos.add, { eventId, storageId, caption: "the gang" });
  return { t, host, uploader, objector, other, stranger, eventId, photoId };
}

async function gallery(w: World, user: TestUser | null) {
  const args = { eventId: w.eventId, paginationOpts: { numItems: 20, cursor: null } };
  const page = user === null ? await w.t.query(api.photos.list, args) : await user.asUser.query(api.photos.list, args);
  return page.page;
}

async function objectionRows(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.query("event_photo_objections").collect());
}

async function counts(w: World) {
  const event = await eventDoc(w.t, w.eventId);
  return { shown: event?.photoCount ?? 0, hidden: event?.hiddenPhotoCount ?? 0 };
}

describe("don't show it", () => {
  test("a person at the session hides a photo from everyone but the uploader, the hosts and themselves", async () => {
    const w = await world();
    const before = await gallery(w, w.other);
    expect(before[0]).toMatchObject({ hiddenReason: null, viewerObjected: false, canObject: true });
    expect((await gallery(w, w.uploader))[0].canObject).toBe(false);

    await w.objector.asUser.mutation(api.photos.object, { photoId: w.photoId });

    // Others (signed out, another guest, a stranger to a public session): not in the page at all.
    for (const user of [null, w.other, w.stranger]) expect(await gallery(w, user)).toEqual([]);
    // The uploader and the host see it, with who asked.
    for (const user of [w.uploader, w.host]) {
      const [photo] = await gallery(w, user);
      expect(photo).toMatchObject({ _id: w.photoId, hiddenReason: "Hidden: Otto Objector asked not to show it", viewerObjected: false });
      expect(photo.url).toMatch(/^https?:\/\//);
    }
    // The objector sees their own request and may lift it.
    expect((await gallery(w, w.objector))[0]).toMatchObject({
      hiddenReason: "Hidden: you asked not to show it",
      viewerObjected: true,
      canObject: false,
    });

    // Counts: the recap's count is of shown photos; the host is told how many are hidden.
    expect(await counts(w)).toEqual({ shown: 0, hidden: 1 });
    expect(await w.other.asUser.query(api.recap.get, { eventId: w.eventId })).toMatchObject({ photoCount: 0, hiddenPhotoCount: 0, latestPhoto: null });
    expect(await w.host.asUser.query(api.recap.get, { eventId: w.eventId })).toMatchObject({ photoCount: 0, hiddenPhotoCount: 1, latestPhoto: null });
  });

  test("objecting twice changes nothing; lifting shows it again", async () => {
    const w = await world();
    await w.objector.asUser.mutation(api.photos.object, { photoId: w.photoId });
    await w.objector.asUser.mutation(api.photos.object, { photoId: w.photoId });
    expect(await objectionRows(w.t)).toHaveLength(1);
    expect(await counts(w)).toEqual({ shown: 0, hidden: 1 });

    await w.objector.asUser.mutation(api.photos.liftObjection, { photoId: w.photoId });
    expect(await objectionRows(w.t)).toHaveLength(0);
    expect(await counts(w)).toEqual({ shown: 1, hidden: 0 });
    expect((await gallery(w, w.other))[0]).toMatchObject({ _id: w.photoId, hiddenReason: null });
    expect((await w.other.asUser.query(api.recap.get, { eventId: w.eventId })).latestPhoto?._id).toBe(w.photoId);
  });

  test("several objections: hidden until every one is lifted", async () => {
    const w = await world();
    // A stranger to a public session may see its gallery, so may object too (while it is shown to them).
    await w.stranger.asUser.mutation(api.photos.object, { photoId: w.photoId });
    await w.objector.asUser.mutation(api.photos.object, { photoId: w.photoId });
    await w.host.asUser.mutation(api.photos.object, { photoId: w.photoId });
    // Someone the photo is already hidden from still counts (they may have seen it a moment before).
    await w.other.asUser.mutation(api.photos.object, { photoId: w.photoId });
    await w.other.asUser.mutation(api.photos.liftObjection, { photoId: w.photoId });
    // Two names at most (in no promised order), then how many more.
    expect((await gallery(w, w.uploader))[0].hiddenReason).toMatch(/^Hidden: \w+ \w+, \w+ \w+ and 1 other asked not to show it$/);
    expect((await gallery(w, w.host))[0].hiddenReason).toMatch(
      /^Hidden: you, (Otto Objector and Stan Stranger|Stan Stranger and Otto Objector) asked not to show it$/,
    );
    // An objector who is not a host is not told who else asked.
    expect((await gallery(w, w.objector))[0].hiddenReason).toBe("Hidden: you and 2 others asked not to show it");

    await w.objector.asUser.mutation(api.photos.liftObjection, { photoId: w.photoId });
    await w.stranger.asUser.mutation(api.photos.liftObjection, { photoId: w.photoId });
    expect(await gallery(w, w.other)).toEqual([]);
    expect(await counts(w)).toEqual({ shown: 0, hidden: 1 });
    await w.host.asUser.mutation(api.photos.liftObjection, { photoId: w.photoId });
    expect(await gallery(w, w.other)).toHaveLength(1);
    expect(await counts(w)).toEqual({ shown: 1, hidden: 0 });
  });

  test("lifting someone else's objection is refused, to the uploader, a host and anyone else", async () => {
    const w = await world();
    await w.objector.asUser.mutation(api.photos.object, { photoId: w.photoId });
    for (const user of [w.uploader, w.host]) {
      await expectError(user.asUser.mutation(api.photos.liftObjection, { photoId: w.photoId }), {
        code: "FORBIDDEN",
        message: "Only the person who asked not to show it can lift that",
      });
    }
    await expectError(w.other.asUser.mutation(api.photos.liftObjection, { photoId: w.photoId }), {
      code: "FORBIDDEN",
      message: "Only the person who asked not to show it can lift that",
    });
    expect(await objectionRows(w.t)).toHaveLength(1);
    expect(await counts(w)).toEqual({ shown: 0, hidden: 1 });
  });

  test("anonymous, the uploader, a stranger to a private session and a missing photo are refused, writing nothing", async () => {
    const w = await world({ isPublic: false });
    await expectError(w.t.mutation(api.photos.object, { photoId: w.photoId }), { code: "NOT_AUTHENTICATED", message: "User not authenticated" });
    await expectError(w.t.mutation(api.photos.liftObjection, { photoId: w.photoId }), { code: "NOT_AUTHENTICATED" });
    await expectError(w.uploader.asUser.mutation(api.photos.object, { photoId: w.photoId }), {
      code: "FORBIDDEN",
      message: "This is your photo: delete it instead",
    });
    // A private session's photo answers a stranger like a missing one.
    await expectError(w.stranger.asUser.mutation(api.photos.object, { photoId: w.photoId }), { code: "NOT_FOUND", message: "Photo not found" });
    await w.uploader.asUser.mutation(api.photos.remove, { photoId: w.photoId });
    await expectError(w.objector.asUser.mutation(api.photos.object, { photoId: w.photoId }), { code: "NOT_FOUND", message: "Photo not found" });
    // Bad input: not a photo id.
    await expect(w.objector.asUser.mutation(api.photos.object, { photoId: w.eventId as unknown as Id<"event_photos"> })).rejects.toThrow(/Validator|event_photos/);
    expect(await objectionRows(w.t)).toHaveLength(0);
  });

  test("a co-host sees a hidden photo and why; a person at the session does not", async () => {
    const w = await world();
    await w.host.asUser.mutation(api.events.promoteCoHost, { eventId: w.eventId, userId: w.other.userId });
    await w.objector.asUser.mutation(api.photos.object, { photoId: w.photoId });
    expect((await gallery(w, w.other))[0].hiddenReason).toBe("Hidden: Otto Objector asked not to show it");
    expect((await w.other.asUser.query(api.recap.get, { eventId: w.eventId })).hiddenPhotoCount).toBe(1);
  });
});

describe("deleting", () => {
  test("the uploader deletes a hidden photo: its objections go and the hidden count drops", async () => {
    const w = await world();
    await w.objector.asUser.mutation(api.photos.object, { photoId: w.photoId });
    await w.uploader.asUser.mutation(api.photos.remove, { photoId: w.photoId });
    expect(await objectionRows(w.t)).toHaveLength(0);
    expect(await counts(w)).toEqual({ shown: 0, hidden: 0 });
  });

  test("a deleted objector's row goes; the photo stays hidden", async () => {
    const w = await world();
    await w.objector.asUser.mutation(api.photos.object, { photoId: w.photoId });
    await w.objector.asUser.mutation(api.account.deleteMine, { confirmation: "DELETE" });
    expect(await objectionRows(w.t)).toHaveLength(0);
    expect(await gallery(w, w.other)).toEqual([]);
    expect((await gallery(w, w.uploader))[0].hiddenReason).toBe("Hidden: someone asked not to show it");
    expect(await counts(w)).toEqual({ shown: 0, hidden: 1 });
  });

  test("deleting the session removes its objections", async () => {
    const w = await world();
    await w.objector.asUser.mutation(api.photos.object, { photoId: w.photoId });
    await w.host.asUser.mutation(api.events.remove, { eventId: w.eventId });
    expect(await objectionRows(w.t)).toHaveLength(0);
  });
});
