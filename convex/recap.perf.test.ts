// @vitest-environment node
/**
 * Issue 5's performance target, measured with convex-test's transaction
 * metrics (`documentsRead` from perf.workload.ts): with 1,000 comments (by
 * 100 authors, a third with reactions) and 500 photos on one past event,
 * the first page of comments and of photos reads at most 60 documents each,
 * as a visitor, an attendee who reacted and the host; the recap card too.
 */
import { beforeAll, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { documentsRead } from "./perf.workload";
import { createEvent, createUser, HOUR, newTest, rsvp, stubDeploymentEnv, type TestUser } from "./test.setup";

const t = newTest();
const COMMENTS = 1_000;
const PHOTOS = 500;
const AUTHORS = 100;
let eventId: Id<"events">;
let host: TestUser;
let guest: TestUser;

beforeAll(async () => {
  stubDeploymentEnv();
  host = await createUser(t, { name: "Host" });
  guest = await createUser(t, { name: "Guest" });
  ({ eventId } = await createEvent(t, host, { startTime: Date.now() + HOUR }));
  await rsvp(guest, eventId);
  const authors: Id<"users">[] = [];
  for (let i = 0; i < AUTHORS; i++) authors.push((await createUser(t, { name: `Author ${i}` })).userId);
  await t.run(async (ctx) => {
    const startTime = Date.now() - 5 * HOUR;
    await ctx.db.patch("events", eventId, { startTime, endTime: startTime + 4 * HOUR, commentCount: COMMENTS, photoCount: PHOTOS });
    for (let i = 0; i < COMMENTS; i++) {
      const reacted = i % 3 === 0;
      const commentId = await ctx.db.insert("event_comments", {
        eventId,
        userId: authors[i % AUTHORS],
        content: `Comment ${i}`,
        reactionCounts: reacted ? { beers: 1, fire: 1 } : {},
        reactionTotal: reacted ? 2 : 0,
      });
      if (reacted) {
        await ctx.db.insert("event_comment_reactions", { commentId, eventId, userId: guest.userId, reaction: "🍻" });
        await ctx.db.insert("event_comment_reactions", { commentId, eventId, userId: host.userId, reaction: "🔥" });
      }
    }
    for (let i = 0; i < PHOTOS; i++) {
      const storageId = await ctx.storage.store(new Blob([new Uint8Array([0xff, 0xd8, 0xff, i % 256])]));
      await ctx.db.insert("event_photos", {
        eventId,
        uploadedBy: authors[i % AUTHORS],
        storageId,
        caption: `Photo ${i}`,
        createdAt: Date.now(),
      });
    }
  });
  return () => vi.unstubAllEnvs();
}, 300_000);

type Page = { page: unknown[] };

describe("recap reads at volume", () => {
  test("the first page of comments and of photos reads at most 60 documents", async () => {
    const figures: Record<string, { documentsRead: number; items: number }> = {};
    const viewers = [
      ["anonymous", undefined],
      ["attendee", guest.asUser],
      ["host", host.asUser],
    ] as const;
    for (const [who] of viewers) {
      const subject = who === "anonymous" ? undefined : `${(who === "host" ? host : guest).userId}|${(who === "host" ? host : guest).sessionId}`;
      const paginationOpts = { numItems: 20, cursor: null };
      const comments = await documentsRead(t, api.comments.list, { eventId, paginationOpts }, subject);
      figures[`comments (${who})`] = { documentsRead: comments.documentsRead, items: (comments.result as Page).page.length };
      const photos = await documentsRead(t, api.photos.list, { eventId, paginationOpts }, subject);
      figures[`photos (${who})`] = { documentsRead: photos.documentsRead, items: (photos.result as Page).page.length };
      const recap = await documentsRead(t, api.recap.get, { eventId }, subject);
      figures[`recap (${who})`] = { documentsRead: recap.documentsRead, items: 1 };
      // A page asking for more than allowed is clamped.
      const big = await documentsRead(t, api.comments.list, { eventId, paginationOpts: { numItems: 500, cursor: null } }, subject);
      figures[`comments, 500 asked (${who})`] = { documentsRead: big.documentsRead, items: (big.result as Page).page.length };
    }
    console.log("recap documents read:", JSON.stringify(figures, null, 1));
    for (const [name, figure] of Object.entries(figures)) {
      expect({ name, ok: figure.documentsRead <= 60 }).toEqual({ name, ok: true });
    }
    expect(figures["comments (attendee)"].items).toBe(20);
    expect(figures["photos (anonymous)"].items).toBe(20);
  }, 120_000);
});
