import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createNotification } from "./model/notifications";
import {
  createEvent,
  createUser,
  newTest,
  notificationsOf,
  rsvp,
  stubDeploymentEnv,
  tableSnapshot,
  unreadCounter,
  type TestConvex,
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
