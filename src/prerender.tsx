/**
 * Build-time only (scripts/lib/vitePrerender.ts): the HTML the first paint shows before any
 * JavaScript runs. Renders the same tree as main.tsx, with a memory router at the given path.
 */
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { AppRoot } from "@/app/AppRoot";

const appAt = (path: string) => (
  <AppRoot
    Router={({ children }: { children?: ReactNode }) => (
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    )}
  />
);

/** The landing page as a visitor first sees it, its lazy parts loaded; main.tsx hydrates it. */
export async function renderLanding(): Promise<string> {
  // One piece, nothing outlined: the HTML paints complete without React's inline swap scripts.
  const { prelude } = await prerender(appAt("/"), {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return await new Response(prelude).text();
}

/**
 * The frame of every other page: nav bar, the page skeleton, footer. Rendered at a path no
 * screen claims, without waiting for lazy screens, so the skeleton stands in for the page.
 */
export function renderAppShell(): string {
  return renderToString(appAt("/__app-shell"));
}
