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
  // A `--port` flag on the command line overrides this default.
  server: { port: 5173 },
});
