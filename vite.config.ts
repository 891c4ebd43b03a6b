import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { prerender, serveAppShell } from "./scripts/lib/vitePrerender.ts";
import { webApp } from "./scripts/lib/viteWebApp.ts";
import { APP_DESCRIPTION, BRAND_BACKGROUND, DEFAULT_TITLE } from "./shared/brand.ts";

/** Fills the %BRAND_…% placeholders in index.html so the brand stays in shared/brand.ts. */
function brandHtml(): Plugin {
  return {
    name: "clink-brand-html",
    transformIndexHtml: (html) =>
      html
        .replaceAll("%BRAND_TITLE%", DEFAULT_TITLE)
        .replaceAll("%BRAND_DESCRIPTION%", APP_DESCRIPTION)
        .replaceAll("%BRAND_BACKGROUND%", BRAND_BACKGROUND),
  };
}

/** date-fns and the rules built on it (shared/eventTiming.ts, shared/eventMeta.ts). */
const DATE_MODULES =
  /node_modules[\\/](date-fns|@date-fns[\\/]tz)[\\/]|[\\/]shared[\\/](eventTiming|eventMeta)\.ts$/;

/**
 * What keeps things on the device (IndexedDB through idb): the outbox of queued taps, which the
 * session page uses as it renders, and the device copy's store, loaded once data is shown.
 */
const DEVICE_STORAGE_MODULES =
  /node_modules[\\/]idb[\\/]|src[\\/]lib[\\/]offline[\\/](outbox[\\/](outbox|outboxStore|sender|queuedActions|useOutbox)|store)\.ts$/;

/**
 * The session page's parts that other screens (the legacy page, a debug page) import too: left
 * alone, each became a chunk of its own, fetched one after another by the session page.
 */
const EVENT_PAGE_PARTS =
  /src[\\/]features[\\/]events[\\/]page[\\/](JoinControls|AttendeeList|queuedRsvp|useQueuedRsvp)\.tsx?$/;

/** A session's card, cover, badges and copy, and the small pieces every session screen uses. */
const SESSION_VIEW_MODULES = new RegExp(
  [
    String.raw`src[\\/]features[\\/]events[\\/]components[\\/](EventCard|EventCover|defaultCovers|EventBadges|icons|vibeStyles|AvatarStack)\.tsx?$`,
    String.raw`src[\\/]features[\\/]events[\\/]lib[\\/]links\.ts$`,
    String.raw`shared[\\/](eventCopy|eventOptions|eventAccess|eventMessages|drinks|errors|notificationRules|pageMeta)\.ts$`,
    String.raw`src[\\/]components[\\/]ui[\\/](Spinner|StatePanel|DialogSkeleton|WaitingMark|ClockIcon|NeedsNetworkNote|SectionCard|SegmentedControl|screenIcons|AcceptDeclineButtons)\.tsx$`,
    // Reading through the device copy, and knowing whether the network is there.
    String.raw`src[\\/]lib[\\/]offline[\\/](useCachedQuery|useConnectionLost|connectionWatch|useNetworkNeeded|networkNeed)\.ts$`,
    String.raw`src[\\/]features[\\/]events[\\/]lazyDialogs\.ts$`,
    String.raw`src[\\/]lib[\\/](lazyDialog\.tsx|useGoBack\.ts|usePersistentChoice\.ts|useDocumentMeta\.ts|useNow\.ts|viewerTimeZone\.ts|feedback[\\/]index\.ts)$`,
  ].join("|"),
);

export default defineConfig({
  plugins: [react(), tailwindcss(), brandHtml(), webApp(), prerender(), serveAppShell()],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      // The app's imports of the rules it shares with the server, and of the server's API.
      "@shared": fileURLToPath(new URL("./shared", import.meta.url)),
      "@convex": fileURLToPath(new URL("./convex", import.meta.url)),
    },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page runs, in one chunk: left alone, Rolldown split them (and a
          // few small app modules) into a dozen chunks that compress worse (~2.5 KB gzip more
          // on the first page). Only packages the entry loads anyway belong here.
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|convex|@convex-dev[\\/]auth)[\\/]/,
            },
            // The app modules every page runs, in one chunk too: left alone, the ones lazy screens
            // also import became a dozen tiny chunks of their own (~2.6 KB gzip more on `/`).
            {
              name: "app",
              tags: ["$initial"],
              test: (id) => !id.includes("node_modules"),
            },
            // What the pages showing sessions (discover, an event, profiles, your sessions) all
            // run, in two chunks instead of a dozen: over HTTP/1.1 a phone fetches six files at a
            // time from one host, and each further six cost another round trip.
            { name: "dates", test: DATE_MODULES },
            { name: "session-views", test: SESSION_VIEW_MODULES },
            { name: "device-storage", test: DEVICE_STORAGE_MODULES },
            { name: "event-page", test: EVENT_PAGE_PARTS },
          ],
        },
      },
    },
  },
  // A `--port` flag on the command line overrides this default.
  server: { port: 5173 },
});
