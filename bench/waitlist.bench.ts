/**
 * `npm run bench:waitlist`: never overbooked. The local backend runs `convex/`; a host's
 * session has 10 free spots, and 50 signed-in people press Join at the same moment, each over
 * HTTP from a client of their own. Convex mutations are serialisable, so the check and the
 * admission in `events.join` are one transaction: exactly 10 must be going and the other 40
 * waitlisted in the order their joins committed (places 1–40, each once). Prints the figures
 * and exits non-zero when a rule is broken.
 *
 * `BENCH_JOINERS` (default 50) and `BENCH_FREE` (10) change the load.
 */
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { importPKCS8, SignJWT } from "jose";
import { startLocalBackend } from "../local-backend/server.ts";
import { removeDir, tempDataDir } from "../local-backend/test/harness.ts";

const JOINERS = Number(process.env.BENCH_JOINERS ?? 50);
const FREE = Number(process.env.BENCH_FREE ?? 10);
const BASE_PORT = 3760;
const projectDir = path.resolve(import.meta.dirname, "..");

const dataDir = tempDataDir();
const backend = await startLocalBackend({
  projectDir,
  dataDir,
  port: BASE_PORT,
  sitePort: BASE_PORT + 1,
  appUrl: `http://localhost:${BASE_PORT + 2}`,
  watch: false,
  log: () => {},
});

const privateKey = await importPKCS8(process.env.JWT_PRIVATE_KEY!, "RS256");
const tokenFor = (userId: string) =>
  new SignJWT({ sub: `${userId}|bench` })
    .setProtectedHeader({ alg: "RS256" })
    .setIssuedAt()
    .setIssuer(backend.siteUrl)
    .setAudience("convex")
    .setExpirationTime("1h")
    .sign(privateKey);

const [hostId, ...joinerIds] = await backend.engine.runInTransaction(async (ctx) => {
  const ids: string[] = [];
  for (let i = 0; i <= JOINERS; i++)
    ids.push(
      await ctx.db.insert("users", { email: `waitlist${i}@example.com`, name: `Joiner ${i}` }),
    );
  return ids;
});

const clientFor = async (userId: string) => {
  const client = new ConvexHttpClient(backend.cloudUrl);
  client.setAuth(await tokenFor(userId));
  return client;
};
const create = makeFunctionReference<"mutation">("events:create");
const join = makeFunctionReference<"mutation">("events:join");
const get = makeFunctionReference<"query">("events:get");

// The host takes one seat: a capacity of FREE + 1 leaves FREE free.
const host = await clientFor(hostId);
const { eventId } = (await host.mutation(create, {
  title: "Last spots",
  durationType: "specific_time",
  startTime: Date.now() + 2 * 3600_000,
  drinkType: "beer",
  vibe: "casual",
  isPublic: true,
  timeZone: "UTC",
  capacity: FREE + 1,
})) as { eventId: string };

const joiners = await Promise.all(joinerIds.map(clientFor));
const started = performance.now();
type Outcome = { status: "going" } | { status: "waitlisted"; place: number };
const outcomes = (await Promise.all(
  joiners.map((client) => client.mutation(join, { eventId })),
)) as Outcome[];
const elapsed = performance.now() - started;

const going = outcomes.filter((o) => o.status === "going").length;
const places = outcomes
  .flatMap((o) => (o.status === "waitlisted" ? [o.place] : []))
  .sort((a, b) => a - b);
const page = (await host.query(get, { slugOrCodeOrId: eventId })) as {
  event: { attendeeCount: number; capacity: number; waitlistCount: number };
};

const placesInOrder = places.every((place, i) => place === i + 1);
console.log(
  `${JOINERS} parallel joins on a session with ${FREE} free spots (capacity ${FREE + 1}, the host in)`,
);
console.log(
  `  all answered in ${elapsed.toFixed(0)} ms (${(elapsed / JOINERS).toFixed(1)} ms a join)`,
);
console.log(`  admitted (going):      ${going}`);
console.log(
  `  waitlisted:            ${places.length}, places ${places[0] ?? "-"}–${places.at(-1) ?? "-"}${placesInOrder ? ", each once, in order" : " (NOT 1..n)"}`,
);
console.log(
  `  stored counters:       ${page.event.attendeeCount} / ${page.event.capacity} going · ${page.event.waitlistCount} waiting`,
);

const ok =
  going === FREE &&
  places.length === JOINERS - FREE &&
  placesInOrder &&
  page.event.attendeeCount === FREE + 1 &&
  page.event.waitlistCount === JOINERS - FREE;
await backend.stop();
removeDir(dataDir);
console.log(ok ? "Never overbooked: exactly the free spots were taken." : "RULE BROKEN");
process.exit(ok ? 0 : 1);
