import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { prerender, serveAppShell } from "./scripts/lib/vitePrerender.ts";
import { webApp } from "./scripts/lib/viteWebApp.ts";
import { APP_DESCRIPTION, DEFAULT_TITLE } from "./shared/brand.ts";

/** Fills the %BRAND_…% placeholders in index.html so the brand stays in shared/brand.ts. */
function brandHtml(): Plugin {
  return {
    name: "clink-brand-html",
    transformIndexHtml: (html) =>
      html
        .replaceAll("%BRAND_TITLE%", DEFAULT_TITLE)
        .replaceAll("%BRAND_DESCRIPTION%", APP_DESCRIPTION),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), brandHtml(), webApp(), prerender(), serveAppShell()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
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
          ],
        },
      },
    },
  },
  // A `--port` flag on the command line overrides this default.
  server: { port: 5173 },
});
