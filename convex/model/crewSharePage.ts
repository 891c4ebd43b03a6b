/**
 * The crew share page that link previews read: crawlers run no JavaScript, so
 * `/share/crew/{crewId}` on the site (an HTTP action) answers with the crew's
 * title, description and Open Graph and Twitter tags (shared/crewMeta.ts), and
 * sends browsers on to the crew page, as events' share pages do. A private
 * crew gets generic tags only: anyone may fetch the page.
 */
import type { QueryCtx } from "../_generated/server";
import { crewPageMeta, type MetaCrew } from "../../shared/crewMeta";
import { canViewCrew, crewPath } from "../../shared/crewRules";
import { shareLandingHtml } from "../../shared/pageMeta";
import { notFoundMeta, withRedirectScript } from "./sharePage";

/** What the share page may say about a crew: everything for a public one, nothing for a private one. */
export type CrewSharePreview =
  | { kind: "missing" }
  | { kind: "private"; crewId: string }
  | { kind: "public"; crewId: string; crew: Omit<MetaCrew, "url"> };

export async function crewSharePreview(ctx: QueryCtx, segment: string): Promise<CrewSharePreview> {
  const crewId = ctx.db.normalizeId("crews", segment.trim());
  const crew = crewId === null ? null : await ctx.db.get("crews", crewId);
  if (crew === null) return { kind: "missing" };
  // Judged as for someone signed out: that is who fetches a link preview.
  if (!canViewCrew(crew, null)) return { kind: "private", crewId: crew._id };
  return {
    kind: "public",
    crewId: crew._id,
    crew: {
      name: crew.name,
      description: crew.description,
      vibe: crew.vibe,
      memberCount: crew.memberCount,
      isPublic: true,
    },
  };
}

/** Placeholders for a private or unknown crew: `crewPageMeta` reveals none of them. */
const UNDISCLOSED: Omit<MetaCrew, "url" | "isPublic"> = {
  name: "",
  description: null,
  vibe: "other",
  memberCount: 0,
};

/**
 * The share page's HTML and status. `segment` is what followed /share/crew/; `search` the
 * request's query string, passed on by the script redirect (the canonical URL stays clean).
 */
export function crewSharePageHtml(
  preview: CrewSharePreview,
  segment: string,
  siteUrl: string,
  search: string,
): { status: number; html: string } {
  const site = siteUrl.replace(/\/+$/, "");
  const path = crewPath(preview.kind === "missing" ? encodeURIComponent(segment) : preview.crewId);
  const url = `${site}${path}`;
  const target = `${url}${search}`;
  if (preview.kind === "public") {
    const meta = crewPageMeta({ ...preview.crew, url }, { siteUrl: site });
    return { status: 200, html: withRedirectScript(shareLandingHtml(meta), target) };
  }
  const meta = crewPageMeta({ ...UNDISCLOSED, isPublic: false, url }, { siteUrl: site });
  if (preview.kind === "private") {
    return { status: 200, html: withRedirectScript(shareLandingHtml(meta), target) };
  }
  return {
    status: 404,
    html: withRedirectScript(shareLandingHtml(notFoundMeta(meta, "Crew not found")), target),
  };
}
