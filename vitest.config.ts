import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // `npm run test:unit` and friends must pass while a layer has no tests yet.
    passWithNoTests: true,
    projects: [
      {
        // The app's plugins (React) and the `@/` alias, so components test as they build.
        extends: "./vite.config.ts",
        test: {
          name: "unit",
          environment: "node",
          include: ["shared/**/*.test.ts", "src/**/*.test.{ts,tsx}"],
        },
      },
      {
        test: {
          name: "convex",
          // Convex functions run in a V8 isolate, not Node; edge-runtime is the closest match.
          environment: "edge-runtime",
          include: ["convex/**/*.test.ts"],
          server: { deps: { inline: ["convex-test"] } },
          // A test's first call loads the function modules (React Email's renderer among them):
          // over Vitest's 5 s on a busy 2-core machine, though milliseconds once loaded.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "budget",
          environment: "node",
          // Builds the app once and checks its size against scripts/lib/bundleBudget.ts; `npm run size` prints the table.
          include: ["scripts/**/*.test.ts"],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: "local-backend",
          environment: "node",
          include: ["local-backend/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // These tests start real servers; one file at a time keeps ports and CPU free.
          fileParallelism: false,
        },
      },
    ],
  },
});
