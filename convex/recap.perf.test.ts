// @vitest-environment node
/**
 * The recap's performance target, measured with convex-test's transaction
 * metrics (`documentsRead` from perf.workload.ts): with 1,000 comments (by
 * 100 authors, a third with reactions) and 500 photos on one past event,
 * the first page of comments and of photos reads at most 60 documents each,
 * as a visitor, an attendee who reacted and the host; the recap card too.
 * The worst case for comments: a viewer who gave all 7 reactions to each of
 * the first 20 comments (their own reactions are one document per event).
 */
import { beforeAll, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import { REACTIONS } from "../shared/recapRules";
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
let superfan: TestUser;
/** The first comments, each given all 7 reactions by `superfan`. */
const SUPERFAN_COMMENTS = 20;

beforeAll(async () => {
  stubDeploymentEnv();
  host = await createUser(t, { name: "Host" });
  guest = await createUser(t, { name: "Guest" });
  ({ eventId } = await createEvent(t, host, { startTime: Date.now() + HOUR }));
  superfan = await createUser(t, { name: "Superfan" });
  await rsvp(guest, eventId);
  await rsvp(superfan, eventId);
  const authors: Id<"users">[] = [];
  for (let i = 0; i < AUTHORS; i++) authors.push((await createUser(t, { name: `Author ${i}` })).userId);
  await t.run(async (ctx) => {
    const startTime = Date.now() - 5 * HOUR;
    await ctx.db.patch("events", eventId, { startTime, endTime: startTime + 4 * HOUR, commentCount: COMMENTS, photoCount: PHOTOS });
    const maps = new Map<Id<"users">, Record<Id<"event_comments">, Array<(typeof REACTIONS)[number]["key"]>>>();
    for (let i = 0; i < COMMENTS; i++) {
      const given: Array<[Id<"users">, (typeof REACTIONS)[number]]> = [];
      if (i % 3 === 0) given.push([guest.userId, REACTIONS[0]], [host.userId, REACTIONS[6]]);
      if (i < SUPERFAN_COMMENTS) for (const reaction of REACTIONS) given.push([superfan.userId, reaction]);
      const reactionCounts: Record<string, number> = {};
      for (const [, r] of given) reactionCounts[r.key] = (reactionCounts[r.key] ?? 0) + 1;
      const commentId = await ctx.db.insert("event_comments", {
        eventId,
        userId: authors[i % AUTHORS],
        content: `Comment ${i}`,
        reactionCounts,
        reactionTotal: given.length,
      });
      for (const [userId, r] of given) {
        await ctx.db.insert("event_comment_reactions", { commentId, eventId, userId, reaction: r.emoji });
        const byComment = maps.get(userId) ?? {};
        byComment[commentId] = [...(byComment[commentId] ?? []), r.key];
        maps.set(userId, byComment);
      }
    }
    for (const [userId, byComment] of maps) await ctx.db.insert("event_user_reactions", { eventId, userId, byComment });
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
      ["anonymous", null],
      ["attendee", guest],
      ["host", host],
      ["worst-case viewer", superfan],
    ] as const;
    for (const [who, user] of viewers) {
      const subject = user === null ? undefined : `${user.userId}|${user.sessionId}`;
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
    expect(figures["comments (worst-case viewer)"].items).toBe(20);
    // The superfan sees all 7 of their reactions on each comment of the first page.
    const page = (await superfan.asUser.query(api.comments.list, { eventId, paginationOpts: { numItems: 20, cursor: null } })).page;
    expect(page.every((c) => c.reactions.every((r) => r.mine))).toBe(true);
    expect(figures["photos (anonymous)"].items).toBe(20);
  }, 120_000);
});
