import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createNotification } from "./model/notifications";
import { documentsRead } from "./perf.workload";
import {
  FILE_HEADERS,
  addCrewMembers,
  createCrew,
  createEvent,
  createUser,
  newTest,
  notificationsOf,
  rsvp,
  storeFile,
  stubDeploymentEnv,
  tableSnapshot,
  unreadCounter,
  type TestConvex,
  type TestUser,
} from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => vi.unstubAllEnvs());

async function expectRefused(t: TestConvex, run: () => Promise<unknown>, message: string) {
  const before = await tableSnapshot(t);
  await expect(run()).rejects.toMatchObject({
    data: expect.objectContaining({ message }) as unknown,
  });
  expect(await tableSnapshot(t)).toEqual(before);
}

/** `count` unread notifications for `userId`, stored through the model (the counter follows). */
async function notify(t: TestConvex, userId: Id<"users">, count: number) {
  await t.run(async (ctx) => {
    for (let i = 0; i < count; i++) {
      await createNotification(ctx, {
        userId,
        type: "event_reminder",
        title: `Reminder ${i}`,
        message: `Message ${i}`,
        data: null,
      });
    }
  });
}

const page = (numItems: number, cursor: string | null = null) => ({
  paginationOpts: { numItems, cursor },
});

describe("signed out", () => {
  test("count 0 and an empty page; marking read is 'Not authenticated'", async () => {
    const t = newTest();
    const user = await createUser(t);
    await notify(t, user.userId, 2);
    expect(await t.query(api.notifications.unreadCount, {})).toBe(0);
    expect(await t.query(api.notifications.list, page(20))).toEqual({
      page: [],
      isDone: true,
      continueCursor: "",
    });
    const [row] = await notificationsOf(t, user.userId);
    await expectRefused(
      t,
      () => t.mutation(api.notifications.markRead, { notificationId: row._id }),
      "Not authenticated",
    );
    await expectRefused(
      t,
      () => t.mutation(api.notifications.markAllRead, {}),
      "Not authenticated",
    );
  });
});

