import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  checkConvexDeploy,
  installedConvexVersion,
  MIRRORED_CONVEX_VERSION,
  type DeployGuardReport,
  type Rule,
} from "./lib/convexDeployGuard.ts";

const repoRoot = resolve(import.meta.dirname, "..");

const messages = (report: DeployGuardReport, rule: Rule) =>
  report.violations
    .filter((violation) => violation.rule === rule)
    .map((violation) => violation.message);
const files = (report: DeployGuardReport, rule: Rule) =>
  [
    ...new Set(report.violations.filter((violation) => violation.rule === rule).map((v) => v.file)),
  ].sort();

describe("convex/ as `npx convex deploy` bundles it", () => {
  let report: DeployGuardReport;
  beforeAll(async () => {
    report = await checkConvexDeploy({ projectRoot: repoRoot });
  }, 60_000);

  test("the bundler options are mirrored from the installed convex version", () => {
    // On a convex upgrade: compare scripts/lib/convexDeployGuard.ts with the package's
    // dist/esm/bundler (index.js, debugBundle.js), then move the version there.
    expect(installedConvexVersion()).toBe(MIRRORED_CONVEX_VERSION);
  });

  test("the guard sees the functions (it is not passing on an empty analysis)", () => {
    expect(report.modules.length).toBeGreaterThan(50);
    expect(report.modules.flatMap((module) => module.functions).length).toBeGreaterThan(150);
    expect(report.modules.find((module) => module.module === "pushDelivery.ts")?.environment).toBe(
      "node",
    );
    expect(report.sources).toContain("convex/model/emails.ts");
    // Tests and workloads (more than one dot in the name) are not deployed.
    expect(report.sources.some((source) => /\.(test|workload)\.ts$/.test(source))).toBe(false);
  });

  test("the CLI would bundle and accept every module, and each one loads", () => {
    expect(messages(report, "deploy-refused")).toEqual([]);
    expect(messages(report, "module-fails-to-load")).toEqual([]);
  });

  test("no Node built-in reaches the default runtime", () => {
    expect(messages(report, "node-builtin-in-default-runtime")).toEqual([]);
  });

  test('no query or mutation is defined in a "use node" file', () => {
    expect(messages(report, "query-or-mutation-in-node-file")).toEqual([]);
  });

  test("every public query, mutation and action validates its arguments", () => {
    expect(messages(report, "public-function-without-args-validator")).toEqual([]);
  });

  test("scheduled and nested calls target internal functions", () => {
    expect(messages(report, "call-targets-public-function")).toEqual([]);
  });

  test("no module that defines a query or mutation loads e-mail rendering", () => {
    // React Email's renderer needs timers, which queries and mutations do not have: templates are
    // rendered in emailDelivery.ts (actions only); mutations import emailTemplates/templates.ts.
    expect(messages(report, "email-rendering-with-query-or-mutation")).toEqual([]);
  });
});

