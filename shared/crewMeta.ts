/**
 * A crew page's metadata: the '{name} | Clink' title, the crew's
 * description (else who and what it is) cut to 160
 * characters, and Open Graph and Twitter card tags with the default crew image
 * (1200×630). Used by the crew page (document head) and by the server's crew
 * share page, which serves these tags to crawlers that run no JavaScript.
 */
import { APP_NAME, crewPageTitle, pageTitle } from "./brand";
import { CREW_VIBE_OPTIONS, type CrewVibe } from "./crewTexts";
import { socialTags, truncateDescription, type PageMeta } from "./pageMeta";

/**
 * Every crew's link-preview image: a 1200×630 JPEG (link previews show no SVG, and not every
 * app shows WebP), rendered by `scripts/shareImages.ts`.
 */
export const CREW_SHARE_IMAGE_PATH = "/og-default-crew.jpg";

export type MetaCrew = {
  name: string;
  description: string | null;
  vibe: CrewVibe;
  memberCount: number;
  isPublic: boolean;
  /** The crew page, absolute. */
  url: string;
};

/**
 * What a private crew's page says to anyone: a crawler is anyone, and a link to a private crew
 * is often passed around beyond its members, so neither its name nor its description.
 */
const PRIVATE_CREW_META = {
  title: pageTitle("Private Crew"),
  description: `You've been invited to a private crew on ${APP_NAME}. Sign in to see who's in.`,
} as const;

/** The description; failing that, 'A party crew of 4 on Clink. …'. */
export function crewMetaDescription(crew: Pick<MetaCrew, "description" | "vibe" | "memberCount">) {
  const written = crew.description?.trim();
  if (written) return truncateDescription(written);
  const vibe = (CREW_VIBE_OPTIONS[crew.vibe]?.label ?? "").toLowerCase();
  const size = crew.memberCount === 1 ? "1 member" : `${crew.memberCount} members`;
  return truncateDescription(
    `A ${vibe ? `${vibe} ` : ""}crew of ${size} on ${APP_NAME}. Plan the next round together.`,
  );
}

/** The crew share image as an absolute URL. */
function crewImageUrl(siteUrl: string): string {
  return new URL(CREW_SHARE_IMAGE_PATH, siteUrl).toString();
}

/**
 * Everything the page head needs. A private crew reveals nothing (its share page is public to
 * crawlers): a generic title and text, with the same image. No JSON-LD: a crew is no event.
 */
export function crewPageMeta(crew: MetaCrew, options: { siteUrl: string }): PageMeta {
  const imageUrl = crewImageUrl(options.siteUrl);
  if (!crew.isPublic) {
    return {
      ...PRIVATE_CREW_META,
      imageUrl,
      url: crew.url,
      tags: socialTags({
        ...PRIVATE_CREW_META,
        imageUrl,
        url: crew.url,
        imageAlt: PRIVATE_CREW_META.title,
        imageIsShareSized: true,
      }),
      jsonLd: null,
    };
  }
  const description = crewMetaDescription(crew);
  return {
    title: crewPageTitle(crew.name),
    description,
    imageUrl,
    url: crew.url,
    tags: socialTags({
      title: crew.name,
      description,
      imageUrl,
      url: crew.url,
      imageAlt: crew.name,
      imageIsShareSized: true,
    }),
    jsonLd: null,
  };
}