describe("the bell", () => {
  test("the count is the maintained counter; list newest first, 20 a page at most", async () => {
    const t = newTest();
    const user = await createUser(t);
    const other = await createUser(t);
    expect(await user.asUser.query(api.notifications.unreadCount, {})).toBe(0);
    await notify(t, user.userId, 25);
    await notify(t, other.userId, 3);
    expect(await user.asUser.query(api.notifications.unreadCount, {})).toBe(25);
    expect(await other.asUser.query(api.notifications.unreadCount, {})).toBe(3);
    const first = await user.asUser.query(api.notifications.list, page(100));
    expect(first.page).toHaveLength(20);
    expect(first.page[0].title).toBe("Reminder 24");
    expect(first.page[19].title).toBe("Reminder 5");
    const second = await user.asUser.query(api.notifications.list, page(20, first.continueCursor));
    expect(second.page.map((n) => n.title)).toEqual([4, 3, 2, 1, 0].map((i) => `Reminder ${i}`));
    expect(second.isDone).toBe(true);
  });

  test("markRead: only one's own ('Notification not found'); twice counts once; never below 0", async () => {
    const t = newTest();
    const user = await createUser(t);
    const other = await createUser(t);
    await notify(t, user.userId, 2);
    const [a, b] = await notificationsOf(t, user.userId);
    await expectRefused(
      t,
      () => other.asUser.mutation(api.notifications.markRead, { notificationId: a._id }),
      "Notification not found",
    );
    await user.asUser.mutation(api.notifications.markRead, { notificationId: a._id });
    await user.asUser.mutation(api.notifications.markRead, { notificationId: a._id });
    expect(await unreadCounter(t, user.userId)).toBe(1);
    expect((await notificationsOf(t, user.userId))[0].read).toBe(true);
    // A counter already at 0 (say, out of step) stays at 0.
    await t.run(async (ctx) => {
      const counter = await ctx.db
        .query("notification_counters")
        .withIndex("by_user", (q) => q.eq("userId", user.userId))
        .unique();
      await ctx.db.patch("notification_counters", counter!._id, { unread: 0 });
    });
    await user.asUser.mutation(api.notifications.markRead, { notificationId: b._id });
    expect(await unreadCounter(t, user.userId)).toBe(0);
    await user.asUser.mutation(api.notifications.markAllRead, {});
    expect(await user.asUser.query(api.notifications.unreadCount, {})).toBe(0);
  });

  test("mark all read: the counter falls to 0, later ones stay unread", async () => {
    const t = newTest();
    const user = await createUser(t);
    await notify(t, user.userId, 3);
    await user.asUser.mutation(api.notifications.markAllRead, {});
    expect(await unreadCounter(t, user.userId)).toBe(0);
    expect((await notificationsOf(t, user.userId)).every((n) => n.read)).toBe(true);
    await notify(t, user.userId, 1);
    expect(await user.asUser.query(api.notifications.unreadCount, {})).toBe(1);
  });

  test("mark all read takes the ones created in the same millisecond as it", async () => {
    // A frozen clock: every creation time steps past it, as within one real millisecond.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const t = newTest();
      const user = await createUser(t);
      await notify(t, user.userId, 3);
      await user.asUser.mutation(api.notifications.markAllRead, {});
      expect(await unreadCounter(t, user.userId)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test("mark all read past 500 unread continues in scheduled batches", async () => {
    const t = newTest();
    const user = await createUser(t);
    await notify(t, user.userId, 620);
    await user.asUser.mutation(api.notifications.markAllRead, {});
    expect(await unreadCounter(t, user.userId)).toBe(120);
    await t.finishAllScheduledFunctions(() => {});
    expect(await unreadCounter(t, user.userId)).toBe(0);
    expect((await notificationsOf(t, user.userId)).filter((n) => !n.read)).toEqual([]);
  });

  test("an RSVP notifies the host (not the host's own actions)", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana Host" });
    const guest = await createUser(t, { name: "Gus Guest" });
    const { eventId } = await createEvent(t, host, { title: "Pints" });
    expect(await host.asUser.query(api.notifications.unreadCount, {})).toBe(0);
    await rsvp(guest, eventId, "maybe");
    const list = await host.asUser.query(api.notifications.list, page(20));
    expect(list.page).toHaveLength(1);
    expect(list.page[0]).toMatchObject({
      type: "event_rsvp",
      message: 'Gus Guest might come to "Pints"',
      senderName: "Gus Guest",
      read: false,
    });
    expect(await host.asUser.query(api.notifications.unreadCount, {})).toBe(1);
  });

  test("a deleted account's notifications go, and those it sent leave others' counters right", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana Host" });
    const guest = await createUser(t, { name: "Gus Guest" });
    const { eventId } = await createEvent(t, host, { title: "Pints" });
    await rsvp(guest, eventId, "going");
    await notify(t, guest.userId, 2);
    expect(await unreadCounter(t, host.userId)).toBe(1);
    await guest.asUser.mutation(api.account.deleteMine, { confirmation: "delete" });
    await t.finishAllScheduledFunctions(() => {});
    expect(await notificationsOf(t, guest.userId)).toEqual([]);
    expect(await unreadCounter(t, guest.userId)).toBeNull();
    const hostRows = await notificationsOf(t, host.userId);
    expect(hostRows.filter((n) => !n.read).length).toBe(await unreadCounter(t, host.userId));
  });
});

describe("the sender's face", () => {
  const AVATARS = {
    pub: "https://img.example/pub.png",
    pia: "https://img.example/pia-private.png",
    cody: "https://img.example/cody-crew.png",
  };

  /** A host and three guests whose RSVPs notify her: public, private and crew_only, each with an avatar. */
  async function world() {
    const t = newTest();
    const host = await createUser(t, { name: "Hana Host" });
    const pub = await createUser(t, {
      profile: { displayName: "Pub Public", avatarUrl: AVATARS.pub, profileVisibility: "public" },
    });
    const pia = await createUser(t, {
      profile: { displayName: "Pia Private", avatarUrl: AVATARS.pia, profileVisibility: "private" },
    });
    const cody = await createUser(t, {
      profile: {
        displayName: "Cody Crew",
        avatarUrl: AVATARS.cody,
        profileVisibility: "crew_only",
      },
    });
    const { eventId } = await createEvent(t, host, { title: "Pints" });
    for (const guest of [pub, pia, cody]) await rsvp(guest, eventId, "going");
    return { t, host, pub, pia, cody };
  }

  async function rsvpNotificationFrom(viewer: TestUser, name: string) {
    const list = await viewer.asUser.query(api.notifications.list, page(20));
    const found = list.page.find((n) => n.type === "event_rsvp" && n.message.startsWith(name));
    if (found === undefined) throw new Error(`No RSVP notification from ${name}`);
    return found;
  }

  test("the avatar follows the sender's profile visibility, as the viewer may see it when shown", async () => {
    const { t, host, cody } = await world();
    expect(await rsvpNotificationFrom(host, "Pub Public")).toMatchObject({
      senderName: "Pub Public",
      senderAvatar: AVATARS.pub,
    });
    // Private and crew_only (no crew shared): the name, never the photo — not even in `data`.
    for (const name of ["Pia Private", "Cody Crew"]) {
      expect(await rsvpNotificationFrom(host, name)).toMatchObject({
        senderName: name,
        senderAvatar: null,
      });
    }
    const list = await host.asUser.query(api.notifications.list, page(20));
    expect(JSON.stringify(list)).not.toContain(AVATARS.pia);
    expect(JSON.stringify(list)).not.toContain(AVATARS.cody);

    // Crew mates see a crew_only sender's photo on the notification already there.
    const crewId = await createCrew(host);
    await addCrewMembers(host, crewId, cody);
    expect((await rsvpNotificationFrom(host, "Cody Crew")).senderAvatar).toBe(AVATARS.cody);
    expect(await t.query(api.notifications.list, page(20))).toMatchObject({ page: [] });
  });

  test("an old notification shows the sender's current name and avatar, and none once it is removed", async () => {
    const { t, host, pub } = await world();
    const replaced = "https://img.example/pub-new.png";
    await t.run(async (ctx) => {
      await ctx.db.patch("user_profiles", pub.profile!._id, {
        avatarUrl: replaced,
        displayName: "Pub Renamed",
      });
    });
    const shown = await rsvpNotificationFrom(host, "Pub Public");
    expect(shown).toMatchObject({ senderName: "Pub Renamed", senderAvatar: replaced });

    await pub.asUser.mutation(api.profiles.removeAvatar, {});
    expect((await rsvpNotificationFrom(host, "Pub Public")).senderAvatar).toBeNull();
  });

  test("an uploaded avatar is served from storage, and no avatar is copied onto the notification", async () => {
    const { t, host, pub } = await world();
    const storageId = await storeFile(t, { header: FILE_HEADERS.png });
    await t.run(async (ctx) => {
      await ctx.db.patch("user_profiles", pub.profile!._id, {
        avatarStorageId: storageId,
        avatarUrl: null,
      });
    });
    const url = await t.run(async (ctx) => await ctx.storage.getUrl(storageId));
    expect((await rsvpNotificationFrom(host, "Pub Public")).senderAvatar).toBe(url);
    for (const row of await notificationsOf(t, host.userId)) {
      expect(row.data).not.toHaveProperty("senderAvatar");
    }
  });

  test("a row stored with a copy of the sender's avatar shows the face as it is now, not the copy", async () => {
    const { t, host, pia } = await world();
    await t.run(async (ctx) => {
      await ctx.db.insert("notifications", {
        userId: host.userId,
        type: "event_rsvp",
        title: "New RSVP",
        message: "Pia Private is coming",
        data: { senderName: "Pia Private", senderAvatar: AVATARS.pia, timestamp: Date.now() },
        read: false,
        senderId: pia.userId,
        invitationKey: null,
        crewId: null,
        eventId: null,
        createdAt: Date.now(),
      });
    });
    const list = await host.asUser.query(api.notifications.list, page(20));
    expect(list.page[0]).toMatchObject({ message: "Pia Private is coming", senderAvatar: null });
    expect(JSON.stringify(list)).not.toContain(AVATARS.pia);
  });

  test("a page reads each sender's profile once", async () => {
    const t = newTest();
    const host = await createUser(t);
    const pub = await createUser(t, { profile: { profileVisibility: "public" } });
    const { eventId } = await createEvent(t, host);
    for (const status of ["going", "maybe", "not_going", "going", "maybe"] as const) {
      await rsvp(pub, eventId, status);
    }
    const rows = (await notificationsOf(t, host.userId)).length;
    expect(rows).toBe(5);
    const { documentsRead: read } = await documentsRead(
      t,
      api.notifications.list,
      page(20),
      `${host.userId}|${host.sessionId}`,
    );
    // The page's rows, the sender's profile once; nothing per row beyond the row itself.
    expect(read).toBeLessThanOrEqual(rows + 2);
  });
});