// Each rule is shown to fire on a small project in a temporary directory, next to the real
// node_modules, and a project that breaks none stays clean.
describe("the guard fires", () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  const GENERATED: Record<string, string> = {
    "_generated/server.ts": `export {
  queryGeneric as query, internalQueryGeneric as internalQuery,
  mutationGeneric as mutation, internalMutationGeneric as internalMutation,
  actionGeneric as action, internalActionGeneric as internalAction,
  httpActionGeneric as httpAction,
} from "convex/server";`,
    "_generated/api.ts": `import { anyApi, componentsGeneric } from "convex/server";
export const api = anyApi;
export const internal = anyApi;
export const components = componentsGeneric();`,
  };

  async function check(sources: Record<string, string>): Promise<DeployGuardReport> {
    const root = mkdtempSync(join(tmpdir(), "convex-deploy-guard-fixture-"));
    roots.push(root);
    symlinkSync(join(repoRoot, "node_modules"), join(root, "node_modules"), "dir");
    for (const [path, source] of Object.entries({ ...GENERATED, ...sources })) {
      const file = join(root, "convex", path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, source);
    }
    return await checkConvexDeploy({ projectRoot: root });
  }

  test("on nothing in a project that keeps every rule", async () => {
    const report = await check({
      "messages.ts": `import { v } from "convex/values";
import type { FunctionReference } from "convex/server";
import { internal } from "./_generated/api";
import { action, internalMutation, internalQuery, mutation, query } from "./_generated/server";
export const list = query({ args: {}, handler: async () => [] });
export const send = mutation({
  args: { body: v.string() },
  handler: async (ctx, { body }) => {
    await ctx.scheduler.runAfter(0, internal.messages.store, { body });
    const later = internal.messages.store;
    await ctx.scheduler.runAt(Date.now(), later, { body });
  },
});
export const store = internalMutation({ handler: async () => {} });
export const count = internalQuery(async () => 0);
async function run(ctx: { runMutation: (ref: any, args: object) => Promise<unknown> }, ref: FunctionReference<"mutation", "internal">) {
  await ctx.runMutation(ref, {});
}
export const relay = action({
  args: { body: v.string() },
  handler: async (ctx, { body }) => {
    await ctx.runQuery(internal.messages.count, {});
    await run(ctx, internal.messages.store);
    await ctx.runAction(internal.mailer.deliver, { body });
  },
});`,
      // Node built-ins and e-mail rendering are fine in Node actions and in action-only modules.
      "mailer.ts": `"use node";
import { createHash } from "node:crypto";
import { render } from "@react-email/render";
import { v } from "convex/values";
import { internalAction } from "./_generated/server";
export const deliver = internalAction({
  args: { body: v.string() },
  handler: async (_ctx, { body }) => createHash("sha256").update(await render(body)).digest("hex"),
});`,
      "preview.ts": `import { render } from "@react-email/render";
import { v } from "convex/values";
import { action } from "./_generated/server";
export const preview = action({ args: { body: v.string() }, handler: async (_ctx, { body }) => await render(body) });`,
      "http.ts": `import { httpRouter } from "convex/server";
import { httpAction } from "./_generated/server";
const http = httpRouter();
http.route({ path: "/ping", method: "GET", handler: httpAction(async () => new Response("pong")) });
export default http;`,
      // Not deployed: more than one dot in the name.
      "messages.test.ts": `import { api } from "./_generated/api";
export const call = (ctx: { runMutation: (ref: unknown) => void }) => ctx.runMutation(api.messages.send);`,
    });
    expect(report.violations).toEqual([]);
    expect(report.modules.map((module) => `${module.module} ${module.environment}`).sort()).toEqual(
      ["http.ts isolate", "mailer.ts node", "messages.ts isolate", "preview.ts isolate"],
    );
  }, 30_000);

  test("on a Node built-in reaching the default runtime, directly or through a helper", async () => {
    const report = await check({
      "hashing.ts": `import { createHash } from "node:crypto";
import { internalAction } from "./_generated/server";
export const hash = internalAction(async () => createHash("sha256").digest("hex"));`,
      "files.ts": `import { read } from "./model/read";
import { internalAction } from "./_generated/server";
export const load = internalAction(async () => read());`,
      "model/read.ts": `import { readFileSync } from "fs";
export const read = () => readFileSync("/etc/hostname", "utf8");`,
    });
    expect(files(report, "node-builtin-in-default-runtime")).toEqual([
      "hashing.ts",
      "model/read.ts",
    ]);
  }, 30_000);

  test('on a query or mutation in a "use node" file', async () => {
    const report = await check({
      "nodeStuff.ts": `"use node";
import { v } from "convex/values";
import { internalAction, internalQuery, mutation } from "./_generated/server";
export const fine = internalAction({ args: {}, handler: async () => {} });
export const read = internalQuery({ args: {}, handler: async () => null });
export const write = mutation({ args: { n: v.number() }, handler: async () => {} });`,
    });
    expect(messages(report, "query-or-mutation-in-node-file")).toEqual([
      expect.stringContaining("nodeStuff:read (internal query)"),
      expect.stringContaining("nodeStuff:write (public mutation)"),
    ]);
  }, 30_000);

  test("on a public function without an args validator", async () => {
    const report = await check({
      "open.ts": `import { v } from "convex/values";
import { action, httpAction, internalMutation, mutation, query } from "./_generated/server";
export const list = query({ handler: async () => [] });
export const write = mutation(async () => {});
export const fetchIt = action({ args: v.any(), handler: async () => {} });
export const validated = query({ args: {}, handler: async () => [] });
export const internalOnly = internalMutation({ handler: async () => {} });
export const hook = httpAction(async () => new Response());`,
    });
    expect(messages(report, "public-function-without-args-validator")).toEqual([
      // In export-name order, as a module namespace lists them.
      expect.stringContaining("open:fetchIt is a public action"),
      expect.stringContaining("open:list is a public query"),
      expect.stringContaining("open:write is a public mutation"),
    ]);
  }, 30_000);

  test("on a scheduled or nested call to a public function, or one it cannot resolve", async () => {
    const report = await check({
      "calls.ts": `import { makeFunctionReference } from "convex/server";
import { v } from "convex/values";
import { api } from "./_generated/api";
import * as generated from "./_generated/api";
import { action, mutation } from "./_generated/server";
export const doIt = mutation({ args: {}, handler: async () => {} });
export const schedule = mutation({
  args: {},
  handler: async (ctx) => {
    await ctx.scheduler.runAfter(0, api.calls.doIt, {});
    await ctx.scheduler.runAt(Date.now(), generated.api.calls.doIt, {});
  },
});
export const nest = action({
  args: { n: v.number() },
  handler: async (ctx) => {
    await ctx.runMutation(api.calls.doIt, {});
    const target = api.calls.doIt;
    await ctx.runMutation(target, {});
    await ctx.runAction(api.calls.nest, { n: 1 });
    await ctx.runQuery(makeFunctionReference<"query">("calls:none"), {});
  },
});`,
    });
    expect(messages(report, "call-targets-public-function")).toEqual([
      expect.stringMatching(
        /^calls\.ts:10: ctx\.scheduler\.runAfter\(…api\.calls\.doIt…\) targets a public function/,
      ),
      expect.stringMatching(/^calls\.ts:11: .* targets a public function/),
      expect.stringMatching(
        /^calls\.ts:17: ctx\.runMutation\(…api\.calls\.doIt…\) targets a public function/,
      ),
      expect.stringMatching(
        /^calls\.ts:19: ctx\.runMutation\(…target…\) targets a public function/,
      ),
      expect.stringMatching(
        /^calls\.ts:20: ctx\.runAction\(…api\.calls\.nest…\) targets a public function/,
      ),
      expect.stringMatching(/^calls\.ts:21: .*cannot tell that the target is internal/),
    ]);
  }, 30_000);

  test("on what the CLI would refuse, and on a module that throws while loading", async () => {
    const report = await check({
      "crons.ts": `"use node";
import { cronJobs } from "convex/server";
export default cronJobs();`,
      "broken.ts": `import { missing } from "./nowhere";
export const x = missing;`,
    });
    expect(messages(report, "deploy-refused")).toEqual([
      '"use node" is not allowed in crons.ts',
      expect.stringMatching(/^broken\.ts:1: Could not resolve "\.\/nowhere"/),
    ]);
    // A failed build leaves nothing to load, so the throw gets a project of its own.
    const loading = await check({
      "throws.ts": `import { internalMutation } from "./_generated/server";
throw new Error("boom at load");
export const m = internalMutation({ args: {}, handler: async () => {} });`,
    });
    expect(messages(loading, "module-fails-to-load")).toEqual([
      expect.stringContaining("throws.ts fails to load: Error: boom at load"),
    ]);
  }, 30_000);

  test("on e-mail rendering loaded with a query or mutation, through any chain of imports", async () => {
    const report = await check({
      "emailing.ts": `import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { subjectOf } from "./model/mail";
export const queue = internalMutation({ args: { body: v.string() }, handler: async (_ctx, { body }) => subjectOf(body) });`,
      "model/mail.ts": `import { render } from "@react-email/render";
export const subjectOf = (body: string) => body.slice(0, 10);
export const html = (body: string) => render(body);`,
      "serverRender.ts": `import { renderToString } from "react-dom/server";
import { v } from "convex/values";
import { query } from "./_generated/server";
export const page = query({ args: { body: v.string() }, handler: async (_ctx, { body }) => renderToString(body) });`,
    });
    expect(files(report, "email-rendering-with-query-or-mutation")).toEqual([
      "emailing.ts",
      "serverRender.ts",
    ]);
    expect(messages(report, "email-rendering-with-query-or-mutation")[0]).toContain(
      "convex/emailing.ts → convex/model/mail.ts → @react-email/render",
    );
  }, 30_000);
});
