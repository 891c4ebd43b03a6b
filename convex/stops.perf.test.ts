// @vitest-environment node
/**
 * The stops query's bound, measured with convex-test's transaction metrics
 * (`documentsRead` from perf.workload.ts): a crawl of 12 stops on a session
 * with 200 people going reads the event, the viewer's rows, the crawl row and
 * the 12 stops, whoever asks, and no more as the session grows.
 */
import { beforeAll, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { documentsRead } from "./perf.workload";
import { STOPS_MAX } from "../shared/stopRules";
import {
  createEvent,
  createUser,
  newTest,
  rsvp,
  stubDeploymentEnv,
  type TestUser,
} from "./test.setup";

const t = newTest();
const GOING = 200;
let eventId: Id<"events">;
let host: TestUser;
let guest: TestUser;

beforeAll(async () => {
  stubDeploymentEnv();
  host = await createUser(t, { name: "Host" });
  guest = await createUser(t, { name: "Guest" });
  ({ eventId } = await createEvent(t, host, { durationType: "now" }));
  await rsvp(guest, eventId);
  await t.run(async (ctx) => {
    // People going, as copies of the host's participant row.
    const host = await ctx.db
      .query("event_participants")
      .withIndex("by_event", (q) => q.eq("eventId", eventId))
      .first();
    const { _id, _creationTime, ...row } = host!;
    for (let i = 0; i < GOING; i++) {
      const userId = await ctx.db.insert("users", { email: `going${i}@example.com` });
      await ctx.db.insert("event_participants", { ...row, userId });
    }
  });
  for (let i = 0; i < STOPS_MAX; i++) {
    await host.asUser.mutation(api.stops.add, {
      eventId,
      name: `Bar ${i + 1}`,
      place: null,
      plannedTime: null,
    });
  }
}, 120_000);

test("the stops query reads at most 18 documents with 12 stops and 200 people going", async () => {
  const figures: Record<string, number> = {};
  for (const [who, user] of [
    ["anonymous", null],
    ["guest", guest],
    ["host", host],
  ] as const) {
    const subject = user === null ? undefined : `${user.userId}|${user.sessionId}`;
    const measured = await documentsRead(t, api.stops.list, { eventId }, subject);
    expect((measured.result as { stops: unknown[] }).stops).toHaveLength(STOPS_MAX);
    figures[who] = measured.documentsRead;
  }
  console.log("stops.list documents read:", JSON.stringify(figures));
  for (const read of Object.values(figures)) expect(read).toBeLessThanOrEqual(18);
});
